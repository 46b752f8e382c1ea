import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../test/fake-api';
import { deleteRecords, fetchPage, fetchRecord, saveRecord } from './api';
import { exportTable, importTable } from './grid/table-files';

const saved = { item: { id: 1, key: 'k1', displayTitle: 'K1' }, undoId: 'u1' };

function api() {
  return fakeApi({
    'GET /api/doc': () => json({ items: [], nextCursor: null }),
    'GET /api/doc/:key': () => json(saved.item),
    'POST /api/doc': () => json(saved, 201),
    'PUT /api/doc/:key': () => json(saved),
    'DELETE /api/doc': () => json({ deleted: 1, undoId: 'u2' }),
    'POST /api/doc/export': () => new Response('x'),
    'POST /api/doc/import': () =>
      json({ created: 0, updated: 0, unchanged: 0, dryRun: true, undoId: null }),
    'GET /api/cl/:name': () => json({ items: [], nextCursor: null }),
    'GET /api/cl/:name/:key': () => json(saved.item),
    'POST /api/cl/:name': () => json(saved, 201),
    'PUT /api/cl/:name/:key': () => json(saved),
    'DELETE /api/cl/:name': () => json({ deleted: 1, undoId: 'u2' }),
  });
}

describe('table calls by table name (spec §7)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('serves the doc table at /api/doc: list, read, create, update, delete, export, import', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:api-test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = api();
    await fetchPage('doc', { count: 5, filter: ['status:draft'] });
    await fetchRecord('doc', 'k1');
    await saveRecord('doc', { number: 'R-1' });
    await saveRecord('doc', { key: 'k1', number: 'R-1' }, true);
    await deleteRecords('doc', ['k1']);
    await exportTable('doc', 'csv', {});
    await importTable('doc', new File(['a'], 'a.csv'), { dryRun: true, ignoreWarnings: false });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/doc?count=5&filter=status%3Adraft',
      'GET /api/doc/k1',
      'POST /api/doc',
      'PUT /api/doc/k1?ignoreWarnings=true',
      'DELETE /api/doc',
      'POST /api/doc/export?format=csv',
      'POST /api/doc/import?dryRun=true',
    ]);
  });

  it('keeps every other table under /api/cl', async () => {
    const calls = api();
    await fetchPage('currency', { count: 5 });
    await fetchRecord('currency', 'k1');
    await saveRecord('currency', { code: 'EUR' });
    await saveRecord('currency', { key: 'k1', code: 'EUR' });
    await deleteRecords('currency', ['k1'], true);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/cl/currency?count=5',
      'GET /api/cl/currency/k1',
      'POST /api/cl/currency',
      'PUT /api/cl/currency/k1',
      'DELETE /api/cl/currency?ignoreWarnings=true',
    ]);
  });
});
