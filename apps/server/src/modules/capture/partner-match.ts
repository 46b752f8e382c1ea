import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { suggestPartners } from '../tables/partner-suggestions';
import type { CaptureResult } from './capture.service';

/** A supplier found by name alone: its name and the partner's nearly the same (Dice ≥ 0.85). */
const NAME_MATCH_SCORE = 0.85;

/**
 * The document's supplier among the organisation's active partners: by its VAT ID, else by a
 * bank account with its IBAN, else by a name alike enough to be the same company.
 */
export async function matchPartner(
  trx: Trx,
  organizationId: string,
  fields: CaptureResult['fields'],
): Promise<CaptureResult['partner']> {
  const vatId = fields.vatId?.value;
  if (vatId) {
    const { rows } = await sql<{ key: string }>`
      select key from partner where organization_id = ${organizationId}
        and upper(replace(vat_id, ' ', '')) = ${vatId} and is_active
      order by id limit 1
    `.execute(trx);
    if (rows[0]) return { key: String(rows[0].key), by: 'vatId' };
  }
  const iban = fields.iban?.value;
  if (iban) {
    const { rows } = await sql<{ key: string }>`
      select p.key from partner_bank_account a
      join partner p on p.organization_id = a.organization_id and p.id = a.partner_id
      where a.organization_id = ${organizationId} and upper(replace(a.code, ' ', '')) = ${iban}
        and p.is_active
      order by p.id limit 1
    `.execute(trx);
    if (rows[0]) return { key: String(rows[0].key), by: 'iban' };
  }
  // Then a name alike enough to be the same company (the suggestions' own measure).
  const name = fields.supplierName?.value;
  if (name) {
    const [best] = await suggestPartners(trx, organizationId, { vatId: '', iban: '', name });
    if (best && best.score >= NAME_MATCH_SCORE) return { key: best.key, by: 'name' };
  }
  return null;
}
