import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FieldSchema, INPUT_TYPES, type InputType } from '@listina/forms';
import { FieldInput } from './field-input';
import { renderInput } from './input-harness';
import { resolveInputType } from './input-parts';

const LABEL = 'Visible label';
const items = [{ code: 'A', name: 'Alpha' }];

/** The element a user finds by the field's label, for each kind of control. */
function labelled(inputType: InputType): HTMLElement {
  switch (inputType) {
    case 'btn':
      return screen.getByRole('button', { name: LABEL });
    case 'divmemo':
      return screen.getByRole('region', { name: LABEL });
    case 'editor':
      return screen.getByRole('textbox', { name: LABEL });
    case 'checkbox':
      return screen.getByRole('checkbox', { name: LABEL });
    default:
      return screen.getByLabelText(LABEL);
  }
}

describe('FieldInput', () => {
  const drawn = INPUT_TYPES.filter((type) => type !== 'grid');

  it.each(drawn)('draws a %s input that is found by its label', async (inputType) => {
    const references = inputType === 'select' || inputType === 'combo' ? { items } : undefined;
    const { control } = await renderInput(
      { name: 'sample', inputType, references },
      { label: LABEL },
    );
    const found = labelled(inputType);
    expect(found === control || found.contains(control)).toBe(true);
  });

  it('chooses the input by dataType when the field has no inputType', () => {
    const byDataType = (dataType: string) =>
      resolveInputType(FieldSchema.parse({ name: 'x', dataType }));
    expect(['int', 'decimal', 'date', 'time', 'datetime', 'bool', 'text'].map(byDataType)).toEqual([
      'int',
      'decimal',
      'date',
      'time',
      'datetime',
      'checkbox',
      'text',
    ]);
    expect(resolveInputType(FieldSchema.parse({ name: 'x' }))).toBe('text');
  });

  it('leaves grid fields to the form', () => {
    const field = FieldSchema.parse({
      name: 'lines',
      inputType: 'grid',
      schema: { id: 'line', fields: [{ name: 'code' }] },
    });
    const { container } = render(
      <FieldInput
        field={field}
        id="lines"
        label="Lines"
        value={[]}
        model={{}}
        readonly={false}
        onChange={() => undefined}
      />,
    );
    expect(container.innerHTML).toBe('');
  });
});
