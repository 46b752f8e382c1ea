import { PASSWORD_MIN_LENGTH } from '@listina/contract';
import { isLikeAccount, PASSWORD_PROBLEMS } from '@listina/forms';
import type { TFunction } from '../../app/i18n';

/**
 * The server's password rule that needs no dictionary, checked in the form: the account's own
 * name, translated; undefined when the password passes (or is too short, which the contract's
 * schema says). The strength estimate is checked by the server.
 */
export function newPasswordError(
  password: string,
  account: { username?: string | undefined; email?: string | undefined },
  t: TFunction,
): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return undefined;
  return isLikeAccount(password, account) ? t(PASSWORD_PROBLEMS.likeAccount) : undefined;
}
