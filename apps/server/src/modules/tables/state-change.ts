import type { TableRecord } from '@listina/contract';
import type { Trx } from '../../db/scope';
import { conflict, type MessageSpec } from '../../lib/errors';
import type { EntityDef } from './entity';
import { journalUpdate, type Journal } from './journal';
import type { Owner } from './save';
import * as repo from './tables.repository';

/**
 * What becomes of one record in a state change: its new server-owned values (and rows another
 * module writes with them, journaled in the same undo), or why not.
 */
export type StateDecision =
  | {
      values: Record<string, unknown>;
      after?: (trx: Trx, journal: Journal, record: TableRecord) => Promise<void>;
      /** Warnings (spec §8): the change is refused for them until asked with ignoreWarnings. */
      warnings?: MessageSpec[];
    }
  /** Refused: why, and the status of a refusal of this one record (400 unless told). */
  | { problems: MessageSpec[]; status?: number };

/** How a state change of several records goes (see TablesService.changeState). */
export interface StateChangeOptions {
  /** Each record on its own: the refused are reported and the others changed. */
  partial?: boolean;
  /** The version each record was seen at (by key): a record changed since is refused (409). */
  versions?: ReadonlyMap<string, number>;
  /**
   * Who may change them is the caller's to decide (a workflow action: the step's assignees),
   * not the table's write roles.
   */
  callerDecidesRights?: boolean;
  /** Go on despite the decisions' warnings (spec §8 ignoreWarnings). */
  ignoreWarnings?: boolean;
}

/** A record a partial state change left as it was, and why. */
export interface RefusedRecord {
  key: string;
  status: number;
  problems: MessageSpec[];
  /** Refused for warnings alone (problems empty): asked again with ignoreWarnings, it goes. */
  warnings?: MessageSpec[];
}

/**
 * Writes server-owned columns (status, workflow step) that no save may set, at the record's
 * version, journaled like any update so that one undo takes the change back. Only columns
 * the entity declares are written.
 */
export async function setOwnedColumns(
  trx: Trx,
  entity: EntityDef,
  owner: Owner,
  record: TableRecord,
  values: Record<string, unknown>,
  journal: Journal,
) {
  const columns: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const column = entity.columns.find((c) => c.name === name);
    if (!column) throw new Error(`${entity.name} has no column ${name}`);
    columns[column.column] = value;
  }
  const id = String(record.id);
  const [existing] = await repo.findRows(
    trx,
    entity,
    owner.organizationId,
    { column: 'id', values: [id] },
    true,
  );
  if (!existing) throw conflict('errors.staleVersion', [], 'version');
  const row = await repo.updateRow(
    trx,
    entity,
    owner.organizationId,
    id,
    Number(record.version),
    columns,
  );
  if (!row) throw conflict('errors.staleVersion', [], 'version');
  journalUpdate(journal, entity, existing, columns, row);
}
