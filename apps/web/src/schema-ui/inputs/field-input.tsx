import type { InputProps } from '../types';
import { ButtonInput } from './button-input';
import { CheckboxInput } from './checkbox-input';
import { ColourInput } from './colour-input';
import { ComboInput } from './combo-input';
import { DateInput } from './date-input';
import { DateTimeInput } from './datetime-input';
import { EditorInput } from './editor-input';
import { resolveInputType } from './input-parts';
import { NumberInput } from './number-input';
import { MultiSelectInput } from './multi-select-input';
import { PasswordInput } from './password-input';
import { SelectInput } from './select-input';
import { DivMemoInput, LabelInput, TextInput } from './text-input';
import { TimeInput } from './time-input';

/**
 * The input of one schema field, chosen by its inputType (else its dataType, spec §3). Grid
 * fields are nested forms that the form draws itself, so there is nothing to draw here.
 */
export function FieldInput(props: InputProps) {
  const inputType = resolveInputType(props.field);
  switch (inputType) {
    case 'int':
    case 'decimal':
    case 'currency':
      return <NumberInput {...props} kind={inputType} />;
    case 'date':
      return <DateInput {...props} />;
    case 'time':
      return <TimeInput {...props} />;
    case 'datetime':
      return <DateTimeInput {...props} />;
    case 'text':
      return <TextInput {...props} />;
    case 'memo':
      return <TextInput {...props} isMultiline />;
    case 'password':
      return <PasswordInput {...props} />;
    case 'label':
      return <LabelInput {...props} />;
    case 'divmemo':
      return <DivMemoInput {...props} />;
    case 'checkbox':
      return <CheckboxInput {...props} />;
    case 'select':
      return props.field.multiple ? <MultiSelectInput {...props} /> : <SelectInput {...props} />;
    case 'combo':
      return <ComboInput {...props} />;
    case 'editor':
      return <EditorInput {...props} />;
    case 'colorpicker':
      return <ColourInput {...props} />;
    case 'btn':
      return <ButtonInput {...props} />;
    case 'grid':
      return null;
  }
}
