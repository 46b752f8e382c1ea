import { RANGE_SEPARATOR } from '@listina/contract';
import { formatDate, isIsoDate } from '@listina/forms';
import type { TFunction } from './i18n';

/**
 * The words of a list's `field:value` filters shown as chips (issue 27: the documents list and
 * the payment orders list a report's figure opens).
 */
export interface FilterWords {
  t: TFunction;
  has: (key: string) => boolean;
}

/** The words of a catalogue key, else the text itself. */
export const wordOf = ({ t, has }: FilterWords, key: string | undefined, text: string) =>
  key !== undefined && has(key) ? t(key) : text;

/** A value as a date when it is one (dd.mm.yyyy), else as it is. */
const dayOrText = (text: string) => (isIsoDate(text) ? formatDate(text) : text);

/** `from..to` in words: "01.01.2026 – 31.12.2026", "from 01.01.2026", "to 31.12.2026". */
export function rangeWords({ t }: FilterWords, text: string): string {
  const at = text.indexOf(RANGE_SEPARATOR);
  if (at < 0) return dayOrText(text);
  const from = text.slice(0, at);
  const to = text.slice(at + RANGE_SEPARATOR.length);
  if (from === '') return t('filters.range.to', [dayOrText(to)]);
  if (to === '') return t('filters.range.from', [dayOrText(from)]);
  if (from === to) return dayOrText(from);
  return t('filters.range.between', [dayOrText(from), dayOrText(to)]);
}

/** A field's label and its value's words: "Status: Active". */
export const fieldValueWords = ({ t }: FilterWords, label: string, value: string) =>
  t('filters.fieldValue', [label, value]);
