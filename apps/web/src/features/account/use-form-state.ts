import { useState } from 'react';
import type { FieldErrors } from '../../app/validation';

/** Values and per-field errors of a small form; editing a field clears its error (spec §5). */
export function useFormState<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((old) => ({ ...old, [name]: value }));
      setErrors((old) =>
        name in old ? Object.fromEntries(Object.entries(old).filter(([key]) => key !== name)) : old,
      );
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  return { values, setValues, errors, setErrors, field };
}
