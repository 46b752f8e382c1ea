import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  DEFAULT_DECIMAL_PLACES,
  formatNumber,
  parseDecimal,
  roundDecimal,
  type Bound,
  type DecimalParseResult,
  type Field,
  type Model,
} from '@listina/forms';
import { DEFAULT_CURRENCY } from '../../app/constants';
import { useI18n, type TFunction } from '../../app/i18n';
import type { FieldMessage, InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';

export type NumberKind = 'int' | 'decimal' | 'currency';

interface NumberRules {
  places: number;
  min: Bound | undefined;
  max: Bound | undefined;
}

// spec §5: 2 places by default, 0 for integers; min and max (or a range) clamp the value.
function numberRules(field: Field, kind: NumberKind): NumberRules {
  const rule = field.validation;
  return {
    places: kind === 'int' ? 0 : DEFAULT_DECIMAL_PLACES,
    min: rule?.min ?? rule?.range?.[0],
    max: rule?.max ?? rule?.range?.[1],
  };
}

// spec §5: the input takes digits, comma, dot and minus. Spaces and a euro sign of pasted text
// ("1 234,50 €") are dropped; any other character (a letter) is kept and flagged, never
// silently removed, so that "abc" does not empty the field.
const IGNORED_TEXT = /[\s€]/g;

function parseMessage(
  result: DecimalParseResult,
  rules: NumberRules,
  t: TFunction,
): FieldMessage | undefined {
  if (result.invalid) return { kind: 'error', text: t('input.number.invalid') };
  const bound = (value: Bound) => formatNumber(value, { places: rules.places });
  if (result.outOfBounds) {
    const isMin = rules.min !== undefined && result.value === roundDecimal(rules.min, rules.places);
    return isMin
      ? { kind: 'warning', text: t('input.number.belowMin', [bound(rules.min ?? '')]) }
      : { kind: 'warning', text: t('input.number.aboveMax', [bound(rules.max ?? '')]) };
  }
  if (result.tooManyPlaces) {
    return rules.places === 0
      ? { kind: 'warning', text: t('input.number.notWhole') }
      : { kind: 'warning', text: t('input.number.tooManyPlaces', [rules.places]) };
  }
  return undefined;
}

/**
 * The currency a currency input shows after the amount: the record's own (a payment order or
 * a document in Danish kroner shows DKK), € for euros and for a record without a currency.
 */
function currencyOf(model: Model): string {
  const code = typeof model.currencyCode === 'string' ? model.currencyCode.trim() : '';
  return code === '' || code.toUpperCase() === 'EUR' ? DEFAULT_CURRENCY : code.toUpperCase();
}

/**
 * int, decimal and currency inputs (spec §5). While the user types, each text that parses
 * updates the model (rounded and clamped); text that does not parse is kept and flagged and the
 * model keeps its value. Otherwise the value shows with locale separators, also on focus: the
 * text does not change under the caret or a selection, and it parses back to the same value.
 */
export function NumberInput({ kind, ...props }: InputProps & { kind: NumberKind }) {
  const { field, id, label, value, model, readonly, message, onChange, onInputMessage, onBlur } =
    props;
  const { t } = useI18n();
  const rules = numberRules(field, kind);
  // The typed text, while it belongs to the current value (an outside change shows the value).
  const [draft, setDraft] = useState<{ text: string; value: unknown } | null>(null);
  const formatted = formatNumber(value as number | string | null, { places: rules.places });
  const text = draft && Object.is(draft.value, value) ? draft.text : formatted;

  const parse = (typed: string) =>
    parseDecimal(typed, { places: rules.places, min: rules.min, max: rules.max });

  const change = (raw: string) => {
    const typed = raw.replace(IGNORED_TEXT, '');
    const result = parse(typed);
    onInputMessage?.(parseMessage(result, rules, t));
    if (result.invalid) {
      setDraft({ text: typed, value });
      return;
    }
    const next =
      result.value === null ? null : kind === 'int' ? Number(result.value) : result.value;
    setDraft({ text: typed, value: next });
    if (!Object.is(next, value)) onChange(next);
  };

  const blur = () => {
    if (draft && !parse(draft.text).invalid) setDraft(null);
    onBlur?.();
  };

  const shown = messageProps(message);
  return (
    <TextField
      id={id}
      label={label}
      value={text}
      disabled={readonly}
      fullWidth
      size="small"
      error={shown.error}
      helperText={shown.helperText}
      onChange={(event) => change(event.target.value)}
      onBlur={blur}
      slotProps={{
        htmlInput: {
          'data-testid': fieldTestId(field),
          style: { textAlign: 'right' },
          autoComplete: 'off',
        },
        input:
          kind === 'currency'
            ? {
                endAdornment: <InputAdornment position="end">{currencyOf(model)}</InputAdornment>,
              }
            : {},
        formHelperText: { sx: shown.helperSx },
      }}
    />
  );
}
