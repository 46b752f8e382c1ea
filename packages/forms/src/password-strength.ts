import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import {
  accountNames,
  isLikeAccount,
  MIN_PASSWORD_SCORE,
  PASSWORD_PROBLEMS,
  PASSWORD_SUGGESTIONS,
  PASSWORD_WARNINGS,
  passwordWarningKey,
  type PasswordSuggestion,
  type PasswordWarning,
} from './password-policy';

/**
 * The strength of a password by zxcvbn-ts (npm @zxcvbn-ts/core, MIT) with its common-password
 * and English dictionaries. There is no Slovenian dictionary package (docs/security.md).
 * Without a `translations` option the estimator answers its feedback as plain keys, which the
 * catalogue translates (`validation.passwordWeak.*`, `password.suggestion.*`).
 */
const MAX_ESTIMATED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;
const getEstimator = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    // The Levenshtein search over every dictionary costs seconds per password on our
    // machines; the l33t, reversed and dictionary matchers find the common variations.
    useLevenshteinDistance: false,
    // Beyond this length a password is long enough; the estimate's cost grows with it.
    maxLength: MAX_ESTIMATED_LENGTH,
  }));

export interface PasswordEstimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  isStrongEnough: boolean;
  warning: PasswordWarning | undefined;
  suggestions: PasswordSuggestion[];
}

const isWarning = (key: string | null): key is PasswordWarning =>
  (PASSWORD_WARNINGS as readonly (string | null)[]).includes(key);
const isSuggestion = (key: string): key is PasswordSuggestion =>
  (PASSWORD_SUGGESTIONS as readonly string[]).includes(key);

/** How hard the password is to guess, with the account's own names as known words. */
export function estimatePassword(
  password: string,
  account: { username?: string | undefined; email?: string | undefined } = {},
): PasswordEstimate {
  const names = accountNames(account);
  const parts = names.flatMap((name) => name.split(/[^\p{L}\p{N}]+/u)).filter((p) => p.length >= 3);
  const result = getEstimator().check(password, [...new Set([...names, ...parts])]);
  const warning = result.feedback.warning;
  return {
    score: result.score,
    isStrongEnough: result.score >= MIN_PASSWORD_SCORE,
    warning: isWarning(warning) ? warning : undefined,
    suggestions: result.feedback.suggestions.filter(isSuggestion),
  };
}

/**
 * The catalogue key of why a new password is refused, or undefined when it is not: the
 * account's own name, or too easy to guess (the estimator's warning when it gives one).
 * Browser and server run the same check; the server's answer is the one that counts.
 */
export function passwordProblem(
  password: string,
  account: { username?: string | undefined; email?: string | undefined } = {},
): string | undefined {
  if (isLikeAccount(password, account)) return PASSWORD_PROBLEMS.likeAccount;
  const estimate = estimatePassword(password, account);
  if (estimate.isStrongEnough) return undefined;
  return estimate.warning ? passwordWarningKey(estimate.warning) : PASSWORD_PROBLEMS.weak;
}
