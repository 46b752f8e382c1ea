import type { MessageSpec } from '../../lib/errors';
import { unstorableText } from '../../lib/unstorable-text';
import type { ValueType } from './entity';

/**
 * The JSON a create or update may send for a column of each type, checked before any rule
 * runs: a wrong type is the caller's mistake (400 on the field), never a database error
 * (500) or a value quietly turned into text ("[object Object]").
 *
 * Empty values (null, and '' for a non-text column) stay empty: whether a field may be empty
 * is the business of the required rule. A checkbox left empty is unchecked.
 */

const INTEGER = /^[-+]?\d{1,15}$/;
const DECIMAL = /^[-+]?(\d{1,15}(\.\d*)?|\.\d+)$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A real calendar day (no 31 April, 29 February only in leap years), year 1 to 9999. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export type Typed = { value: unknown } | { problem: MessageSpec };

const problemOf = (type: ValueType | 'list' | 'row', field: string): MessageSpec => ({
  code: `validation.type.${type}`,
  parameters: [],
  field,
});
const wrong = (type: ValueType, field: string): Typed => ({ problem: problemOf(type, field) });

/** A request's value for a column of `type`, as the engine stores it, or why it cannot be. */
export function typedValue(type: ValueType, value: unknown, field: string): Typed {
  if (value === null) return { value: type === 'bool' ? false : null };
  switch (type) {
    case 'text': {
      if (typeof value !== 'string') return wrong(type, field);
      // Also for text that never passed the JSON edge: an imported file's cells.
      const code = unstorableText(value);
      return code ? { problem: { code, parameters: [], field } } : { value };
    }
    case 'int':
      if (typeof value === 'number') {
        return Number.isSafeInteger(value) ? { value } : wrong(type, field);
      }
      if (value === '') return { value: null };
      return typeof value === 'string' && INTEGER.test(value.trim())
        ? { value: Number(value.trim()) }
        : wrong(type, field);
    case 'decimal':
      if (typeof value === 'number') {
        return Number.isFinite(value) && Math.abs(value) < 1e15 ? { value } : wrong(type, field);
      }
      if (value === '') return { value: null };
      return typeof value === 'string' && DECIMAL.test(value.trim())
        ? { value: value.trim() }
        : wrong(type, field);
    case 'bool':
      if (value === '') return { value: false };
      return typeof value === 'boolean' ? { value } : wrong(type, field);
    case 'date':
      if (value === '') return { value: null };
      return typeof value === 'string' && isIsoDate(value) ? { value } : wrong(type, field);
    case 'timestamp':
      if (value === '') return { value: null };
      return typeof value === 'string' && isIsoTimestamp(value) ? { value } : wrong(type, field);
  }
}

/** An ISO 8601 instant on a real calendar day, with its offset. */
export const isIsoTimestamp = (text: string): boolean =>
  ISO_TIMESTAMP.test(text) && isIsoDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));

/** A column of `multiple` values: a list (null: none), each of the column's type. */
export function typedList(type: ValueType, value: unknown, field: string): Typed {
  if (value === null) return { value: [] };
  if (!Array.isArray(value)) return { problem: problemOf('list', field) };
  const values: unknown[] = [];
  for (const item of value) {
    const typed = item === null ? wrong(type, field) : typedValue(type, item, field);
    if ('problem' in typed) return typed;
    values.push(typeof typed.value === 'string' ? typed.value.trim() : typed.value);
  }
  return { value: values };
}

/** A nested array must be a list of row objects. */
export const listProblem = (field: string) => problemOf('list', field);
export const rowProblem = (field: string) => problemOf('row', field);
