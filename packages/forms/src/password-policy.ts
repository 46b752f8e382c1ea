import { COMMON_PASSWORDS_TEXT } from './common-passwords';

/** Catalogue keys of a refused new password (the minimum length is the contract's own). */
export const PASSWORD_PROBLEMS = {
  common: 'validation.passwordCommon',
  likeAccount: 'validation.passwordLikeAccount',
} as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[keyof typeof PASSWORD_PROBLEMS];

/** A word left after trailing digits and symbols are cut must be this long to be looked up. */
const MIN_STEM = 4;

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n')));

/** The password without trailing digits and symbols: "Dragon2024!" → "dragon". */
const stemOf = (lower: string) => lower.replace(/[^\p{L}]+$/u, '');

/**
 * Why a new password is refused, or undefined when it is not: it is one of the 10,000 most
 * common passwords (common-passwords.ts), also when only digits or symbols follow one
 * ("password2024!"), letter case aside; or it is the account's username or e-mail address
 * (or the part before the @), again also with digits or symbols after it. Browser and server
 * run the same check.
 */
export function passwordProblem(
  password: string,
  account: { username?: string | undefined; email?: string | undefined } = {},
): PasswordProblem | undefined {
  const lower = password.trim().toLowerCase();
  const stem = stemOf(lower);
  const email = account.email?.trim().toLowerCase() ?? '';
  const own = [
    account.username?.trim().toLowerCase() ?? '',
    email,
    email.split('@')[0] ?? '',
  ].filter((name) => name.length >= 3);
  if (own.some((name) => name === lower || name === stem)) return PASSWORD_PROBLEMS.likeAccount;
  const words = commonPasswords();
  if (words.has(lower) || (stem.length >= MIN_STEM && words.has(stem))) {
    return PASSWORD_PROBLEMS.common;
  }
  return undefined;
}
