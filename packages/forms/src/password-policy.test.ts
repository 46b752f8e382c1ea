import { describe, expect, it } from 'vitest';
import { estimatePassword, passwordProblem } from './password-strength';

// The first estimate builds the dictionaries: slow on a busy machine.
describe('passwordProblem', { timeout: 60_000 }, () => {
  it('refuses a repeated character with the estimator’s warning', () => {
    expect(passwordProblem('aaaaaaaaaa')).toBe('validation.passwordWeak.simpleRepeat');
    expect(estimatePassword('aaaaaaaaaa')).toEqual({
      score: 0,
      isStrongEnough: false,
      warning: 'simpleRepeat',
      suggestions: ['anotherWord', 'repeated'],
    });
  });

  it('refuses common passwords and small variations of them', () => {
    expect(passwordProblem('qwertyuiop')).toBe('validation.passwordWeak.topHundred');
    expect(passwordProblem('1234567890')).toMatch(/^validation\.passwordWeak\./);
    expect(passwordProblem('Password2024!')).toBe('validation.passwordWeak.similarToCommon');
    expect(passwordProblem('Dragon12345')).toMatch(/^validation\.passwordWeak/);
  });

  it('refuses the username, the e-mail address and its local part', () => {
    const account = { username: 'nina.novak', email: 'Nina.Novak@Example.test' };
    expect(passwordProblem('Nina.Novak', account)).toBe('validation.passwordLikeAccount');
    expect(passwordProblem('nina.novak2024', account)).toBe('validation.passwordLikeAccount');
    expect(passwordProblem('nina.novak@example.test', account)).toBe(
      'validation.passwordLikeAccount',
    );
  });

  it('counts the account’s names as known words', () => {
    const account = { username: 'zvezdana.petrovcic', email: 'zp@example.test' };
    expect(estimatePassword('Zvezdana.2024', account)).toMatchObject({
      isStrongEnough: false,
      warning: 'userInputs',
    });
    expect(estimatePassword('Zvezdana.2024').isStrongEnough).toBe(true);
  });

  it('accepts a password that is hard to guess', () => {
    expect(passwordProblem('correct-horse-battery')).toBeUndefined();
    expect(passwordProblem('a-long-password', { username: 'nina' })).toBeUndefined();
    expect(passwordProblem('dragon-fruit-salad')).toBeUndefined();
    expect(estimatePassword('quiet-river-stones')).toMatchObject({ score: 4, warning: undefined });
  });
});
