import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';
import { UUID_PATTERN } from '../../lib/ids';
import type { ColumnDef, EntityDef } from './entity';
import type { Model } from './model';
import { findEntity } from './registry';

/** Values looked up per statement. */
const CHUNK = 1000;

export interface Reference {
  column: ColumnDef;
  target: EntityDef;
  /** The target's SQL column the value must be found in, and its SQL type for the lookup. */
  targetColumn: string;
  sqlType: 'bigint' | 'uuid' | 'text';
}

/**
 * The columns whose value names a record of another table (spec §3 references: table and
 * field, default code): a partner's country, a document's type, partner or currency. A list of
 * values (a member's roles) is checked by its entity's own rules. Server-owned columns only
 * with `serverOwned` (for their display text).
 */
export function referencesOf(
  entity: EntityDef,
  options: { serverOwned?: boolean } = {},
): Reference[] {
  const found: Reference[] = [];
  for (const column of entity.columns) {
    const ref = column.field.references;
    if (!ref?.table || column.multiple) continue;
    // Values the server sets are not checked (it wrote them), but may still be shown.
    if (column.serverOwned && !options.serverOwned) continue;
    const target = findEntity(ref.table);
    const field = ref.field ?? 'code';
    if (!target) continue;
    if (field === 'id' || field === 'key') {
      found.push({
        column,
        target,
        targetColumn: field,
        sqlType: field === 'id' ? 'bigint' : 'uuid',
      });
      continue;
    }
    const targetColumn = target.columns.find((c) => c.name === field);
    if (targetColumn)
      found.push({ column, target, targetColumn: targetColumn.column, sqlType: 'text' });
  }
  return found;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** A value that cannot be one of the target's (not a number for an id, not a UUID for a key). */
function malformed(reference: Reference, value: unknown): boolean {
  if (reference.sqlType === 'bigint') return !/^\d{1,18}$/.test(String(value));
  if (reference.sqlType === 'uuid') return !UUID_PATTERN.test(String(value).toLowerCase());
  return typeof value !== 'string';
}

/** The value as PostgreSQL writes it back as text: ids without leading zeros, keys in lower case. */
function canonical(reference: Reference, value: unknown): string {
  if (reference.sqlType === 'bigint') return BigInt(String(value)).toString();
  if (reference.sqlType === 'uuid') return String(value).toLowerCase();
  return String(value);
}

function ownerCondition(target: EntityDef, organizationId: string | null) {
  switch (target.scope) {
    case 'tenant':
      return sql`organization_id = ${organizationId}`;
    case 'organization':
      return sql`id = ${organizationId}`;
    case 'global':
      return sql`true`;
  }
}

/** Which of the values the target holds (of the same organisation for a tenant table). */
async function existing(
  trx: Trx,
  reference: Reference,
  organizationId: string | null,
  values: string[],
): Promise<Set<string>> {
  const held = new Set<string>();
  const column = sql.ref(reference.targetColumn);
  for (let start = 0; start < values.length; start += CHUNK) {
    const chunk = values.slice(start, start + CHUNK);
    const list = sql`${chunk}::${sql.raw(reference.sqlType)}[]`;
    const { rows } = await sql<{ value: string }>`
      select ${column}::text as value from ${sql.table(reference.target.table)}
      where ${ownerCondition(reference.target, organizationId)} and ${column} = any(${list})
    `.execute(trx);
    for (const row of rows) held.add(row.value);
  }
  return held;
}

/**
 * Problems of records whose references name no record of the target table: one message per
 * field, `fieldOf(index, column)` naming it (a nested row's field is prefixed with its array
 * and index). One lookup per referenced column for all the records together.
 */
export async function referenceProblems(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  models: readonly Model[],
  fieldOf: (index: number, column: string) => string = (_index, column) => column,
): Promise<MessageSpec[][]> {
  const problems: MessageSpec[][] = models.map(() => []);
  for (const reference of referencesOf(entity)) {
    const name = reference.column.name;
    const wellFormed = new Set<string>();
    models.forEach((model, index) => {
      const value = model[name];
      if (isBlank(value)) return;
      if (malformed(reference, value)) {
        problems[index]?.push(unknown(value, fieldOf(index, name)));
      } else wellFormed.add(canonical(reference, value));
    });
    const held = await existing(trx, reference, organizationId, [...wellFormed]);
    models.forEach((model, index) => {
      const value = model[name];
      if (isBlank(value) || malformed(reference, value)) return;
      if (held.has(canonical(reference, value))) return;
      problems[index]?.push(unknown(value, fieldOf(index, name)));
    });
  }
  return problems;
}

const unknown = (value: unknown, field: string): MessageSpec => ({
  code: 'errors.unknownReference',
  parameters: [typeof value === 'string' ? value : JSON.stringify(value)],
  field,
});

/**
 * The reference problems of one record and of the live rows of its nested arrays (rows marked
 * for delete are not checked), each on its field (`costLines.2.costCenterCode`).
 */
export async function recordReferenceProblems(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  model: Model,
): Promise<MessageSpec[]> {
  const problems = (await referenceProblems(trx, entity, organizationId, [model])).flat();
  for (const array of entity.arrays ?? []) {
    const rows = model[array.name];
    if (!Array.isArray(rows)) continue;
    const live = (rows as Model[])
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => row.markForDelete !== true);
    const found = await referenceProblems(
      trx,
      array.entity,
      organizationId,
      live.map(({ row }) => row),
      (i, column) => `${array.name}.${live[i]?.index ?? i}.${column}`,
    );
    problems.push(...found.flat());
  }
  return problems;
}
