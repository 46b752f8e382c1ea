import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';
import { passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('ships the 10,000 most common passwords', () => {
    const words = COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean);
    expect(words).toHaveLength(10_000);
    expect(words.slice(0, 2)).toEqual(['123456', 'password']);
  });

  it('refuses a common password, letter case aside and with digits or symbols after it', () => {
    expect(passwordProblem('qwertyuiop')).toBe('validation.passwordCommon');
    expect(passwordProblem('1234567890')).toBe('validation.passwordCommon');
    expect(passwordProblem('Password2024!')).toBe('validation.passwordCommon');
    expect(passwordProblem('Dragon12345')).toBe('validation.passwordCommon');
  });

  it('refuses the username, the e-mail address and its local part', () => {
    const account = { username: 'nina.novak', email: 'Nina.Novak@Example.test' };
    expect(passwordProblem('Nina.Novak', account)).toBe('validation.passwordLikeAccount');
    expect(passwordProblem('nina.novak2024', account)).toBe('validation.passwordLikeAccount');
    expect(passwordProblem('nina.novak@example.test', account)).toBe(
      'validation.passwordLikeAccount',
    );
  });

  it('accepts an uncommon password', () => {
    expect(passwordProblem('correct-horse-battery')).toBeUndefined();
    expect(passwordProblem('a-long-password', { username: 'nina' })).toBeUndefined();
    expect(passwordProblem('dragon-fruit-salad')).toBeUndefined();
  });
});
