import { slovenianIban } from './demo';
import type { PlanSupplier } from './demo-document-plan';
import { SUPPLIER_PROFILES } from './demo-suppliers';

/**
 * The demo's supplier profiles as document-plan suppliers, without a database: what tests and
 * benchmarks draw invoices from (the seed reads its suppliers from the partner table instead).
 */
export function profileSuppliers(): PlanSupplier[] {
  return SUPPLIER_PROFILES.map((profile, i) => ({
    profile,
    key: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
    name: profile.name,
    address: profile.address,
    postCode: profile.postCode,
    town: profile.town,
    vatId: profile.vatId,
    iban: slovenianIban(profile.bank.code, profile.accountNumber),
    bic: profile.bank.bic,
    bankName: profile.bank.name,
    costCenterCode: profile.costCenterCode,
  }));
}
