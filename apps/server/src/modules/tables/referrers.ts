import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import type { MessageSpec } from '../../lib/errors';
import type { EntityDef } from './entity';
import { referencesOf, type Reference } from './references';
import { ENTITIES } from './registry';

/**
 * Records that others hold by their id or key may not be deleted while held: a partner that
 * documents name, a document type that documents are of. Deleting them would leave those
 * records pointing at nothing (a document without its supplier), so the delete is refused,
 * naming the record and how many hold it. References by code (a cost centre) are kept as
 * typed text and only warned about by their entity (cost-center.ts).
 */
const holdersOf = new Map<EntityDef, Reference[]>();
for (const entity of ENTITIES) {
  for (const reference of referencesOf(entity)) {
    if (reference.sqlType === 'text' || reference.target.scope !== 'tenant') continue;
    if (entity.scope !== 'tenant') continue;
    const list = holdersOf.get(reference.target) ?? [];
    list.push(reference);
    holdersOf.set(reference.target, list);
  }
}

/** The entity whose column a reference is, as its registry knows it. */
const entityOf = (reference: Reference) =>
  ENTITIES.find((entity) => entity.columns.includes(reference.column));

/** The references by id or key to records of the target: whose column, in which table. */
export function holdingReferences(
  target: EntityDef,
): { holder: EntityDef; reference: Reference }[] {
  return (holdersOf.get(target) ?? []).flatMap((reference) => {
    const holder = entityOf(reference);
    return holder ? [{ holder, reference }] : [];
  });
}

/** One message per record still held: `errors.inUse.<holder>` with its title and count. */
export async function heldRecordErrors(
  trx: Trx,
  target: EntityDef,
  organizationId: string,
  records: { id: number; key: string; displayTitle: string }[],
): Promise<MessageSpec[]> {
  const errors: MessageSpec[] = [];
  for (const { holder, reference } of holdingReferences(target)) {
    const values = records.map((r) => (reference.targetColumn === 'id' ? String(r.id) : r.key));
    const column = sql.ref(reference.column.column);
    const { rows } = await sql<{ value: string; holders: string }>`
      select ${column}::text as value, count(*) as holders from ${sql.table(holder.table)}
      where organization_id = ${organizationId}
        and ${column} = any(${values}::${sql.raw(reference.sqlType)}[])
      group by ${column}
    `.execute(trx);
    for (const row of rows) {
      const record = records.find(
        (r) => (reference.targetColumn === 'id' ? String(r.id) : r.key) === row.value,
      );
      errors.push({
        code: `errors.inUse.${holder.name}`,
        parameters: [record?.displayTitle ?? row.value, Number(row.holders)],
      });
    }
  }
  return errors;
}
