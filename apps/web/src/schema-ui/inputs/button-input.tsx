import Button from '@mui/material/Button';
import type { InputProps } from '../types';
import { fieldTestId } from './input-parts';

/** spec §2: a generic button emits a click event, carrying the field's name. */
export function ButtonInput({ field, id, label, readonly, onClick }: InputProps) {
  return (
    <Button
      id={id}
      variant="outlined"
      disabled={readonly}
      data-testid={fieldTestId(field)}
      onClick={() => onClick?.(field.name)}
    >
      {label}
    </Button>
  );
}
