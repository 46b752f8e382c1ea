import { describe, expect, it } from 'vitest';
import { SchemaSchema } from '@listina/forms';
import {
  accountKey,
  addAccounts,
  addRow,
  nextTemporaryId,
  offeredAccounts,
  remainderOf,
  removeRow,
  updateRow,
  type Row,
} from './array-rows';

const accounts = (allowEmptyArray?: boolean) =>
  SchemaSchema.parse({
    id: 'bankAccount',
    ...(allowEmptyArray === undefined ? {} : { allowEmptyArray }),
    fields: [
      { name: 'code', inputType: 'text' },
      { name: 'isDefault', inputType: 'checkbox' },
    ],
  });

describe('array rows (spec §4)', () => {
  it('numbers new rows -1, -2, … below every id in use', () => {
    expect(nextTemporaryId([])).toBe(-1);
    expect(nextTemporaryId([{ id: 7 }, { id: -1 }])).toBe(-2);
    const rows = addRow(addRow([{ id: 3 }], accounts()), accounts());
    expect(rows.map((row) => row.id)).toEqual([3, -1, -2]);
    expect(rows[1]).toEqual({ id: -1, isDefault: false });
  });

  it("starts a new row from the schema's default row (a new bank account is active)", () => {
    const schema = SchemaSchema.parse({
      id: 'bankAccount',
      inputProps: { defaultRow: { code: '', isDefault: false, isActive: true } },
      fields: [
        { name: 'code', inputType: 'text' },
        { name: 'isDefault', inputType: 'checkbox' },
        { name: 'isActive', inputType: 'checkbox' },
      ],
    });
    expect(addRow([], schema, { code: 'SI56' })).toEqual([
      { id: -1, code: 'SI56', isDefault: false, isActive: true },
    ]);
  });

  it('marks an existing row for delete and drops a new one', () => {
    const rows: Row[] = [
      { id: 0, code: 'A' },
      { id: -1, code: 'B' },
    ];
    const afterExisting = removeRow(rows, 0, accounts());
    expect(afterExisting).toEqual([
      { id: 0, code: 'A', markForDelete: true },
      { id: -1, code: 'B' },
    ]);
    expect(removeRow(afterExisting, 1, accounts())).toEqual([
      { id: 0, code: 'A', markForDelete: true },
    ]);
  });

  it('adds a blank row when the last live row goes and allowEmptyArray is false', () => {
    const rows = removeRow([{ id: 4, code: 'A' }], 0, accounts(false));
    expect(rows).toEqual([
      { id: 4, code: 'A', markForDelete: true },
      { id: -1, isDefault: false },
    ]);
    expect(removeRow([{ id: 4 }], 0, accounts())).toEqual([{ id: 4, markForDelete: true }]);
  });

  it('clears the default flag of the others when a row becomes the default', () => {
    const rows: Row[] = [
      { id: 1, isDefault: true },
      { id: 2, isDefault: false },
    ];
    expect(updateRow(rows, 1, { id: 2, isDefault: true })).toEqual([
      { id: 1, isDefault: false },
      { id: 2, isDefault: true },
    ]);
  });

  it('adds only accounts not yet present, comparing codes without spaces and case', () => {
    const rows: Row[] = [
      { id: 1, code: 'SI56191000000123438' },
      { id: 2, code: 'SI56020100012345678', markForDelete: true },
    ];
    const found = [
      { code: 'si56 1910 0000 0123 438' },
      { code: 'SI56 0201 0001 2345 678' },
      { code: 'DE89370400440532013000' },
      { code: 'de89 3704 0044 0532 0130 00' },
    ];
    const result = addAccounts(rows, found, accounts());
    expect(result.skipped).toEqual(['SI56191000000123438', 'DE89370400440532013000']);
    expect(result.rows.slice(2)).toEqual([
      { id: -1, isDefault: false, code: 'SI56020100012345678' },
      { id: -2, isDefault: false, code: 'DE89370400440532013000' },
    ]);
    expect(accountKey(' si56 1910 ')).toBe('SI561910');
  });

  it('offers found accounts not present yet, once each, that hold the typed text (spec §5)', () => {
    const rows: Row[] = [
      { id: 1, code: 'SI56 1910 0000 0123 438' },
      { id: 2, code: 'SI56020100012345678', markForDelete: true },
    ];
    const found = [
      { account: { code: 'si56191000000123438' }, partner: 'P1' },
      { account: { code: 'SI56020100012345678' }, partner: 'P1' },
      { account: { code: 'DE89 3704 0044 0532 0130 00' }, partner: 'P2' },
      { account: { code: 'de89370400440532013000' }, partner: 'P3' },
      { account: { code: '' }, partner: 'P3' },
    ];
    const offered = (typed: string) =>
      offeredAccounts(found, rows, typed).map(
        (item) => `${item.partner} ${String(item.account.code)}`,
      );
    expect(offered('')).toEqual(['P1 SI56020100012345678', 'P2 DE89 3704 0044 0532 0130 00']);
    expect(offered('de89 3704')).toEqual(['P2 DE89 3704 0044 0532 0130 00']);
    expect(offered('0201 0001')).toEqual(['P1 SI56020100012345678']);
    expect(offered('AT')).toEqual([]);
  });
});

describe('a new row takes what is left of the total (inputProps.newRowRemainder)', () => {
  const costLines = SchemaSchema.parse({
    id: 'docCostLine',
    inputProps: { newRowRemainder: { field: 'amount', of: 'totalAmount' } },
    fields: [{ name: 'amount', inputType: 'currency' }],
  });

  it('gives the first line the whole total', () => {
    expect(addRow([], costLines, remainderOf([], costLines, { totalAmount: '427.00' }))).toEqual([
      { id: -1, amount: '427.00' },
    ]);
  });

  it('gives a next line what the others leave, counting no deleted row', () => {
    const rows: Row[] = [
      { id: 4, amount: '100.10' },
      { id: 5, amount: '50.00', markForDelete: true },
      { id: -1, amount: '200' },
    ];
    expect(remainderOf(rows, costLines, { totalAmount: '427.00' })).toEqual({ amount: '126.90' });
    expect(remainderOf(rows, costLines, { totalAmount: 250 })).toEqual({ amount: '-50.10' });
  });

  it('leaves the amount empty with nothing left, no total, or no rule', () => {
    expect(remainderOf([{ id: 1, amount: '10.00' }], costLines, { totalAmount: '10' })).toEqual({});
    expect(remainderOf([], costLines, { totalAmount: null })).toEqual({});
    expect(remainderOf([], costLines, { totalAmount: 'abc' })).toEqual({});
    expect(remainderOf([], accounts(), { totalAmount: '10.00' })).toEqual({});
  });
});
