import { describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import { listed, nextN, tableCalls, useTableSuite } from '../../../test/table-suite';
import { labelOf } from './cell-values';
import type { EntityDef } from './entity';
import { fileArraysOf } from './nested-cells';
import { csvLine, parseCsv } from './spreadsheet';

/**
 * Nested rows (a partner's bank accounts) in export and import files, for every table whose
 * file carries an array (ADR 0006): one cell of codes, the flagged row first and marked.
 */
const suite = useTableSuite();
const { read, listAll } = tableCalls(suite);

function importFile(entity: EntityDef, lines: string[][]) {
  const boundary = `----listina${nextN()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(lines.map((line) => csvLine(line)).join('')),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return suite.t.app.inject({
    method: 'POST',
    url: `${tablePath(entity.name)}/import`,
    headers: { ...suite.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const withArrays = listed.filter((e) => e.canCreate !== false && fileArraysOf(e).length > 0);

describe.each(withArrays.map((e) => [e.name, e] as const))('%s files', (_name, entity) => {
  const array = fileArraysOf(entity)[0];
  if (!array) throw new Error('no file array');
  const flag = array.oneTrue ?? '';
  const newRow = (id: number, flagged: boolean) => ({
    ...array.entity.sample(nextN()),
    id,
    [flag]: flagged,
  });
  const rowsOf = async (key: string) =>
    (await read(entity, key)).json<TableRecord>()[array.name] as TableRecord[];
  const post = async (payload: Record<string, unknown>) => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: `${tablePath(entity.name)}`,
      headers: suite.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ item: TableRecord }>().item;
  };

  it('exports the rows as one cell, and a deleted record comes back with them from the file', async () => {
    const [plain, flagged] = [newRow(-1, false), newRow(-2, true)];
    const item = await post({ ...entity.sample(nextN()), [array.name]: [plain, flagged] });
    const exported = await suite.t.app.inject({
      method: 'POST',
      url: `${tablePath(entity.name)}/export?format=csv`,
      headers: suite.headers,
      payload: { keys: [item.key] },
    });
    const [header = [], line = []] = parseCsv(exported.rawPayload.toString('utf8'), Infinity);
    const cell = line[header.indexOf(labelOf(entity, array.name, 'en-gb'))];
    expect(cell).toBe(`${String(flagged.code)}*; ${String(plain.code)}`);

    await suite.t.app.inject({
      method: 'DELETE',
      url: `${tablePath(entity.name)}`,
      headers: suite.headers,
      payload: { keys: [item.key] },
    });
    const imported = await importFile(entity, [header, line]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, updated: 0 });
    const [key] = await listAll(entity, `count=10&search=${encodeURIComponent(String(item.code))}`);
    const rows = await rowsOf(key ?? '');
    // Read back in the cell's order: the flagged row first.
    expect(rows.map((r) => [r.code, r[flag]])).toEqual([
      [flagged.code, true],
      [plain.code, false],
    ]);
    const again = await importFile(entity, [header, line]);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });

  it('adds rows and moves the flag on a stored record, refuses a bad code in its cell, and undoes it in one step', async () => {
    const first = newRow(-1, true);
    const item = await post({ ...entity.sample(nextN()), [array.name]: [first] });
    const [stored] = await rowsOf(item.key);
    const added = newRow(-1, true);
    const bad = await importFile(entity, [
      ['code', array.name],
      [String(item.code), `${String(added.code)}*; SI56 0000 0000 0000 000`],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error[0]).toMatchObject({
      code: expect.stringMatching(/^validation\.iban\./),
      field: `rows.2.${array.name}.2.code`,
    });
    expect(await rowsOf(item.key)).toEqual([stored]);

    const res = await importFile(entity, [
      ['code', array.name],
      [String(item.code), `${String(first.code)}; ${String(added.code)}*`],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 1 });
    const after = await rowsOf(item.key);
    expect(after.map((r) => [r.code, r[flag]])).toEqual([
      [first.code, false],
      [added.code, true],
    ]);
    const undo = await suite.t.app.inject({
      method: 'POST',
      url: `/api/undo/${String(res.json().undoId)}`,
      headers: suite.headers,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    const undone = await rowsOf(item.key);
    expect(undone.map((r) => [r.key, r.code, r[flag]])).toEqual([[stored?.key, first.code, true]]);
  });
});
