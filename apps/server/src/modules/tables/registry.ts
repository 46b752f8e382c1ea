import { notFound } from '../../lib/errors';
import type { EntityDef } from './entity';
import { bank } from './entities/bank';
import { costCenter } from './entities/cost-center';
import { country } from './entities/country';
import { currency } from './entities/currency';
import { doc, docCostLine } from './entities/doc';
import { documentType } from './entities/document-type';
import { intakeMailbox, intakeRule } from './entities/intake';
import { organization, organizationBankAccount } from './entities/organization';
import { organizationMember } from './entities/organization-member';
import { partner, partnerBankAccount } from './entities/partner';
import { payOrder } from './entities/pay-order';
import { payPackage } from './entities/pay-package';
import { paymentPurpose } from './entities/payment-purpose';
import { paymentType } from './entities/payment-type';
import { referenceModel } from './entities/reference-model';
import { role } from './entities/role';
import { vatRate } from './entities/vat-rate';
import { notification, workflow, workflowLog, workflowStep } from './entities/workflow';

/** Every entity the engine serves; nested-array entities are registered for undo. */
export const ENTITIES: readonly EntityDef[] = [
  organization,
  organizationBankAccount,
  partner,
  partnerBankAccount,
  // Code lists shared by every organisation (written by sysadmins).
  country,
  currency,
  bank,
  paymentType,
  paymentPurpose,
  referenceModel,
  role,
  // Code lists of each organisation.
  vatRate,
  documentType,
  costCenter,
  organizationMember,
  workflow,
  workflowStep,
  // Invoices by e-mail (issue 25).
  intakeMailbox,
  intakeRule,
  // Served at /api/{name} (spec §7).
  doc,
  docCostLine,
  payOrder,
  payPackage,
  // Written by the workflow module, registered for undo.
  workflowLog,
  notification,
];

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

/**
 * The table a request names under /api/cl/{name}: a root table is unknown there (it has its
 * own calls at /api/{name}); any other name goes on to the service, which knows the rest.
 */
export function codeListName(name: string | undefined): string {
  if (findEntity(name ?? '')?.api === 'root') throw notFound('errors.unknownTable', [name ?? '']);
  return name ?? '';
}

/** A nested-array entity (e.g. partnerBankAccount) with the parent entity that owns it. */
export function getNestedEntity(name: string) {
  for (const parent of ENTITIES) {
    const array = parent.arrays?.find((a) => a.entity.name === name);
    if (array?.parentColumn) return { parent, array, parentColumn: array.parentColumn };
  }
  throw notFound('errors.unknownTable', [name]);
}
