import { CAPTURE_FIELD_LABELS } from '../../app/capture-fields';
import {
  fieldValueWords,
  rangeWords,
  wordOf,
  type FilterWords as Words,
} from '../../app/filter-words';

/**
 * A documents list's filter that its bar has no field for, in words (issue 27): a report's
 * drill-down names the documents a figure counts by the list's named filters (the server's
 * reports/drill-filters.ts) and by columns the bar does not show (status, payment state, due
 * date, step). A value the catalogue has no word for shows as it is.
 */

/** The catalogue's prefix of the values of a column the bar does not show. */
const COLUMN_VALUES: Record<string, string> = {
  status: 'work.status.',
  paymentState: 'doc.paymentStateValue.',
  workflowCurrentStepSystemTileCode: 'tiles.',
};

/** The named filters' words: each a key of work.filters.named.* and its value's words. */
function namedWords(words: Words, field: string, value: string): string | undefined {
  const { t } = words;
  const named = (key: string, parameter: string) => t(`work.filters.named.${key}`, [parameter]);
  switch (field) {
    case 'capturedOn':
    case 'enteredOn':
    case 'paidOn':
      return named(field, rangeWords(words, value));
    case 'captureSource':
    case 'correctedSource':
      return named(field, wordOf(words, `reports.source.${value}`, value));
    case 'captureField':
    case 'correctedField':
      return named(field, wordOf(words, CAPTURE_FIELD_LABELS[value], value));
    case 'intakeChannel':
      return named(field, wordOf(words, `reports.channel.${value}`, value));
    case 'captureKept':
    case 'paidTiming':
    case 'noSupplier':
    case 'task':
      return wordOf(words, `work.filters.named.${field}.${value}`, `${field}: ${value}`);
    case 'costCenter':
      return value === '' ? t('work.filters.named.costCenter.none') : named(field, value);
    default:
      return undefined;
  }
}

/** A `field:value` filter of the documents list in words. */
export function docFilterText(words: Words, filter: string): string {
  const colon = filter.indexOf(':');
  if (colon < 0) return filter;
  const field = filter.slice(0, colon);
  const value = filter.slice(colon + 1);
  const named = namedWords(words, field, value);
  if (named !== undefined) return named;
  const label = wordOf(words, `doc.${field}`, field);
  const prefix = COLUMN_VALUES[field];
  const shown = prefix ? wordOf(words, `${prefix}${value}`, value) : rangeWords(words, value);
  return fieldValueWords(words, label, shown);
}
