import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import { DEFAULT_DOCUMENT_TYPES, DEFAULT_VAT_RATES } from './data';
import { documentType } from './entities/document-type';
import { vatRate } from './entities/vat-rate';
import type { EntityDef } from './entity';
import { searchTextOf, toColumnValues, type Model } from './model';
import * as repo from './tables.repository';

const DEFAULTS: readonly [EntityDef, readonly Model[]][] = [
  [vatRate, DEFAULT_VAT_RATES],
  [documentType, DEFAULT_DOCUMENT_TYPES],
];

/**
 * What a new organisation starts with: the Slovenian VAT rates and the document types, written
 * through the engine's row mapping (columns, key, search text) in the caller's transaction.
 * Not journalled: there is nothing for a user to undo, and the audit shows the rows from here on.
 */
export async function seedOrganizationDefaults(trx: Trx, organizationId: string): Promise<void> {
  for (const [entity, models] of DEFAULTS) await insertModels(trx, entity, organizationId, models);
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
      search_text: searchTextOf(entity, model),
    });
  }
}
