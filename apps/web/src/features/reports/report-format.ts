import { formatCurrency, formatDate, formatNumber } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';

/** The user's decimal and thousand separators (spec §3 locale settings). */
function useSeparators() {
  const { user } = useSession();
  return {
    decimalSeparator: user?.localeSettings.decimalSeparator,
    thousandSeparator: user?.localeSettings.thousandSeparator,
  };
}

/** Amounts with the user's separators and the currency after them ('1.234,50 EUR'). */
export function useFormatAmount(): (amount: string, currency: string) => string {
  const separators = useSeparators();
  return (amount, currency) => formatCurrency(amount, currency, separators);
}

/** Numbers with the user's separators and the places asked for (counts: 0). */
export function useFormatNumber(): (value: number | string, places?: number) => string {
  const separators = useSeparators();
  return (value, places = 0) => formatNumber(value, { ...separators, places });
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A duration in whole seconds as the catalogue words it, in its two largest units so that a
 * median of a day and a half does not read as one day: "1 d 12 h", "5 h 30 min", "12 min".
 */
export function useFormatDuration(): (seconds: number) => string {
  const { t } = useI18n();
  return (seconds) => {
    const whole = Math.max(0, Math.round(seconds / MINUTE)) * MINUTE;
    if (whole >= DAY)
      return t('reports.duration.days', [
        Math.floor(whole / DAY),
        Math.floor((whole % DAY) / HOUR),
      ]);
    if (whole >= HOUR)
      return t('reports.duration.hours', [
        Math.floor(whole / HOUR),
        Math.floor((whole % HOUR) / MINUTE),
      ]);
    return t('reports.duration.minutes', [whole / MINUTE]);
  };
}

export { formatDate };
