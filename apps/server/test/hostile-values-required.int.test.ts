import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@listina/contract';
import type { EntityDef } from '../src/modules/tables/entity';
import { ENTITIES } from '../src/modules/tables/registry';
import { expected, PRINCIPALS, RULES, type Principal, type Rule } from './authorization-matrix';
import { accountExamples, type Example } from './route-examples';
import { documentExamples } from './route-examples-documents';
import { createWorld, next, type World } from './route-walk-world';

/**
 * Issue 22: an edit that clears a field whose column is NOT NULL in the database (a document's
 * number, an order's amount) answered 500 from the constraint. Every entity's every writable
 * NOT NULL column, its nested rows' included, is cleared in an update and answered as a
 * required field is: 400 with a message on that field, nothing written.
 */
const EXAMPLES: Record<string, Example> = { ...accountExamples, ...documentExamples };

let w: World;
let notNull: Set<string>;
beforeAll(async () => {
  w = await createWorld();
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || column_name as name from information_schema.columns
    where table_schema = 'public' and is_nullable = 'NO'`.execute(w.t.database.db);
  notNull = new Set(rows.map((r) => r.name));
}, 120_000);
afterAll(() => w.t.close());

/** The update call of each entity that has one, as the matrix names it. */
function updateCall(entity: EntityDef): Rule | undefined {
  const call =
    entity.api === 'root'
      ? `PUT /api/${entity.name}/{key}`
      : `PUT /api/cl/{name}/{key} [${entity.name}]`;
  return RULES.find((r) => r.call === call);
}

const callerOf = (rule: Rule): Principal =>
  PRINCIPALS.find((p) => p !== 'anonymous' && p !== 'nonMember' && expected(rule, p) === 'ok') ??
  'orgadmin';

/** The writable columns of an entity that the database holds NOT NULL. */
const notNullColumns = (entity: EntityDef) =>
  entity.columns.filter((c) => !c.serverOwned && notNull.has(`${entity.table}.${c.column}`));

const cases = ENTITIES.filter((e) => !e.hidden).flatMap((entity) => {
  const rule = updateCall(entity);
  return rule ? [[entity.name, entity, rule] as const] : [];
});

it('declares every NOT NULL column that null can reach as notNull or required', () => {
  // A flag's null is false, a list's null is empty (value-types.ts): only these can reach SQL.
  const undeclared = ENTITIES.flatMap((entity) =>
    notNullColumns(entity)
      .filter((c) => c.type !== 'bool' && !c.multiple && !c.notNull)
      .filter((c) => !c.field.validation?.required)
      .map((c) => `${entity.name}.${c.name}`),
  );
  expect(undeclared).toEqual([]);
});

describe.each(cases)('%s', (_name, entity, rule) => {
  it('answers a cleared NOT NULL column as a required field, on the field, and writes nothing', async () => {
    const who = callerOf(rule);
    const unanswered: string[] = [];
    const taken: string[] = [];
    const attempts: { field: string; payload: (base: Record<string, unknown>) => object }[] = [
      ...notNullColumns(entity).map((c) => ({
        field: c.name,
        payload: (base: Record<string, unknown>) => ({ version: base.version, [c.name]: null }),
      })),
      ...(entity.arrays ?? []).flatMap((array) =>
        notNullColumns(array.entity).map((c) => ({
          field: `${array.name}.0.${c.name}`,
          payload: (base: Record<string, unknown>) => ({
            version: base.version,
            [array.name]: [{ ...array.entity.sample(90_000 + next()), id: -1, [c.name]: null }],
          }),
        })),
      ),
    ];
    for (const attempt of attempts) {
      const example = EXAMPLES[rule.call];
      if (!example) throw new Error(`no example request for ${rule.call}`);
      const req = await example(w, who);
      const res = await w.t.app.inject({
        method: 'PUT',
        url: req.url,
        headers: w.headers[who],
        payload: attempt.payload((req.payload ?? {}) as Record<string, unknown>),
      });
      const version = (req.payload as { version?: number }).version;
      const read = await w.t.app.inject({
        url: req.url.split('?')[0] ?? '',
        headers: w.headers[who],
      });
      const after = read.json<Record<string, unknown>>();
      if (res.statusCode === 400) {
        // Refused on the field, and nothing written.
        const fields = res.json<ApiError>().error.map((e) => e.field);
        if (!fields.includes(attempt.field)) unanswered.push(`${attempt.field}: ${res.body}`);
        expect(after.version, `${attempt.field} was refused but written`).toBe(version);
      } else if (res.statusCode !== 200) {
        unanswered.push(`${attempt.field}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else {
        // Taken as its empty value (an optional text, a flag's default): never as null.
        taken.push(attempt.field);
        if (!attempt.field.includes('.'))
          expect(after[attempt.field], `${attempt.field} read back`).not.toBeNull();
      }
    }
    expect(unanswered).toEqual([]);
    console.info(`${entity.name}: cleared and taken as empty: ${taken.join(', ') || 'none'}`);
  });
});
