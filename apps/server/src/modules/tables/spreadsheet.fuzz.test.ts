import { inflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzz } from '../../../test/fuzz';
import { AppError } from '../../lib/errors';
import { zip, type ZipFile } from '../files/fixtures/builders';
import { loadExcel } from './excel';
import { decodeText, parseCsv, readSheet, sniffFormat } from './spreadsheet';
import { XLSX_MAX_UNPACKED_BYTES } from './xlsx-check';

/**
 * Hostile files to the table import's readers (issue 9): any bytes, odd CSV quoting, huge
 * fields, damaged and truncated workbooks and ZIP bombs give rows or a 4xx AppError naming
 * the problem, never another exception, and a bomb is refused before it is unpacked.
 */

const MB = 2 ** 20;

/** Rows, or an AppError with a 4xx status: what the import route answers either way. */
async function readOrRefuse(bytes: Buffer, maxRows = 100): Promise<unknown> {
  try {
    const format = sniffFormat(bytes);
    if (format === 'xlsx' || format === 'csv') return await readSheet(bytes, format, maxRows);
    return format;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBeGreaterThanOrEqual(400);
    expect((error as AppError).statusCode).toBeLessThan(500);
    return error;
  }
}

/** The ZIP with the unpacked size its central directory claims for `name` replaced. */
function claimSize(bytes: Buffer, name: string, size: number): Buffer {
  const claimed = Buffer.from(bytes);
  for (
    let header = claimed.indexOf('PK\x01\x02');
    header >= 0;
    header = claimed.indexOf('PK\x01\x02', header + 4)
  ) {
    const nameLength = claimed.readUInt16LE(header + 28);
    if (claimed.toString('utf8', header + 46, header + 46 + nameLength) === name) {
      claimed.writeUInt32LE(size, header + 24);
    }
  }
  return claimed;
}

/**
 * The same package with every entry stored rather than deflated, as some tools write it,
 * each entry's bytes passed through `change`.
 */
function stored(bytes: Buffer, change = (_name: string, data: Buffer) => data): Buffer {
  const files: ZipFile[] = [];
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4)) {
    const name = bytes.toString('utf8', at + 46, at + 46 + bytes.readUInt16LE(at + 28));
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const packed = bytes.subarray(start, start + bytes.readUInt32LE(at + 20));
    const data = bytes.readUInt16LE(at + 10) === 0 ? packed : inflateRawSync(packed);
    files.push({ name, data: change(name, data), isStored: true });
  }
  return zip(files);
}

async function workbook(rows: number): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Partners');
  sheet.addRow(['code', 'name', 'amount', 'date']);
  for (let row = 1; row <= rows; row++) {
    sheet.addRow([`P${row}`, `Šumi ${row}`, row * 1.5, new Date(Date.UTC(2026, 0, row))]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('CSV reader', () => {
  it('reads any bytes as records or refuses them with a 4xx', async () => {
    const token = fc.constantFrom('"', '""', ';', ',', '\t', '\r', '\n', '\r\n', 'a', 'Č', ' ');
    const csv = fc.oneof(
      fc.array(token, { maxLength: 60 }).map((parts) => Buffer.from(parts.join(''))),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      fc
        .array(token, { maxLength: 30 })
        .map((parts) => Buffer.from(`\uFEFF${parts.join('')}`, 'utf16le'))
        .map((text) => Buffer.concat([Buffer.from([0xff, 0xfe]), text.subarray(2)])),
    );
    await fc.assert(
      fc.asyncProperty(csv, async (bytes) => {
        await readOrRefuse(bytes, 5);
      }),
      fuzz(500),
    );
  });

  it('reads a field of megabytes and a line of ten thousand fields', () => {
    const huge = 'x'.repeat(5 * MB);
    expect(parseCsv(`name\n"${huge}"\n`, 10)[1]?.[0]).toHaveLength(5 * MB);
    expect(parseCsv(`${';'.repeat(10_000)}\n`, 10)[0]).toHaveLength(10_001);
    expect(decodeText(Buffer.from(`\uFEFF${huge}`))).toHaveLength(5 * MB);
  });

  it('refuses an unclosed quote at the end of a large file, naming its row', () => {
    const text = `a;b\n${'1;2\n'.repeat(1000)}3;"${'x'.repeat(MB)}`;
    expect(() => parseCsv(text, 5000)).toThrow(
      expect.objectContaining({
        errors: [{ code: 'errors.importUnclosedQuote', field: 'rows.1002' }],
      }),
    );
  });
});

describe('xlsx reader', () => {
  it('refuses random bytes behind a ZIP signature with a 4xx', async () => {
    const bytes = fc
      .uint8Array({ maxLength: 400 })
      .map((rest) => Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), rest]));
    await fc.assert(
      fc.asyncProperty(bytes, async (file) => {
        expect(await readOrRefuse(file)).toBeInstanceOf(AppError);
      }),
      fuzz(200),
    );
  });

  it('reads a mutated or truncated workbook, or refuses it with a 4xx', async () => {
    const valid = await workbook(20);
    const read = await readOrRefuse(valid);
    expect(read).toMatchObject({ header: { cells: ['code', 'name', 'amount', 'date'] } });
    const mutation = fc.oneof(
      fc.integer({ min: 1, max: valid.length - 1 }).map((end) => valid.subarray(0, end)),
      fc
        .array(fc.tuple(fc.nat(valid.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 })
        .map((changes) => {
          const copy = Buffer.from(valid);
          for (const [at, byte] of changes) copy[at] = byte;
          return copy;
        }),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (file) => {
        await readOrRefuse(file);
      }),
      fuzz(80),
    );
  });

  it('reads a workbook of stored entries every time (exceljs alone lost one read in four)', async () => {
    const file = stored(await workbook(3));
    for (let read = 0; read < 12; read++) {
      const sheet = await readSheet(file, 'xlsx', 100);
      expect(sheet?.rows.map((row) => row.cells[0])).toEqual(['P1', 'P2', 'P3']);
    }
  });

  it('refuses a sheet of more rows than Excel holds, blank ones included', async () => {
    const blank = (count: number) => (name: string, data: Buffer) =>
      name === 'xl/worksheets/sheet1.xml'
        ? Buffer.from(
            data.toString('utf8').replace('</sheetData>', `${'<row/>'.repeat(count)}</sheetData>`),
          )
        : data;
    const valid = await workbook(2);
    const many = stored(valid, blank(1_100_000));
    await expect(readSheet(many, 'xlsx', 100)).rejects.toMatchObject({
      errors: [{ code: 'errors.importUnreadable' }],
    });
    expect((await readSheet(stored(valid, blank(1000)), 'xlsx', 100))?.rows).toHaveLength(2);
  });

  it('refuses a ZIP bomb by its declared size, before unpacking it', async () => {
    const valid = await workbook(2);
    // The sheet claims 201 MB, as a real bomb of that much XML would.
    const bomb = claimSize(valid, 'xl/worksheets/sheet1.xml', XLSX_MAX_UNPACKED_BYTES + MB);
    const before = process.memoryUsage();
    await expect(readSheet(bomb, 'xlsx', 100)).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ code: 'errors.importUnpackedTooLarge', parameters: [200], field: 'file' }],
    });
    const grown = process.memoryUsage().rss - before.rss;
    expect(grown).toBeLessThan(100 * MB);
  });

  it('refuses an entry that unpacks to more than it claims, stopping at the claim', async () => {
    // 64 MB of one letter deflate to 64 kB; the directory claims 1 kB.
    const payload = `<sst>${'a'.repeat(64 * MB)}</sst>`;
    const liar = claimSize(
      zip([{ name: 'xl/sharedStrings.xml', data: payload }]),
      'xl/sharedStrings.xml',
      1024,
    );
    expect(liar.length).toBeLessThan(MB);
    const before = process.memoryUsage();
    await expect(readSheet(liar, 'xlsx', 100)).rejects.toMatchObject({
      statusCode: 400,
      errors: [{ code: 'errors.importUnreadable', parameters: ['xlsx'], field: 'file' }],
    });
    expect(process.memoryUsage().heapUsed - before.heapUsed).toBeLessThan(32 * MB);
  });

  it('counts entries that overlap the same bytes once each, refusing the sum', async () => {
    const sheet = `<worksheet><sheetData>${'<row/>'.repeat(1000)}</sheetData></worksheet>`;
    const one = zip([{ name: 'xl/worksheets/sheet1.xml', data: sheet }]);
    // 300 central entries pointing at one local entry: the overlapping-files bomb.
    const entry = one.subarray(one.indexOf('PK\x01\x02'), one.indexOf('PK\x05\x06'));
    const claimed = claimSize(one, 'xl/worksheets/sheet1.xml', MB);
    const central = claimed.subarray(claimed.indexOf('PK\x01\x02'), claimed.indexOf('PK\x05\x06'));
    const local = one.subarray(0, one.indexOf('PK\x01\x02'));
    const end = Buffer.from(one.subarray(one.indexOf('PK\x05\x06')));
    end.writeUInt16LE(300, 8);
    end.writeUInt16LE(300, 10);
    end.writeUInt32LE(central.length * 300, 12);
    const bomb = Buffer.concat([local, ...Array.from({ length: 300 }, () => central), end]);
    expect(entry.length).toBe(central.length);
    await expect(readSheet(bomb, 'xlsx', 100)).rejects.toMatchObject({
      errors: [{ code: 'errors.importUnpackedTooLarge' }],
    });
  });
});
