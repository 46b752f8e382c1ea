import type { Field, InputType } from '@listina/forms';
import type { FieldMessage } from '../types';

/** The stable test id of a field's control. */
export const fieldTestId = (field: Field, part?: string): string =>
  part ? `field-${field.name}-${part}` : `field-${field.name}`;

// A field without inputType is drawn by its dataType (spec §3).
const BY_DATA_TYPE = {
  int: 'int',
  decimal: 'decimal',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  bool: 'checkbox',
  text: 'text',
} as const satisfies Record<NonNullable<Field['dataType']>, InputType>;

export function resolveInputType(field: Field): InputType {
  return field.inputType ?? BY_DATA_TYPE[field.dataType ?? 'text'];
}

/** The helper text and error flag of a MUI TextField for the field's message. */
export function messageProps(message: FieldMessage | undefined) {
  if (!message) return { error: false, helperText: undefined, helperSx: undefined };
  const isWarning = message.kind === 'warning';
  return {
    error: !isWarning,
    // spec §5: warnings are prefixed with * and shown in warning style.
    helperText: isWarning ? `* ${message.text}` : message.text,
    helperSx: isWarning ? { color: 'warning.main' } : undefined,
  };
}

/** What a grid cell or a read-only text shows of a secret (inputType password) that is set. */
export const SECRET_MASK = '••••';

/** Empty text is stored as null, so clearing a field that was null does not count as a change. */
export const textOrNull = (text: string): string | null => (text === '' ? null : text);

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '';
