import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PartnerSuggestion } from '@listina/contract';
import { compactCode, getValue, type Field, type Model } from '@listina/forms';
import { LOOKUP_SEARCH_DEBOUNCE_MS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { usePartnerSuggestions } from '../api';
import { useDebouncedValue } from '../timing';

/**
 * spec §7 customer suggestions for a recipient: a text field whose schema names
 * partnerSuggestions offers the organisation's partners its typed text may be (by a similar
 * name, or the IBAN of one of their accounts); using one sets `idField` to the partner and runs
 * `onSelect` as if it had been chosen in that field's lookup.
 */
export type PartnerSuggestionRule = NonNullable<Field['partnerSuggestions']>;

/** Texts shorter than this ask nothing (a name's first letters match too much). */
const MIN_TEXT = 3;

interface PartnerSuggestionsProps {
  field: Field;
  rule: PartnerSuggestionRule;
  model: Model;
  onUse: (suggestion: PartnerSuggestion) => void;
}

export function PartnerSuggestions({ field, rule, model, onUse }: PartnerSuggestionsProps) {
  const { t } = useI18n();
  const value = getValue(model, field.name);
  const typed = useDebouncedValue(
    typeof value === 'string' ? value.trim() : '',
    LOOKUP_SEARCH_DEBOUNCE_MS,
  );
  const text = rule.by === 'iban' ? String(compactCode(typed)) : typed;
  const suggestions = usePartnerSuggestions(
    rule.by === 'iban' ? { iban: text } : { name: text },
    text.length >= MIN_TEXT,
  );
  const chosen = getValue(model, rule.idField);
  const items = (suggestions.data?.items ?? []).filter((item) => item.id !== chosen);
  if (text.length < MIN_TEXT || items.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label={t('schemaForm.partnerSuggestions.title')}
      data-testid={`partner-suggestions-${field.name}`}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, gap: 0.5 }}
    >
      {items.map((item) => (
        <Stack component="li" key={item.key} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Button size="small" variant="outlined" onClick={() => onUse(item)}>
            {t('schemaForm.partnerSuggestions.use', [`${item.code} – ${item.name}`])}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t(`schemaForm.partnerSuggestions.matchedBy.${item.matchedBy}`)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
