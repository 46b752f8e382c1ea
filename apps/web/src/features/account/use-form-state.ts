import { useState } from 'react';
import type { FieldErrors } from '../../app/validation';

export interface FormStateOptions {
  /**
   * Called on every edit: the form's error or success message from the last send is about
   * values that are no longer there, so the caller clears it (a mutation's `reset`).
   */
  onEdit?: () => void;
}

/**
 * Values and per-field errors of a small form; editing a field clears its error (spec §5) and,
 * through `onEdit`, the message of the last send.
 */
export function useFormState<T extends Record<string, string>>(
  initial: T,
  { onEdit }: FormStateOptions = {},
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((old) => ({ ...old, [name]: value }));
      onEdit?.();
      setErrors((old) =>
        name in old ? Object.fromEntries(Object.entries(old).filter(([key]) => key !== name)) : old,
      );
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return { values, setValues, errors, setErrors, field };
}
