import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import { DEFAULT_DOCUMENT_TYPES, DEFAULT_VAT_RATES } from '../../db/reference-data';
import { documentType } from './entities/document-type';
import { organization } from './entities/organization';
import { vatRate } from './entities/vat-rate';
import { workflow } from './entities/workflow';
import type { EntityDef } from './entity';
import { engineValuesOf, toColumnValues, toModel, type Model } from './model';
import * as repo from './tables.repository';

const DEFAULTS: readonly [EntityDef, readonly Model[]][] = [
  [vatRate, DEFAULT_VAT_RATES],
  [documentType, DEFAULT_DOCUMENT_TYPES],
];

/**
 * What a new organisation starts with: the engine's columns of its own row (search text, sort
 * keys: the row is inserted outside the engine), the Slovenian VAT rates and the document
 * types, written through the engine's row mapping (columns, key, search text, sort keys) in
 * the caller's transaction. Not journalled: there is nothing for a user to undo, and the audit
 * shows the rows from here on.
 */
export async function seedOrganizationDefaults(trx: Trx, organizationId: string): Promise<void> {
  const [own] = await repo.findRows(trx, organization, organizationId, {
    column: 'id',
    values: [organizationId],
  });
  if (own) {
    const values = engineValuesOf(organization, toModel(organization, own));
    await repo.setEngineValues(trx, organization, organizationId, organizationId, values);
  }
  for (const [entity, models] of DEFAULTS) await insertModels(trx, entity, organizationId, models);
  await insertWithArrays(trx, workflow, organizationId, DEFAULT_WORKFLOW);
}

/**
 * A new organisation's approval route for documents of any type: its approvers (and admins)
 * approve, its accountants book, then the document is archived. Admins change it under Workflows.
 */
export const DEFAULT_WORKFLOW: Model = {
  code: 'STANDARD',
  name: 'Approval and booking',
  documentTypeId: null,
  isActive: true,
  steps: [
    {
      position: 1,
      systemTileCode: 'approval',
      name: '',
      roles: ['approver', 'orgadmin'],
      memberKeys: [],
    },
    { position: 2, systemTileCode: 'accounting', name: '', roles: ['accountant'], memberKeys: [] },
  ],
};

/** A record and its nested rows, as insertModels writes them. */
export async function insertWithArrays(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  model: Model,
): Promise<void> {
  const row = await repo.insertRow(trx, entity, organizationId, {
    ...toColumnValues(entity, model),
    key: uuidv7(),
    ...engineValuesOf(entity, model),
  });
  for (const array of entity.arrays ?? []) {
    const children = model[array.name];
    if (!array.parentColumn || !Array.isArray(children)) continue;
    for (const child of children as Model[]) {
      const full = { ...array.entity.defaultModel?.(), ...child };
      await repo.insertRow(trx, array.entity, organizationId, {
        ...toColumnValues(array.entity, full),
        [array.parentColumn]: row.id,
        key: uuidv7(),
        ...engineValuesOf(array.entity, full),
      });
    }
  }
}

/** Rows of an entity from API models, as the engine maps them (no validation, no journal). */
export async function insertModels(
  trx: Trx,
  entity: EntityDef,
  organizationId: string | null,
  models: readonly Model[],
): Promise<void> {
  for (const model of models) {
    await repo.insertRow(trx, entity, organizationId, {
      ...toColumnValues(entity, model),
      key: uuidv7(),
      ...engineValuesOf(entity, model),
    });
  }
}
