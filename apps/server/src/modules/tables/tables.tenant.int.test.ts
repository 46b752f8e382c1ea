import { describe, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import { tablePath } from '@listina/contract';
import {
  canCreate,
  canDelete,
  listed,
  nextN,
  tableCalls,
  useTableSuite,
} from '../../../test/table-suite';
import type { EntityDef } from './entity';

/**
 * Tenant isolation for every listed table and call (issue 3): another organisation's key,
 * undo id or header gets 404 or 403, nothing is read or changed, and no list ever holds
 * another tenant's row. Shared reference data is read by all and written by sysadmins only.
 * Import with another organisation's key: tables-io.
 */
const suite = useTableSuite();
const { read, put, create, listAll, someRecord, update } = tableCalls(suite);

/** A record of ours and the undoId of an action on it (its create, else an update). */
async function recordWithUndo(entity: EntityDef): Promise<{ item: TableRecord; undoId: string }> {
  if (canCreate(entity)) return create(entity);
  return update(entity, await someRecord(entity));
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}
const inject = (call: Call, headers: Record<string, string>) =>
  suite.t.app.inject({ ...call, headers });

describe.each(listed.map((e) => [e.name, e] as const))('table %s', (_name, entity: EntityDef) => {
  it('refuses every call under the header of an organisation the user is not in (403), changing nothing', async () => {
    const { item, undoId } = await recordWithUndo(entity);
    const before = await listAll(entity, 'count=1000');
    const calls: Call[] = [
      { method: 'GET', url: `${tablePath(entity.name)}` },
      { method: 'GET', url: `${tablePath(entity.name)}/${item.key}` },
      { method: 'GET', url: `${tablePath(entity.name)}/${item.key}/audit` },
      { method: 'GET', url: `/api/cl/schema/${entity.name}` },
      { method: 'GET', url: `/api/cl/default.model/${entity.name}` },
      { method: 'POST', url: `${tablePath(entity.name)}`, payload: entity.sample(nextN()) },
      {
        method: 'PUT',
        url: `${tablePath(entity.name)}/${item.key}`,
        payload: { ...entity.sample(nextN()), version: item.version },
      },
      { method: 'DELETE', url: `${tablePath(entity.name)}`, payload: { keys: [item.key] } },
      { method: 'POST', url: `/api/undo/${undoId}` },
      { method: 'POST', url: `${tablePath(entity.name)}/export?format=csv`, payload: {} },
    ];
    for (const call of calls) {
      const res = await inject(call, suite.wrongHeaders);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(403);
      expect(res.json().error[0].code).toBe('errors.notMember');
    }
    expect(await listAll(entity, 'count=1000')).toEqual(before);
    expect((await read(entity, item.key)).json()).toEqual(item);
  });

  if (entity.scope !== 'global') {
    it('never shows or changes a record of another organisation', async () => {
      const item = await someRecord(entity);
      const foreign = suite.foreignHeaders;
      expect((await read(entity, item.key, foreign)).statusCode).toBe(404);
      const changed = await put(
        entity,
        item.key,
        { ...entity.sample(nextN()), version: item.version },
        foreign,
      );
      expect(changed.statusCode).toBe(404);
      const del = await inject(
        { method: 'DELETE', url: `${tablePath(entity.name)}`, payload: { keys: [item.key] } },
        foreign,
      );
      expect(del.statusCode).toBe(canDelete(entity) ? 404 : 405);
      expect(await listAll(entity, 'count=1000', foreign)).not.toContain(item.key);
      expect((await read(entity, item.key)).json()).toEqual(item);
    });

    it("never shows another organisation's audit nor undoes an action from there, by key or undo id", async () => {
      const { item, undoId } = await recordWithUndo(entity);
      for (const h of [suite.foreignHeaders, suite.ownOtherHeaders]) {
        const audit = await inject(
          { method: 'GET', url: `${tablePath(entity.name)}/${item.key}/audit` },
          h,
        );
        expect(audit.statusCode).toBe(404);
        expect((await read(entity, item.key, h)).statusCode).toBe(404);
        expect(await listAll(entity, 'count=1000', h)).not.toContain(item.key);
        const undo = await inject({ method: 'POST', url: `/api/undo/${undoId}` }, h);
        expect(undo.statusCode).toBe(404);
        expect(undo.json().error[0].code).toBe('errors.undoNotFound');
      }
      expect((await read(entity, item.key)).json()).toEqual(item);
      // Still there to be undone in its own organisation.
      const undo = await inject({ method: 'POST', url: `/api/undo/${undoId}` }, suite.headers);
      expect(undo.statusCode).toBe(200);
    });
  } else {
    it('shares its reference data with every organisation, but only sysadmins change it', async () => {
      const item = await someRecord(entity);
      expect((await read(entity, item.key, suite.foreignHeaders)).json()).toEqual(item);
      const changed = await put(
        entity,
        item.key,
        { ...entity.sample(nextN()), version: item.version },
        suite.foreignHeaders,
      );
      expect(changed.statusCode).toBe(403);
      expect(changed.json().error[0].code).toBe('errors.noWriteRight');
      expect((await read(entity, item.key)).json()).toEqual(item);
    });
  }
});
