import { formatCurrency, formatDate } from '@listina/forms';
import { useSession } from '../../app/session';

/** Amounts with the user's separators and the currency after them ('1.234,50 EUR'). */
export function useFormatAmount(): (amount: string, currency: string) => string {
  const { user } = useSession();
  const decimalSeparator = user?.localeSettings.decimalSeparator;
  const thousandSeparator = user?.localeSettings.thousandSeparator;
  return (amount, currency) =>
    formatCurrency(amount, currency, { decimalSeparator, thousandSeparator });
}

export { formatDate };
