import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/create-db';
import { createTestDb } from './test-db';

/**
 * Guards the schema for running distributed by organization_id (docs/distribution.md): every
 * tenant table (a public table with an organization_id column) keeps organization_id in its
 * primary key, its unique keys and its foreign keys to other tenant tables, so that Citus (or a
 * compatible engine) can co-locate an organisation's rows on one shard. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */

/** Tenant tables that cannot follow the rule, each with the reason (see docs/distribution.md). */
const EXCEPTIONS: Record<string, string> = {
  audit_log:
    'organization_id is nullable (changes to global data have no organisation); PRIMARY KEY (id)',
  undo_action:
    'organization_id is nullable (undo of global data has no organisation); PRIMARY KEY (id)',
  job: 'the job queue: PRIMARY KEY (id), organization_id nullable for global jobs; workers claim across organisations',
  organization_invitation:
    'an invitation is opened by its link alone, before the invitee belongs to the organisation: its key and token hash are unique across organisations (on Citus, a table of the coordinator)',
};

/** Global tables that tenant tables reference: reference tables on Citus. */
const REFERENCE_TABLES = ['app_user', 'organization'];

interface Column {
  table: string;
  column: string;
  num: number;
  notNull: boolean;
}
interface Constraint {
  table: string;
  name: string;
  type: string;
  keys: number[];
  refTable: string;
  refKeys: number[];
}

async function catalog(handle: DbHandle) {
  const columns = await sql<Column>`
    select c.relname as "table", a.attname as "column", a.attnum as num, a.attnotnull as "notNull"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p')`.execute(handle.db);
  // Unique indexes that are not constraints are listed as type 'i' (Citus needs them too).
  const constraints = await sql<Constraint>`
    select c.relname as "table", k.conname as name, k.contype as type,
           k.conkey::int[] as keys, coalesce(r.relname, '') as "refTable",
           coalesce(k.confkey::int[], '{}') as "refKeys"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class r on r.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'u', 'f')
    union all
    select c.relname, ic.relname, 'i', string_to_array(i.indkey::text, ' ')::int[], '', '{}'::int[]
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`.execute(
    handle.db,
  );
  return { columns: columns.rows, constraints: constraints.rows };
}

/** What keeps a table from being distributed by organization_id; empty when it complies. */
function problems(
  table: string,
  constraints: Constraint[],
  orgColumn: Map<string, Column>,
): string[] {
  const org = orgColumn.get(table);
  if (!org) return ['no organization_id column'];
  const found: string[] = [];
  if (!org.notNull) found.push('organization_id is nullable');
  const own = constraints.filter((k) => k.table === table);
  const pk = own.find((k) => k.type === 'p');
  if (!pk || !pk.keys.includes(org.num)) found.push('primary key without organization_id');
  for (const k of own.filter((c) => c.type === 'u' || c.type === 'i')) {
    if (!k.keys.includes(org.num)) found.push(`unique key ${k.name} without organization_id`);
  }
  for (const fk of own.filter((c) => c.type === 'f')) {
    const target = orgColumn.get(fk.refTable);
    if (!target) continue; // a reference table
    const at = fk.keys.indexOf(org.num);
    if (at < 0 || fk.refKeys[at] !== target.num) {
      found.push(`foreign key ${fk.name} to ${fk.refTable} not on organization_id`);
    }
  }
  return found;
}

describe('distribution by organization_id', () => {
  let handle: DbHandle;
  let columns: Column[];
  let constraints: Constraint[];
  let orgColumn: Map<string, Column>;

  beforeAll(async () => {
    handle = await createTestDb();
    ({ columns, constraints } = await catalog(handle));
    orgColumn = new Map(
      columns.filter((c) => c.column === 'organization_id').map((c) => [c.table, c]),
    );
  });
  afterAll(async () => {
    await handle.close();
  });

  it('finds the tenant tables', () => {
    expect(orgColumn.size).toBeGreaterThan(10);
    expect([...orgColumn.keys()]).toEqual(expect.arrayContaining(['doc', 'partner', 'pay_order']));
  });

  it('every tenant table keeps organization_id in its keys, or is a listed exception', () => {
    const offending: Record<string, string[]> = {};
    for (const table of orgColumn.keys()) {
      const found = problems(table, constraints, orgColumn);
      if (found.length > 0 && !(table in EXCEPTIONS)) offending[table] = found;
    }
    expect(offending).toEqual({});
  });

  it('every listed exception still exists and still breaks the rule', () => {
    const stale = Object.keys(EXCEPTIONS).filter(
      (table) => !orgColumn.has(table) || problems(table, constraints, orgColumn).length === 0,
    );
    expect(stale).toEqual([]);
  });

  it('tenant tables reference only the listed global tables', () => {
    const referenced = new Set(
      constraints
        .filter((k) => k.type === 'f' && orgColumn.has(k.table) && !orgColumn.has(k.refTable))
        .map((k) => k.refTable),
    );
    expect([...referenced].sort()).toEqual(REFERENCE_TABLES);
  });

  it('no global table has a foreign key to a tenant table', () => {
    const backwards = constraints
      .filter((k) => k.type === 'f' && !orgColumn.has(k.table) && orgColumn.has(k.refTable))
      .map((k) => `${k.table}.${k.name} -> ${k.refTable}`);
    expect(backwards).toEqual([]);
  });
});
