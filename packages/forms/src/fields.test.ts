import { describe, expect, it } from 'vitest';
import {
  applyStoredExpressions,
  findField,
  getValue,
  isFieldReadonly,
  isFieldVisible,
  setValue,
} from './fields';
import { SchemaSchema } from './schema';

describe('getValue and setValue', () => {
  it('follow dot paths through objects and arrays, own properties only', () => {
    const model = { recipientBank: { BIC: 'LJBASI2X' }, rows: [{ code: 'A' }] };
    expect(getValue(model, 'recipientBank.BIC')).toBe('LJBASI2X');
    expect(getValue(model, 'rows.0.code')).toBe('A');
    expect(getValue(model, 'missing.deeper')).toBeUndefined();
    expect(getValue(model, 'constructor')).toBeUndefined();
    expect(getValue(model, 'recipientBank.__proto__')).toBeUndefined();
  });

  it('setValue copies the objects on the path and leaves the model alone', () => {
    const model = { recipientBank: { BIC: 'A', Name: 'Bank' }, other: 1 };
    const changed = setValue(model, 'recipientBank.BIC', 'B');
    expect(changed).toEqual({ recipientBank: { BIC: 'B', Name: 'Bank' }, other: 1 });
    expect(model.recipientBank.BIC).toBe('A');
    expect(setValue({}, 'a.b', 1)).toEqual({ a: { b: 1 } });
  });
});

describe('visibility, read-only and stored expressions (spec §3, §5)', () => {
  const schema = SchemaSchema.parse({
    id: 'line',
    fields: [
      { name: 'quantity' },
      { name: 'price' },
      { name: 'net', storedExpr: 'quantity * price', readonly: true },
      { name: 'gross', storedExpr: 'net * 1.22', visible: 'net > 0' },
      { name: 'note', readonly: 'locked' },
      {
        name: 'parts',
        inputType: 'grid',
        schema: { id: 'part', fields: [{ name: 'double', storedExpr: 'size * 2' }] },
      },
    ],
  });
  const field = (name: string) => {
    const found = findField(schema, name);
    if (!found) throw new Error(name);
    return found;
  };

  it('shows a field by its flag or condition', () => {
    expect(isFieldVisible(field('quantity'), {})).toBe(true);
    expect(isFieldVisible(field('gross'), { net: 0 })).toBe(false);
    expect(isFieldVisible(field('gross'), { net: 5 })).toBe(true);
  });

  it('makes a field read-only by its flag, its condition or the schema', () => {
    expect(isFieldReadonly(field('net'), {})).toBe(true);
    expect(isFieldReadonly(field('note'), { locked: true })).toBe(true);
    expect(isFieldReadonly(field('note'), { locked: false })).toBe(false);
    expect(isFieldReadonly(field('quantity'), {}, { ...schema, readonly: true })).toBe(true);
  });

  it('computes stored expressions in order, grid rows included, without touching the model', () => {
    const model = { quantity: 2, price: 5, parts: [{ size: 3 }, 'odd'] };
    expect(applyStoredExpressions(schema, model)).toEqual({
      quantity: 2,
      price: 5,
      net: 10,
      gross: 12.2,
      parts: [{ size: 3, double: 6 }, 'odd'],
    });
    expect(model).toEqual({ quantity: 2, price: 5, parts: [{ size: 3 }, 'odd'] });
    expect(findField(schema, 'nope')).toBeUndefined();
  });
});
