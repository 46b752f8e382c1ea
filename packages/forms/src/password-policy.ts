/**
 * The rules of a new password that need no dictionary, and the catalogue keys of a refusal.
 * The strength estimate itself (zxcvbn-ts with its dictionaries, about 1 MB) lives in
 * password-strength.ts, imported as `@listina/forms/password-strength`, so that the browser
 * loads it only on the pages that set a password.
 */

/** The lowest zxcvbn score (0–4) a new password must reach: 3 is "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;

/** Catalogue keys of a refused new password (the minimum length is the contract's own). */
export const PASSWORD_PROBLEMS = {
  likeAccount: 'validation.passwordLikeAccount',
  /** Weak, without a more particular warning from the estimator. */
  weak: 'validation.passwordWeak',
} as const;

/** The estimator's warnings and suggestions (zxcvbn-ts feedback keys). */
export const PASSWORD_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;
export type PasswordWarning = (typeof PASSWORD_WARNINGS)[number];

export const PASSWORD_SUGGESTIONS = [
  'l33t',
  'reverseWords',
  'allUppercase',
  'capitalization',
  'dates',
  'recentYears',
  'associatedYears',
  'sequences',
  'repeated',
  'longerKeyboardPattern',
  'anotherWord',
  'useWords',
  'noNeed',
  'pwned',
] as const;
export type PasswordSuggestion = (typeof PASSWORD_SUGGESTIONS)[number];

/** Catalogue key of a warning: also the code of the server's refusal that names it. */
export const passwordWarningKey = (warning: PasswordWarning) =>
  `validation.passwordWeak.${warning}`;
export const passwordSuggestionKey = (suggestion: PasswordSuggestion) =>
  `password.suggestion.${suggestion}`;

/** The names of the account a password must not be: the username, the address, its local part. */
export function accountNames(account: {
  username?: string | undefined;
  email?: string | undefined;
}): string[] {
  const email = account.email?.trim().toLowerCase() ?? '';
  return [account.username?.trim().toLowerCase() ?? '', email, email.split('@')[0] ?? ''].filter(
    (name) => name.length >= 3,
  );
}

/**
 * Whether the password is the account's own name, also with only digits or symbols after it
 * ("nina.novak2024!"): said in its own words, though the estimator would find it weak too.
 */
export function isLikeAccount(
  password: string,
  account: { username?: string | undefined; email?: string | undefined },
): boolean {
  const lower = password.trim().toLowerCase();
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  return accountNames(account).some((name) => name === lower || name === stem);
}
