import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { partnerBySender } from '../intake/sender-signal';
import type { CaptureResult } from './capture.service';

/**
 * The document's supplier among the organisation's active partners, set on the document
 * without asking: by its VAT ID, else by a bank account with its IBAN, else (a document that
 * came by e-mail) by the address its supplier's earlier mail came from (issue 25).
 */
export async function matchPartner(
  trx: Trx,
  organizationId: string,
  fields: CaptureResult['fields'],
  sender = '',
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
  const bySender = await partnerBySender(trx, organizationId, sender);
  if (bySender) return bySender;
  // A name alone, however alike, is only suggested (GET /api/cl/partner/…): the user accepts
  // it, and then its VAT ID and IBAN are recorded on the partner (supplier-ids.ts).
  return null;
}
