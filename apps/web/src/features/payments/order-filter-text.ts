import { fieldValueWords, rangeWords, wordOf, type FilterWords } from '../../app/filter-words';

/**
 * A payment orders list's filter from the address in words (issue 27: the payments report's
 * orders by state and bank returns by reason open the list with them). A value the catalogue
 * has no word for shows as it is.
 */
export function orderFilterText(words: FilterWords, filter: string): string {
  const colon = filter.indexOf(':');
  if (colon < 0) return filter;
  const field = filter.slice(0, colon);
  const value = filter.slice(colon + 1);
  switch (field) {
    case 'returnedOn':
      return words.t('payments.filters.returnedOn', [rangeWords(words, value)]);
    case 'returnReason':
      return words.t('payments.filters.returnReason', [
        value === ''
          ? words.t('payments.returnedWithoutReason')
          : wordOf(words, `payOrder.returnReason.${value}`, value),
      ]);
    case 'state':
      return fieldValueWords(
        words,
        words.t('payOrder.state'),
        wordOf(words, `payOrder.stateValue.${value}`, value),
      );
    default:
      return fieldValueWords(
        words,
        wordOf(words, `payOrder.${field}`, field),
        rangeWords(words, value),
      );
  }
}
