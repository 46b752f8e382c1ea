import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, formatNumber, type Field } from '@listina/forms';
import type { InputProps } from '../types';
import { fieldTestId, messageProps, SECRET_MASK, textOrNull } from './input-parts';

/** spec §5: the maximum length comes from the schema; counted in characters, as the server does. */
export function limit(text: string, maxLength: number | undefined): string {
  if (maxLength === undefined) return text;
  const characters = [...text];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : text;
}

/** A text, or a memo (several lines), with the schema's maxLength. */
export function TextInput({ isMultiline, ...props }: InputProps & { isMultiline?: boolean }) {
  const { field, id, label, value, readonly, message, onChange, onBlur } = props;
  const shown = messageProps(message);
  return (
    <TextField
      id={id}
      label={label}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      disabled={readonly}
      fullWidth
      size="small"
      multiline={isMultiline}
      minRows={isMultiline ? 3 : undefined}
      error={shown.error}
      helperText={shown.helperText}
      onChange={(event) => onChange(textOrNull(limit(event.target.value, field.maxLength)))}
      onBlur={onBlur}
      slotProps={{
        htmlInput: { 'data-testid': fieldTestId(field), maxLength: field.maxLength },
        formHelperText: { sx: shown.helperSx },
      }}
    />
  );
}

/** How a read-only value reads: numbers and dates in the locale format (spec §3). */
export function displayText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.inputType === 'password') return value === '' ? '' : SECRET_MASK;
  if (field.dataType === 'decimal') return formatNumber(value as string | number);
  if (field.dataType === 'int') return formatNumber(value as string | number, { places: 0 });
  if (field.dataType === 'date' && typeof value === 'string') return formatDate(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** label: a read-only one-line value, focusable and read with its label. */
export function LabelInput({ field, id, label, value }: InputProps) {
  return (
    <TextField
      id={id}
      label={label}
      value={displayText(field, value)}
      fullWidth
      size="small"
      variant="standard"
      slotProps={{
        input: { readOnly: true, disableUnderline: true },
        htmlInput: { 'data-testid': fieldTestId(field) },
        inputLabel: { shrink: true },
      }}
    />
  );
}

/** divmemo: a read-only block of text that keeps its line breaks. */
export function DivMemoInput({ field, id, label, value }: InputProps) {
  const labelId = `${id}-label`;
  return (
    <Box component="section" aria-labelledby={labelId}>
      <Typography id={labelId} variant="caption" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Box
        id={id}
        data-testid={fieldTestId(field)}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', typography: 'body2', py: 0.5 }}
      >
        {displayText(field, value)}
      </Box>
    </Box>
  );
}
