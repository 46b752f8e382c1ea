import type { ApiMessage } from '@listina/contract';
import { isApiRequestError } from '../../api/api-error';
import { formatApiError, type Translate } from '../../api/format-error';
import type { FieldMessage, MessageGroup } from '../types';

/**
 * The server's messages about a record, sorted for the form (spec §5, §8): those naming a field
 * go next to it, the others into the summary, grouped as comments, errors, warnings and
 * notifications.
 */

/** One line of the summary. `field` is set when showAll lists a field's message there too. */
export interface SummaryMessage {
  group: MessageGroup;
  text: string;
  field?: string;
}

export interface ServerMessages {
  /** By field path ('code', 'bankAccounts.0.code'). */
  fields: Record<string, FieldMessage>;
  /** Field-less messages, plus field messages whose field the form does not show. */
  general: SummaryMessage[];
}

/** spec §3 validation message, as a record may carry it in `validations`. */
export interface RecordValidation {
  validationCodeTypeCode: MessageGroup;
  validationCode: string;
  validationParameters?: (string | number)[];
  field?: string;
}

export const MESSAGE_GROUPS: readonly MessageGroup[] = [
  'comment',
  'error',
  'warning',
  'notification',
];

export const EMPTY_SERVER_MESSAGES: ServerMessages = { fields: {}, general: [] };

/** 'bankAccounts[0].code' and 'bankAccounts.0.code' both name the same cell. */
export function normalizePath(field: string): string {
  return field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function add(
  result: ServerMessages,
  message: ApiMessage,
  kind: FieldMessage['kind'],
  hasField: (path: string) => boolean,
) {
  const path = message.field ? normalizePath(message.field) : '';
  if (path !== '' && hasField(path)) {
    // The first message of a field wins; it is the one the server found first.
    result.fields[path] ??= {
      text: message.msg,
      kind,
      ...(message.suggestion === undefined ? {} : { suggestion: message.suggestion }),
    };
  } else {
    result.general.push({ group: kind, text: message.msg, ...(path ? { field: path } : {}) });
  }
}

/**
 * Sorts a failed save's messages. `hasField` tells whether the form shows a field for a path;
 * a message for a field it does not show would be invisible, so it goes to the summary.
 * A failure without spec §8 lists becomes one formatted summary error.
 */
export function serverMessagesOf(
  error: unknown,
  t: Translate,
  hasField: (path: string) => boolean,
): ServerMessages {
  if (error === undefined || error === null) return EMPTY_SERVER_MESSAGES;
  const result: ServerMessages = { fields: {}, general: [] };
  const data =
    isApiRequestError(error) && error.failure.kind === 'response' ? error.failure.data : null;
  if (!data || data.error.length + data.warning.length === 0) {
    result.general.push({ group: 'error', text: formatApiError(error, t) });
    return result;
  }
  for (const message of data.error) add(result, message, 'error', hasField);
  for (const message of data.warning) add(result, message, 'warning', hasField);
  return result;
}

function isRecordValidation(value: unknown): value is RecordValidation {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<RecordValidation>;
  return (
    typeof item.validationCode === 'string' &&
    MESSAGE_GROUPS.includes(item.validationCodeTypeCode as MessageGroup)
  );
}

/** A record's own validations list (spec §3) as summary lines; malformed items are skipped. */
export function recordValidationsOf(validations: unknown, t: Translate): SummaryMessage[] {
  if (!Array.isArray(validations)) return [];
  return validations.filter(isRecordValidation).map((item) => ({
    group: item.validationCodeTypeCode,
    text: t(item.validationCode, item.validationParameters ?? []),
    ...(item.field ? { field: normalizePath(item.field) } : {}),
  }));
}

/** True when a failure carries warnings and no errors (spec §4: leads to Continue anyway). */
export function isWarningsOnly(error: unknown): boolean {
  if (!isApiRequestError(error) || error.failure.kind !== 'response') return false;
  const data = error.failure.data;
  return data !== null && data.error.length === 0 && data.warning.length > 0;
}
