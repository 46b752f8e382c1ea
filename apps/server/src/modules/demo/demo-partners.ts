import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import { insertModels } from '../tables/defaults';
import { costCenter } from '../tables/entities/cost-center';
import { partner, partnerBankAccount } from '../tables/entities/partner';
import type { EntityDef } from '../tables/entity';
import { engineValuesOf, toColumnValues, type Model } from '../tables/model';
import { insertRows } from '../tables/tables.repository';
import { slovenianIban } from './demo';
import type { PlanSupplier } from './demo-document-plan';
import { DEFAULT_COST_CENTERS, SUPPLIER_PROFILES, type SupplierProfile } from './demo-suppliers';

/** The rows the demo documents refer to: an organisation's suppliers and cost centres. */

/** A row as the engine writes it: its columns, a new key, search text and sort keys. */
export const engineRow = (entity: EntityDef, model: Model, at?: Date) => ({
  ...toColumnValues(entity, model),
  key: uuidv7(at?.getTime()),
  ...engineValuesOf(entity, model),
});

/**
 * The organisation's suppliers, each with a bank account: the demo seed's partners get the
 * account and street their invoices print when they have none (nothing else of theirs
 * changes), the other suppliers are added. Cost centres too, when it has no active one.
 */
export async function prepareSuppliers(trx: Trx, organizationId: string): Promise<PlanSupplier[]> {
  await ensureCostCenters(trx, organizationId);
  const existing = await readSuppliers(trx, organizationId);
  const found = (profile: SupplierProfile) => existing.find((p) => p.code === profile.code);
  const missing = SUPPLIER_PROFILES.filter((profile) => !found(profile));
  const inserted = await insertRows(
    trx,
    partner,
    organizationId,
    missing.map((profile) => engineRow(partner, partnerModel(profile))),
  );
  const idOf = new Map([
    ...existing.map((p) => [p.code, p.id] as const),
    ...inserted.map((row, i) => [missing[i]?.code ?? '', String(row.id)] as const),
  ]);
  for (const p of existing.filter((row) => row.address === null)) {
    const address = SUPPLIER_PROFILES.find((profile) => profile.code === p.code)?.address;
    await sql`update partner set address = ${address ?? null}
              where organization_id = ${organizationId} and id = ${p.id}`.execute(trx);
  }
  const unpaid = SUPPLIER_PROFILES.filter((profile) => !found(profile)?.iban);
  await insertRows(
    trx,
    partnerBankAccount,
    organizationId,
    unpaid.map((profile) => ({
      ...engineRow(partnerBankAccount, bankAccountModel(profile)),
      partner_id: idOf.get(profile.code),
    })),
  );
  const partners = await readSuppliers(trx, organizationId);
  return SUPPLIER_PROFILES.flatMap((profile) => {
    const p = partners.find((row) => row.code === profile.code);
    return p ? [{ ...p, address: p.address ?? '', profile }] : [];
  });
}

async function ensureCostCenters(trx: Trx, organizationId: string) {
  const { rows } = await sql<{ code: string; is_active: boolean }>`
    select code, is_active from cost_center where organization_id = ${organizationId}
  `.execute(trx);
  if (rows.some((c) => c.is_active)) return;
  const taken = new Set(rows.map((c) => c.code));
  const missing = DEFAULT_COST_CENTERS.filter((c) => !taken.has(c.code));
  await insertModels(trx, costCenter, organizationId, missing);
}

const partnerModel = (profile: SupplierProfile) => ({
  code: profile.code,
  name: profile.name,
  vatId: profile.vatId,
  address: profile.address,
  postCode: profile.postCode,
  town: profile.town,
  countryCode: 'SI',
  costCenterCode: profile.costCenterCode,
  isActive: true,
});

const bankAccountModel = (profile: SupplierProfile) => ({
  code: slovenianIban(profile.bank.code, profile.accountNumber),
  bic: profile.bank.bic,
  displayText: profile.bank.name,
  isDefault: true,
  isActive: true,
});

async function readSuppliers(trx: Trx, organizationId: string) {
  const { rows } = await sql<{
    id: string;
    key: string;
    code: string;
    name: string;
    address: string | null;
    post_code: string | null;
    town: string | null;
    vat_id: string | null;
    cost_center_code: string | null;
    iban: string | null;
    bic: string | null;
    bank_name: string | null;
  }>`
    select p.id, p.key, p.code, p.name, p.address, p.post_code, p.town, p.vat_id,
      p.cost_center_code, b.code as iban, b.bic, b.display_text as bank_name
    from partner p
    left join lateral (
      select code, bic, display_text from partner_bank_account b
      where b.organization_id = p.organization_id and b.partner_id = p.id and b.is_active
      order by b.is_default desc, b.id limit 1
    ) b on true
    where p.organization_id = ${organizationId}
      and p.code = any(${SUPPLIER_PROFILES.map((s) => s.code)}::text[])
  `.execute(trx);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    code: r.code,
    name: r.name,
    address: r.address,
    postCode: r.post_code ?? '',
    town: r.town ?? '',
    vatId: r.vat_id ?? '',
    costCenterCode: r.cost_center_code ?? '',
    iban: r.iban,
    bic: r.bic,
    bankName: r.bank_name ?? '',
  }));
}
