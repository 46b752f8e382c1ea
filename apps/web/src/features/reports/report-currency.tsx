import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { roundDecimal } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { useFormatAmount } from './report-format';

/** The currency a report's chart shows, kept in the address by the page. */
export interface CurrencyChoice {
  currency: string | undefined;
  onCurrency: (currency: string) => void;
}

/** The picked currency if the report holds it, else its first. */
export const pickCurrency = (currencies: string[], wanted: string | undefined) =>
  wanted && currencies.includes(wanted) ? wanted : (currencies[0] ?? '');

/** A chart's amounts (numbers, as the chart draws them) written like the table's. */
export function useChartAmount(): (value: number, currency: string) => string {
  const format = useFormatAmount();
  return (value, currency) => format(roundDecimal(value, 2) ?? String(value), currency);
}

/** The currency the chart shows, when the report holds more than one. */
export function CurrencyPicker(props: {
  currencies: string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useI18n();
  if (props.currencies.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('reports.currency')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 140, mb: 1, displayPrint: 'none' }}
      slotProps={{ htmlInput: { 'data-testid': 'report-currency' } }}
    >
      {props.currencies.map((currency) => (
        <MenuItem key={currency} value={currency}>
          {currency}
        </MenuItem>
      ))}
    </TextField>
  );
}
