import { describe, expect, it } from 'vitest';
import { csvValue, importValue, isSameValue, mapHeader, xlsxValue } from './cell-values';
import { defineEntity, type ColumnDef, type ValueType } from './entity';
import { CellError } from './spreadsheet';

const column = (type: ValueType): ColumnDef => ({
  name: 'x',
  column: 'x',
  type,
  field: {},
});

describe('values on export', () => {
  it('keeps xlsx cells typed and neutralises text only', () => {
    expect(xlsxValue('text', '=1+1')).toBe("'=1+1");
    expect(xlsxValue('decimal', '-12.50')).toBe(-12.5);
    expect(xlsxValue('int', 7)).toBe(7);
    expect(xlsxValue('bool', true)).toBe(true);
    expect(xlsxValue('date', '2026-11-22')).toEqual(new Date('2026-11-22T00:00:00Z'));
    expect(xlsxValue('text', null)).toBe(null);
  });

  it('writes CSV as Excel with Slovenian settings reads it', () => {
    expect(csvValue('decimal', '-1234.50')).toBe('-1234,50');
    expect(csvValue('date', '2026-11-22')).toBe('22.11.2026');
    expect(csvValue('bool', false)).toBe('false');
    expect(csvValue('text', '@x')).toBe("'@x");
    expect(csvValue('int', null)).toBe('');
  });
});

describe('values on import', () => {
  it('reads numbers typed or as text with either decimal separator', () => {
    expect(importValue(column('decimal'), 0.1 + 0.2)).toEqual({ value: '0.30' });
    expect(importValue(column('decimal'), '1.234,50')).toEqual({ value: '1234.50' });
    expect(importValue(column('decimal'), "'-3,5")).toEqual({ value: '-3.50' });
    expect(importValue(column('decimal'), '1,234')).toMatchObject({
      problem: { code: 'errors.importTooManyPlaces' },
    });
    expect(importValue(column('int'), '12')).toEqual({ value: 12 });
    expect(importValue(column('int'), 12.5)).toMatchObject({
      problem: { code: 'errors.importNotAnInteger' },
    });
    expect(importValue(column('int'), 'abc')).toMatchObject({
      problem: { code: 'errors.importNotANumber' },
    });
    expect(importValue(column('int'), '')).toEqual({ value: null });
  });

  it('reads yes and no in both languages, and an empty cell as no', () => {
    for (const word of ['da', 'DA', 'yes', 'true', '1', 'x']) {
      expect(importValue(column('bool'), word)).toEqual({ value: true });
    }
    for (const word of ['ne', 'no', 'false', '0', '', null]) {
      expect(importValue(column('bool'), word)).toEqual({ value: false });
    }
    expect(importValue(column('bool'), 'maybe')).toMatchObject({
      problem: { code: 'errors.importNotABoolean' },
    });
  });

  it('reads dates as cells, Excel serials, dd.mm.yyyy and ISO', () => {
    expect(importValue(column('date'), new Date('2024-03-05T00:00:00Z'))).toEqual({
      value: '2024-03-05',
    });
    expect(importValue(column('date'), 45356)).toEqual({ value: '2024-03-05' });
    expect(importValue(column('date'), '5.3.2024')).toEqual({ value: '2024-03-05' });
    expect(importValue(column('date'), '2024-03-05')).toEqual({ value: '2024-03-05' });
    expect(importValue(column('date'), '31.2.2024')).toMatchObject({
      problem: { code: 'errors.importNotADate' },
    });
    expect(importValue(column('timestamp'), '2024-03-05T10:00:00Z')).toEqual({
      value: '2024-03-05T10:00:00.000Z',
    });
  });

  it('takes text as written, numbers as their digits, and refuses error cells', () => {
    expect(importValue(column('text'), "'=SUM(A1)")).toEqual({ value: '=SUM(A1)' });
    expect(importValue(column('text'), 42)).toEqual({ value: '42' });
    expect(importValue(column('text'), null)).toEqual({ value: '' });
    expect(importValue(column('text'), new CellError('#N/A'))).toMatchObject({
      problem: { code: 'errors.importCellError', parameters: ['#N/A'] },
    });
  });

  it('counts a value as unchanged when only its spelling differs', () => {
    expect(isSameValue('decimal', '22.00', '22.0')).toBe(true);
    expect(isSameValue('text', null, '')).toBe(true);
    expect(isSameValue('bool', null, false)).toBe(true);
    expect(isSameValue('date', '2024-03-05T00:00:00.000Z', '2024-03-05')).toBe(true);
    expect(isSameValue('text', 'a', 'b')).toBe(false);
    expect(isSameValue('int', 1, null)).toBe(false);
  });
});

describe('header row', () => {
  const entity = defineEntity({
    name: 'partner',
    table: 'partner',
    scope: 'tenant',
    labelId: 'partner.title',
    columns: [
      { name: 'code', column: 'code', type: 'text', field: {} },
      { name: 'name', column: 'name', type: 'text', field: {} },
      {
        name: 'isActive',
        column: 'is_active',
        type: 'bool',
        field: { labelId: 'common.isActive' },
      },
      { name: 'createdAt', column: 'created_at', type: 'timestamp', field: {}, serverOwned: true },
    ],
    titleColumns: ['code'],
    defaultSort: 'code asc',
    writeRoles: [],
    sample: () => ({}),
  });
  const header = (...cells: string[]) => mapHeader(entity, { number: 1, cells });

  it('maps field names and labels in sl and en-gb, and ignores read-only columns', () => {
    const mapped = header('CODE', '', 'Naziv', 'Active', 'createdAt', 'Title', 'key');
    expect(mapped.problems).toEqual([]);
    expect(
      Array.from(mapped.targets, (t) => (t?.kind === 'column' ? t.column.name : t?.kind)),
    ).toEqual(['code', undefined, 'name', 'isActive', 'ignore', 'ignore', 'key']);
  });

  it('reports unknown and repeated columns with their letters', () => {
    expect(header('code', 'colour', 'Šifra').problems).toEqual([
      { code: 'errors.importUnknownColumn', parameters: ['colour', 'B'], field: 'rows.1' },
      {
        code: 'errors.importDuplicateColumn',
        parameters: ['code', 'A', 'C'],
        field: 'rows.1',
      },
    ]);
  });
});
