import { PASSWORD_MIN_LENGTH } from '@listina/contract';
import { passwordProblem } from '@listina/forms';
import type { TFunction } from '../../app/i18n';

/**
 * The server's password policy checked in the form (packages/forms): a common password or the
 * account's own name, translated; undefined when the password passes (or is too short, which
 * the contract's schema says).
 */
export function newPasswordError(
  password: string,
  account: { username?: string | undefined; email?: string | undefined },
  t: TFunction,
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return undefined;
  const problem = passwordProblem(password, account);
  return problem ? t(problem) : undefined;
}
