import { notFound } from '../../lib/errors';
import type { EntityDef } from './entity';
import { partner, partnerBankAccount } from './entities/partner';

/** Every entity the engine serves; nested-array entities are registered for undo. */
export const ENTITIES: readonly EntityDef[] = [partner, partnerBankAccount];

const byName = new Map(ENTITIES.map((e) => [e.name, e]));

export function findEntity(name: string): EntityDef | undefined {
  return byName.get(name);
}

/** A table a request names: unknown and hidden ones are both "no such table". */
export function getListedEntity(name: string): EntityDef {
  const entity = byName.get(name);
  if (!entity || entity.hidden) throw notFound('errors.unknownTable', [name]);
  return entity;
}
