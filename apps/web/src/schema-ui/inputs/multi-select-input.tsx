import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useI18n } from '../../app/i18n';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';
import { isSameValue, itemText, itemValue, storedField } from './reference-items';
import { useSelectItems } from './use-select-items';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * select of a `multiple` field (a list of codes, e.g. a member's roles): one checkbox per item
 * in a labelled group, the chosen values stored as a list in the items' order. A stored value
 * that is no longer offered stays listed, checked, so that saving does not drop it unseen.
 */
export function MultiSelectInput(props: InputProps) {
  const { field, id, label, value, readonly, message, onChange, onBlur } = props;
  const { references, lookup } = useSelectItems(props, true);
  const { locale } = useI18n();
  const chosen = asList(value);
  const offered = lookup.items.map((item) => itemValue(item, references));
  const unknown = chosen.filter((v) => !offered.some((o) => isSameValue(o, v)));
  const items = [...lookup.items, ...unknown.map((v) => ({ [storedField(references)]: v }))];
  const isChosen = (v: unknown) => chosen.some((c) => isSameValue(c, v));
  const shown = messageProps(message);

  const toggle = (v: unknown) => {
    const next = items
      .map((item) => itemValue(item, references))
      .filter((candidate) => (isSameValue(candidate, v) ? !isChosen(v) : isChosen(candidate)));
    onChange(next);
  };

  return (
    <FormControl
      component="fieldset"
      error={shown.error}
      disabled={readonly}
      data-testid={fieldTestId(field)}
      onBlur={onBlur}
    >
      <FormLabel component="legend" id={`${id}-label`}>
        {label}
      </FormLabel>
      <FormGroup row aria-labelledby={`${id}-label`}>
        {items.map((item, position) => {
          const v = itemValue(item, references);
          return (
            <FormControlLabel
              key={JSON.stringify(v) ?? `#${position}`}
              label={itemText(item, references, locale)}
              control={
                <Checkbox
                  size="small"
                  checked={isChosen(v)}
                  onChange={() => toggle(v)}
                  slotProps={{ input: { id: position === 0 ? id : undefined } }}
                />
              }
            />
          );
        })}
      </FormGroup>
      {shown.helperText ? (
        <FormHelperText sx={shown.helperSx}>{shown.helperText}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
