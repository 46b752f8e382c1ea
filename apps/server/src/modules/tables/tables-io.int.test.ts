import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import {
  createOrganization,
  createTestApp,
  createUser,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { textOf } from './cell-values';
import type { EntityDef } from './entity';
import { referencesOf } from './references';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './import';
import { ENTITIES } from './registry';
import { csvLine, parseCsv } from './spreadsheet';

/**
 * Export and import, generic over every listed entity definition (as tables.generic does):
 * a new entity is covered by its sample() without new tests.
 */
let t: TestApp;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let readerHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const writer = await createUser(t, { roles: ['sysadmin'] });
  const reader = await createUser(t);
  const org = await createOrganization(t, { [writer.id]: ['orgadmin'], [reader.id]: ['viewer'] });
  const stranger = await createUser(t, { roles: ['sysadmin'] });
  const foreignOrg = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  headers = await memberHeaders(t, writer, org);
  readerHeaders = await memberHeaders(t, reader, org);
  foreignHeaders = await memberHeaders(t, stranger, foreignOrg);
});
afterAll(() => t.close());

// Tables whose records are created through the table calls (not the organisation itself).
const listed = ENTITIES.filter((e) => !e.hidden && e.canCreate !== false);
let counter = 5000;

type Format = 'xlsx' | 'csv';

/** A multipart/form-data body with one file part, built by hand as a browser would send it. */
function multipart(content: Buffer, filename = 'upload', extra = '') {
  const boundary = `----listina${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `${extra ? `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${extra}\r\n` : ''}` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

function importFile(entity: EntityDef | string, content: Buffer, query = '', h = headers) {
  const { payload, contentType } = multipart(content);
  const name = typeof entity === 'string' ? entity : entity.name;
  return t.app.inject({
    method: 'POST',
    url: `${tablePath(name)}/import${query ? `?${query}` : ''}`,
    headers: { ...h, 'content-type': contentType },
    payload,
  });
}

function exportFile(entity: EntityDef | string, format: Format, body: object = {}, h = headers) {
  const name = typeof entity === 'string' ? entity : entity.name;
  return t.app.inject({
    method: 'POST',
    url: `${tablePath(name)}/export?format=${format}`,
    headers: h,
    payload: body,
  });
}

async function create(entity: EntityDef, sample = entity.sample(counter++), h = headers) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${tablePath(entity.name)}`,
    headers: h,
    payload: sample,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

async function listAll(entity: EntityDef, h = headers) {
  const items: TableRecord[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const suffix: string = cursor ? `&cursor=${cursor}` : '';
    const res = await t.app.inject({
      url: `${tablePath(entity.name)}?count=1000${suffix}`,
      headers: h,
    });
    const body = res.json<{ items: TableRecord[]; nextCursor: string | null }>();
    items.push(...body.items);
    cursor = body.nextCursor;
  }
  return items;
}

/** The rows of the first sheet of an xlsx file, as plain values. */
async function xlsxRows(content: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const csvRows = (content: Buffer) =>
  parseCsv(content.toString('utf8'), Infinity).filter((r) => r.some((f) => f !== ''));

/** A CSV file of sample records: their plain column values under the field names. */
function sampleCsv(entity: EntityDef, samples: Record<string, unknown>[]) {
  const names = entity.columns.filter((c) => samples.some((s) => c.name in s)).map((c) => c.name);
  const lines = [names, ...samples.map((s) => names.map((n) => textOf(s[n])))];
  return Buffer.from(lines.map((line) => csvLine(line)).join(''));
}

const uniqueOf = (entity: EntityDef) => entity.columns.find((c) => c.unique);

/** Default headers when the entity has a unique column, else the key as well (to match rows). */
const roundTripBody = (entity: EntityDef) =>
  uniqueOf(entity)
    ? {}
    : {
        headers: [
          { field: 'key', label: 'key' },
          ...entity.columns.filter((c) => c.list).map((c) => ({ field: c.name, label: c.name })),
        ],
      };

describe.each(listed.map((e) => [e.name, e] as const))('table %s', (_name, entity) => {
  it('creates the rows of an imported file of sample records', async () => {
    const before = (await listAll(entity)).length;
    const samples = [counter++, counter++, counter++].map((n) => entity.sample(n));
    const res = await importFile(entity, sampleCsv(entity, samples));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, updated: 0, unchanged: 0, dryRun: false });
    expect((await listAll(entity)).length).toBe(before + 3);
  });

  it.each(['xlsx', 'csv'] as const)(
    're-imports its own %s export without creating anything or changing a row',
    async (format) => {
      await create(entity);
      await create(entity);
      const before = await listAll(entity);
      const exported = await exportFile(entity, format, roundTripBody(entity));
      expect(exported.statusCode, exported.body).toBe(200);
      const res = await importFile(entity, exported.rawPayload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        created: 0,
        updated: 0,
        unchanged: before.length,
        dryRun: false,
        undoId: null,
      });
      expect(await listAll(entity)).toEqual(before);
    },
  );

  it('updates the matching record when a re-imported row differs, and undoes it in one step', async () => {
    const unique = uniqueOf(entity);
    const text = entity.columns.find(
      (c) => c.list && c.type === 'text' && !c.unique && !c.normalise && !c.field.validation?.regex,
    );
    if (!unique || !text) return;
    const item = await create(entity);
    const file = Buffer.from(
      `${unique.name};${text.name}\r\n${String(item[unique.name])};Changed\r\n`,
    );
    const res = await importFile(entity, file);
    expect(res.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const after = await t.app.inject({ url: `${tablePath(entity.name)}/${item.key}`, headers });
    expect(after.json()[text.name]).toBe('Changed');
    expect(after.json().version).toBe(Number(item.version) + 1);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${res.json().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const restored = await t.app.inject({ url: `${tablePath(entity.name)}/${item.key}`, headers });
    expect(restored.json()[text.name]).toBe(item[text.name]);
  });

  it('writes nothing when one row is bad, and reports its row and field', async () => {
    const required = entity.columns.find((c) => c.field.validation?.required && !c.serverOwned);
    if (!required) return;
    const before = await listAll(entity);
    const samples = [counter++, counter++, counter++].map((n) => entity.sample(n));
    const bad = { ...samples[1], [required.name]: '' };
    const res = await importFile(
      entity,
      sampleCsv(entity, [samples[0] ?? {}, bad, samples[2] ?? {}]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      {
        msg: 'field is required',
        code: 'validation.required',
        parameters: [],
        field: `rows.3.${required.name}`,
      },
    ]);
    expect(await listAll(entity)).toEqual(before);
  });

  it('refuses a row naming no record of a referenced table, reporting row and field', async () => {
    const reference = referencesOf(entity).find((r) => r.sqlType === 'text');
    if (!reference || entity.canCreate === false) return;
    const before = await listAll(entity);
    const samples = [counter++, counter++].map((n) => entity.sample(n));
    const bad = { ...samples[1], [reference.column.name]: 'QQ' };
    const res = await importFile(entity, sampleCsv(entity, [samples[0] ?? {}, bad]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContainEqual(
      expect.objectContaining({
        code: 'errors.unknownReference',
        parameters: ['QQ'],
        field: `rows.3.${reference.column.name}`,
      }),
    );
    expect(await listAll(entity)).toEqual(before);
  });

  it('checks a dry run fully but writes nothing', async () => {
    const before = await listAll(entity);
    const samples = [counter++, counter++].map((n) => entity.sample(n));
    const res = await importFile(entity, sampleCsv(entity, samples), 'dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      dryRun: true,
      undoId: null,
    });
    expect(await listAll(entity)).toEqual(before);
  });

  it('undoes a whole import with its one undoId', async () => {
    const before = await listAll(entity);
    const samples = [counter++, counter++].map((n) => entity.sample(n));
    const res = await importFile(entity, sampleCsv(entity, samples));
    expect(res.json().created).toBe(2);
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/undo/${res.json().undoId}`,
      headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await listAll(entity)).toEqual(before);
  });

  it('exports the rows named by keys, in their order, with the given headers', async () => {
    const first = await create(entity);
    const second = await create(entity);
    const title = entity.titleColumns[0] ?? 'key';
    const res = await exportFile(entity, 'csv', {
      keys: [second.key, first.key],
      headers: [
        { field: 'key', label: 'Key' },
        { field: title, label: 'Title' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvRows(res.rawPayload)).toEqual([
      ['Key', 'Title'],
      [second.key, textOf(second[title])],
      [first.key, textOf(first[title])],
    ]);
  });

  if (entity.scope === 'tenant') {
    it("never exports another organisation's rows, by list or by key", async () => {
      const foreign = await create(entity, entity.sample(counter++), foreignHeaders);
      const all = await exportFile(entity, 'csv', { headers: [{ field: 'key', label: 'key' }] });
      const keys = csvRows(all.rawPayload).flat();
      expect(keys).not.toContain(foreign.key);
      expect(keys.length).toBe((await listAll(entity)).length + 1);
      const byKey = await exportFile(entity, 'xlsx', { keys: [foreign.key] });
      expect(byKey.statusCode).toBe(404);
      expect(byKey.json().error[0].code).toBe('errors.recordNotFound');
    });

    it("never imports into another organisation's record named by its key, writing nothing", async () => {
      const foreign = await create(entity, entity.sample(counter++), foreignHeaders);
      const ours = await listAll(entity);
      const sample = entity.sample(counter++);
      const names = entity.columns.filter((c) => c.name in sample).map((c) => c.name);
      const file = Buffer.from(
        [
          ['key', ...names],
          [foreign.key, ...names.map((n) => textOf(sample[n]))],
        ]
          .map((line) => csvLine(line))
          .join(''),
      );
      const res = await importFile(entity, file);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContainEqual(
        expect.objectContaining({ code: 'errors.recordNotFound', field: 'rows.2.key' }),
      );
      expect(await listAll(entity)).toEqual(ours);
      const theirs = await t.app.inject({
        url: `${tablePath(entity.name)}/${foreign.key}`,
        headers: foreignHeaders,
      });
      expect(theirs.json()).toEqual(foreign);
      const wrongHeader = await importFile(entity, file, '', {
        ...headers,
        'organization-id': foreignHeaders['organization-id'] ?? '',
      });
      expect(wrongHeader.statusCode).toBe(403);
      expect(wrongHeader.json().error[0].code).toBe('errors.notMember');
    });
  } else {
    it('exports the shared reference data to every organisation alike', async () => {
      const ours = await exportFile(entity, 'csv', { headers: [{ field: 'key', label: 'key' }] });
      const theirs = await exportFile(
        entity,
        'csv',
        { headers: [{ field: 'key', label: 'key' }] },
        foreignHeaders,
      );
      expect(theirs.statusCode).toBe(200);
      expect(csvRows(theirs.rawPayload)).toEqual(csvRows(ours.rawPayload));
    });
  }

  it('refuses an unknown header field, naming it', async () => {
    const res = await exportFile(entity, 'xlsx', {
      headers: [{ field: 'nosuchfield', label: 'X' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.exportUnknownField',
      field: 'headers.0.field',
    });
    expect(res.json().error[0].msg).toContain('nosuchfield');
  });
});

describe('export files', () => {
  const partner = ENTITIES.find((e) => e.name === 'partner') as EntityDef;

  it('names the file after the table and today, and labels columns in the request language', async () => {
    await create(partner);
    const res = await exportFile(partner, 'xlsx', {}, { ...headers, 'content-language': 'sl' });
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="partner-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''partner-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const [header] = await xlsxRows(res.rawPayload);
    expect(header).toContain('Šifra');
    const csv = await exportFile(partner, 'csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvRows(csv.rawPayload)[0]).toContain('Code');
  });

  it.each(['xlsx', 'csv'] as const)(
    'neutralises %s cells that a spreadsheet would run as formulas, and reads them back',
    async (format) => {
      const evil = ['=HYPERLINK("http://x.test","y")', '+1+1', '-2+3', '@SUM(A1)'];
      const items = [];
      for (const name of evil)
        items.push(await create(partner, { ...partner.sample(counter++), name }));
      const keys = items.map((i) => i.key);
      const body = {
        keys,
        headers: [
          { field: 'code', label: 'code' },
          { field: 'name', label: 'name' },
        ],
      };
      const res = await exportFile(partner, format, body);
      const rows = format === 'xlsx' ? await xlsxRows(res.rawPayload) : csvRows(res.rawPayload);
      expect(rows.slice(1).map((r) => r[1])).toEqual(evil.map((e) => `'${e}`));
      const labels = await exportFile(partner, format, {
        keys,
        headers: [{ field: 'code', label: '=cmd|calc' }],
      });
      const labelRows =
        format === 'xlsx' ? await xlsxRows(labels.rawPayload) : csvRows(labels.rawPayload);
      expect(labelRows[0]).toEqual(["'=cmd|calc"]);
      const again = await importFile(partner, res.rawPayload);
      expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: evil.length });
    },
  );

  it('streams a table larger than a page: every row once, in the default order', async () => {
    const rows = Array.from({ length: 2300 }, (_, i) => partner.sample(100_000 + i));
    const created = await importFile(partner, sampleCsv(partner, rows));
    expect(created.json().created).toBe(2300);
    const res = await exportFile(partner, 'csv', { headers: [{ field: 'key', label: 'key' }] });
    const keys = csvRows(res.rawPayload).slice(1).flat();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual((await listAll(partner)).map((i) => i.key));
  });
});

describe('import files', () => {
  const partner = ENTITIES.find((e) => e.name === 'partner') as EntityDef;

  it('maps header cells by field name or by label in either language', async () => {
    const n = counter++;
    const file = Buffer.from(
      `Šifra;Naziv;Country;active\r\nL${n};Label partner ${n};si;da\r\n`,
      'utf8',
    );
    const res = await importFile(partner, file);
    expect(res.json(), res.body).toMatchObject({ created: 1 });
    const found = (await listAll(partner)).find((i) => i.code === `L${n}`);
    expect(found).toMatchObject({ name: `Label partner ${n}`, countryCode: 'SI', isActive: true });
  });

  it('reads an xlsx workbook and a Windows-1250 CSV from Excel', async () => {
    const n = counter++;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Partnerji');
    sheet.addRow(['code', 'name', 'countryCode', 'isActive']);
    sheet.addRow([`X${n}`, 'Čaj d.o.o.', 'SI', true]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await importFile(partner, xlsx)).json()).toMatchObject({ created: 1 });
    const cp1250 = Buffer.concat([
      Buffer.from(`code,name,countryCode\r\nW${n},`),
      Buffer.from([0xc8, 0x61, 0x6a, 0x20, 0x9a]), // "Čaj š" in Windows-1250
      Buffer.from(',SI\r\n'),
    ]);
    expect((await importFile(partner, cp1250)).json()).toMatchObject({ created: 1 });
    const names = (await listAll(partner)).filter((i) =>
      [`X${n}`, `W${n}`].includes(String(i.code)),
    );
    expect(names.map((i) => i.name).sort()).toEqual(['Čaj d.o.o.', 'Čaj š']);
  });

  it('refuses unknown columns and a value twice in the file, naming row and column', async () => {
    const unknown = await importFile(partner, Buffer.from('code;colour\r\nA;red\r\n'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual([
      {
        msg: 'Column B "colour" is not a field of this table.',
        code: 'errors.importUnknownColumn',
        parameters: ['colour', 'B'],
        field: 'rows.1',
      },
    ]);
    const n = counter++;
    const twice = await importFile(
      partner,
      Buffer.from(`code;name\r\nD${n};One\r\n\r\nD${n};Two\r\n`),
    );
    expect(twice.json().error).toEqual([
      expect.objectContaining({ code: 'errors.importDuplicateRow', field: 'rows.4.code' }),
    ]);
  });

  it('refuses a file over the size limit with 413 in the spec §8 shape', async () => {
    const res = await importFile(partner, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: [
        {
          msg: 'The file is too large: at most 10 MB can be imported at once. Split it into smaller files.',
          code: 'errors.importTooLarge',
          parameters: ['10'],
          field: 'file',
        },
      ],
      warning: [],
    });
  });

  it('refuses more rows than the limit, writing nothing', async () => {
    const before = (await listAll(partner)).length;
    const lines = ['code;name;countryCode'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`R${i};R ${i};SI`);
    const res = await importFile(partner, Buffer.from(lines.join('\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json().error[0]).toMatchObject({
      code: 'errors.importTooManyRows',
      parameters: [String(IMPORT_MAX_ROWS)],
    });
    expect((await listAll(partner)).length).toBe(before);
  });

  it('refuses a picture, an old .xls, a JSON body, no file, two files and an empty file with 4xx', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const picture = await importFile(partner, png);
    expect(picture.statusCode).toBe(415);
    expect(picture.json().error[0]).toMatchObject({ code: 'errors.importFileType', field: 'file' });
    const xls = await importFile(
      partner,
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    );
    expect(xls.statusCode).toBe(415);
    expect(xls.json().error[0].code).toBe('errors.importLegacyXls');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner/import',
      headers,
      payload: { code: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().error[0].code).toBe('errors.importNotMultipart');
    const boundary = 'xyz';
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error[0].code).toBe('errors.importNoFile');
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\ncode\r\n`;
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('a.csv')}${part('b.csv')}--${boundary}--\r\n`,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().error[0].code).toBe('errors.importOneFile');
    const blank = await importFile(partner, Buffer.from('\r\n\r\n'));
    expect(blank.json().error[0].code).toBe('errors.importEmpty');
  });

  it('answers an unknown table with 404 and a reader without write rights with 403', async () => {
    const exported = await exportFile('nosuchtable', 'xlsx');
    expect(exported.statusCode).toBe(404);
    expect(exported.json().error[0].code).toBe('errors.unknownTable');
    const imported = await importFile('nosuchtable', Buffer.from('code\r\nx\r\n'));
    expect(imported.statusCode).toBe(404);
    const reader = await importFile(partner, Buffer.from('code\r\nx\r\n'), '', readerHeaders);
    expect(reader.statusCode).toBe(403);
    expect((await exportFile(partner, 'csv', {}, readerHeaders)).statusCode).toBe(200);
  });

  it('reports conversion problems per cell', async () => {
    const n = counter++;
    const res = await importFile(
      partner,
      Buffer.from(`code;name;isActive\r\nC${n};Name;perhaps\r\n`),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual([
      expect.objectContaining({ code: 'errors.importNotABoolean', field: 'rows.2.isActive' }),
    ]);
  });
});
