import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputProps } from '../types';
import { fieldTestId, messageProps } from './input-parts';

/** A bool field: checked is true, unchecked false. */
export function CheckboxInput({
  field,
  id,
  label,
  value,
  readonly,
  message,
  onChange,
  onBlur,
}: InputProps) {
  const shown = messageProps(message);
  // data-* attributes reach the input element, though the slot's props type does not list them.
  const inputAttributes: Record<string, string> = { 'data-testid': fieldTestId(field) };
  return (
    <FormControl error={shown.error}>
      <FormControlLabel
        label={label}
        disabled={readonly}
        control={
          <Checkbox
            id={id}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            slotProps={{ input: inputAttributes }}
          />
        }
      />
      {shown.helperText && <FormHelperText sx={shown.helperSx}>{shown.helperText}</FormHelperText>}
    </FormControl>
  );
}
