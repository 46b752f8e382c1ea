import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  columnLetter,
  csvLine,
  decodeText,
  neutralise,
  parseCsv,
  readSheet,
  sniffFormat,
  toCell,
  unneutralise,
  CellError,
} from './spreadsheet';

describe('CSV', () => {
  it('reads quoted separators, doubled quotes and line breaks inside quotes', () => {
    const text = '\uFEFFcode;name\r\nA;"Smith; Jones"\r\nB;"say ""hi"""\nC;"two\r\nlines"\rD;\r\n';
    expect(parseCsv(text, 10)).toEqual([
      ['code', 'name'],
      ['A', 'Smith; Jones'],
      ['B', 'say "hi"'],
      ['C', 'two\r\nlines'],
      ['D', ''],
    ]);
  });

  it('detects the separator of the header line: ; , or tab', () => {
    expect(parseCsv('a,b\n1,2', 10)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2', 10)[1]).toEqual(['1', '2']);
    expect(parseCsv('"x,y";b\n1;2', 10)[0]).toEqual(['x,y', 'b']);
  });

  it('keeps blank lines as records, so record numbers are spreadsheet row numbers', () => {
    expect(parseCsv('a\n\nb\n', 10)).toEqual([['a'], [''], ['b']]);
  });

  it('refuses an unclosed quote, naming the row it starts in', () => {
    expect(() => parseCsv('a;b\n1;"open\n2;3', 10)).toThrow(AppError);
    try {
      parseCsv('a;b\n1;"open\n2;3', 10);
    } catch (error) {
      expect((error as AppError).errors).toEqual([
        { code: 'errors.importUnclosedQuote', field: 'rows.2' },
      ]);
    }
  });

  it('stops past the row limit', () => {
    expect(() => parseCsv('h\n1\n2\n3\n', 2)).toThrow(AppError);
    expect(parseCsv('h\n1\n\n\n2\n', 2)).toHaveLength(5);
  });

  it('reads back every record it writes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 10,
        }),
        (records) => {
          const text = records.map((r) => csvLine(r)).join('');
          expect(parseCsv(text, 100)).toEqual(records);
        },
      ),
    );
  });
});

describe('formula neutralisation', () => {
  it('prefixes = + - @ tab and CR with an apostrophe, and takes it off again', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(neutralise(text)).toBe(`'${text}`);
      expect(unneutralise(neutralise(text))).toBe(text);
    }
    expect(neutralise('Šumi d.o.o.')).toBe('Šumi d.o.o.');
    expect(unneutralise("'quoted")).toBe("'quoted");
  });
});

describe('file formats', () => {
  it('recognises xlsx, old xls and text by their bytes, not their names', () => {
    expect(sniffFormat(Buffer.from('PK\u0003\u0004rest'))).toBe('xlsx');
    expect(sniffFormat(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBe('xls');
    expect(sniffFormat(Buffer.from('code;name\r\nA;Č\r\n'))).toBe('csv');
    expect(sniffFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      undefined,
    );
    expect(sniffFormat(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toBe('csv');
  });

  it('decodes UTF-8, UTF-16LE and Windows-1250 text', () => {
    expect(decodeText(Buffer.from('Čaj', 'utf8'))).toBe('Čaj');
    expect(
      decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Čaj', 'utf16le')])),
    ).toBe('Čaj');
    expect(decodeText(Buffer.from([0xc8, 0x61, 0x6a]))).toBe('Čaj');
  });

  it('turns exceljs cell values into plain cells', () => {
    expect(toCell({ formula: 'A1*2', result: 4 })).toBe(4);
    expect(toCell({ richText: [{ text: 'Ča' }, { text: 'j' }] })).toBe('Čaj');
    expect(toCell({ text: 'link', hyperlink: 'http://x.test' })).toBe('link');
    expect(toCell({ error: '#N/A' })).toEqual(new CellError('#N/A'));
    expect(toCell(undefined)).toBe(null);
  });

  it('refuses a damaged workbook as unreadable', async () => {
    const damaged = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    await expect(readSheet(damaged, 'xlsx', 10)).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ code: 'errors.importUnreadable', parameters: ['xlsx'], field: 'file' }],
    });
  });

  it('names columns as spreadsheets do', () => {
    expect([1, 26, 27, 52, 703].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
  });
});
