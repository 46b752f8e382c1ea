import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './table-files';
import { toRowProblem } from './use-import';

describe('file names of downloads', () => {
  it('prefers the UTF-8 name, then the quoted one, then the fallback', () => {
    expect(
      filenameFromDisposition(
        `attachment; filename="Sifrant_.xlsx"; filename*=UTF-8''%C5%A0ifrant%20%C4%8D.xlsx`,
        'x.xlsx',
      ),
    ).toBe('Šifrant č.xlsx');
    expect(filenameFromDisposition('attachment; filename="VAT \\"rates\\".csv"', 'x')).toBe(
      'VAT "rates".csv',
    );
    expect(filenameFromDisposition('attachment; filename=plain.csv', 'x')).toBe('plain.csv');
    expect(filenameFromDisposition(null, 'vatRate.xlsx')).toBe('vatRate.xlsx');
  });
});

describe('import row report', () => {
  it('reads the row and field from "rows.<row>.<field>"', () => {
    const message = (field?: string) => ({ msg: 'm', parameters: [], field });
    expect(toRowProblem(message('rows.12.validFrom'))).toEqual({
      row: 12,
      field: 'validFrom',
      message: 'm',
    });
    expect(toRowProblem(message('rows.4'))).toEqual({ row: 4, field: null, message: 'm' });
    expect(toRowProblem(message('file'))).toEqual({ row: null, field: 'file', message: 'm' });
    expect(toRowProblem(message())).toEqual({ row: null, field: null, message: 'm' });
  });
});
