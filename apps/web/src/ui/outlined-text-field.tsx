import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

interface OutlinedTextFieldProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: 'text' | 'password' | 'email';
  error?: boolean;
  helperText?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** Shown and sent, not edited (the invited address of a registration from an invitation). */
  readOnly?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  testId?: string;
}

/**
 * MUI's outlined TextField for the signed-out pages, built from the parts TextField renders
 * (same markup, labels and helper-text wiring). TextField itself also imports its select mode
 * (Select, Menu, Popover, Modal), ≈ 18 KB of gzip JavaScript a sign-in form does not need.
 */
export function OutlinedTextField({
  label,
  error,
  helperText,
  required,
  fullWidth,
  testId,
  ...input
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={error} required={required} fullWidth={fullWidth} variant="outlined">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        fullWidth={fullWidth}
        inputProps={testId ? { 'data-testid': testId } : undefined}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
