import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';
import { isSameValue, isUnchanged, itemLabel, itemValue, storedField } from './reference-items';
import { WithSoftFilters } from './soft-filters-toggle';
import { useSelectItems } from './use-select-items';

const EMPTY = '';

/**
 * select: a short fixed list (references.items or itemsProp, or one page of a table), as a
 * native select so that keyboard and screen readers work as everywhere else.
 */
export function SelectInput(props: InputProps) {
  const { field, id, label, value, readonly, message, onChange, onBlur } = props;
  const { t, locale } = useI18n();
  const [softFiltersOn, setSoftFiltersOn] = useState(true);
  const { references, lookup } = useSelectItems(props, softFiltersOn);
  const hasValue = value !== null && value !== undefined && value !== '';
  const index = lookup.items.findIndex((item) => isSameValue(itemValue(item, references), value));
  // A stored value that is not offered (inactive, filtered out) still shows as itself.
  const stored = lookup.known.find((item) => isSameValue(itemValue(item, references), value));
  const items =
    hasValue && index < 0
      ? [...lookup.items, stored ?? { [storedField(references)]: value }]
      : lookup.items;
  const selected = hasValue ? String(index < 0 ? items.length - 1 : index) : EMPTY;

  const shown = messageProps(message);
  return (
    <WithSoftFilters
      field={field}
      references={references}
      label={label}
      on={softFiltersOn}
      disabled={readonly}
      onToggle={() => setSoftFiltersOn((on) => !on)}
    >
      <TextField
        id={id}
        select
        label={label}
        value={selected}
        disabled={readonly}
        fullWidth
        size="small"
        error={shown.error}
        helperText={shown.helperText}
        onChange={(event) => {
          const item = event.target.value === EMPTY ? undefined : items[Number(event.target.value)];
          const next = item ? (itemValue(item, references) ?? null) : null;
          if (isUnchanged(next, value)) return;
          if (item && props.onSelect) props.onSelect(next, item);
          else onChange(next);
        }}
        onBlur={onBlur}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': fieldTestId(field) },
          formHelperText: { sx: shown.helperSx },
        }}
      >
        <option value={EMPTY}>{t('input.select.none')}</option>
        {items.map((item, position) => (
          <option key={position} value={String(position)}>
            {itemLabel(item, references, t, locale)}
          </option>
        ))}
      </TextField>
    </WithSoftFilters>
  );
}
