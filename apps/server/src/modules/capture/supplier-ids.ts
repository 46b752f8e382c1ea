import { sql } from 'kysely';
import { checkBic, checkIban, compactCode, isValidSlovenianVatId } from '@listina/forms';
import type { Trx } from '../../db/scope';
import { uuidv7 } from '../../lib/ids';
import { partner as partnerEntity, partnerBankAccount } from '../tables/entities/partner';
import { journalCreate, journalUpdate, type Journal } from '../tables/journal';
import { engineValuesOf, toModel } from '../tables/model';
import { MIN_NAME_SCORE, nameSimilarity } from '../tables/partner-suggestions';
import { canWrite } from '../tables/tables.service';
import type { CapturedValue } from './learning';

/**
 * A supplier suggested by its name and accepted (issue 7): capture found no partner by the
 * VAT ID or IBAN it read, and the user saved the document with a partner whose name is like
 * the name read (one the editor offered). That partner is the supplier, so what identifies
 * it is recorded on it: the VAT ID read when it has none, and the IBAN read as a new bank
 * account when none of the organisation's partners has it. Its next invoice is then matched
 * by them, and what users corrected on this one applies to it (learning.ts).
 *
 * The write hook of the doc table, in the writing transaction: only for a user who may write
 * partners (docs/roles.md), else the document keeps its partner and nothing more changes.
 * The changes go into the document save's journal: in the partner's audit log as that user's,
 * and undone with the save.
 */

interface Candidate {
  capture_result: { fields?: Record<string, CapturedValue | undefined> } | null;
  partner_id: string;
}

/** What capture read for a field, before learning replaced it. */
function readValue(fields: Record<string, CapturedValue | undefined>, name: string): string {
  const found = fields[name];
  if (!found) return '';
  const value = found.learnedFrom !== undefined ? found.learnedFrom : found.value;
  return typeof value === 'string' ? String(compactCode(value)) : '';
}

/** The scoped user's roles in the organisation and everywhere, as the route layer has them. */
async function scopedRoles(trx: Trx, organizationId: string): Promise<string[]> {
  const { rows } = await sql<{ roles: string[] | null }>`
    select coalesce(m.roles, '{}') || u.roles as roles
    from app_user u
    left join organization_member m on m.user_id = u.id
      and m.organization_id = ${organizationId} and m.is_active
    where u.id = nullif(current_setting('listina.user_id', true), '')::bigint
  `.execute(trx);
  return (rows[0]?.roles ?? []).map((role) => role.toLowerCase());
}

export async function recordSupplierIds(
  trx: Trx,
  organizationId: string | null,
  ids: string[],
  journal: Journal,
): Promise<void> {
  if (organizationId === null || ids.length === 0) return;
  // Captured documents with a partner capture did not find by VAT ID or IBAN.
  const { rows } = await sql<Candidate>`
    select d.capture_result, p.id as partner_id
    from doc d
    join partner p on p.organization_id = d.organization_id and p.key = d.customer_key
    where d.organization_id = ${organizationId} and d.id = any(${ids}::bigint[])
      and d.capture_result is not null
      and coalesce(d.capture_result->'partner'->>'by', 'name') = 'name'
      and (d.capture_result->'fields' ? 'vatId' or d.capture_result->'fields' ? 'iban')
  `.execute(trx);
  if (rows.length === 0) return;
  if (!canWrite(partnerEntity, await scopedRoles(trx, organizationId))) return;
  for (const row of rows) await recordOn(trx, organizationId, row, journal);
}

async function recordOn(
  trx: Trx,
  organizationId: string,
  { capture_result, partner_id }: Candidate,
  journal: Journal,
) {
  const fields = capture_result?.fields ?? {};
  const name = fields.supplierName?.value;
  const { rows } = await sql<Record<string, unknown>>`
    select * from partner where organization_id = ${organizationId} and id = ${partner_id}
  `.execute(trx);
  const row = rows[0];
  if (!row || typeof name !== 'string' || typeof row.name !== 'string') return;
  // Only the partner the editor offered for the name read: not any partner set by hand.
  if (nameSimilarity(name, row.name) < MIN_NAME_SCORE) return;

  const vatId = readValue(fields, 'vatId');
  const hasVatId = typeof row.vat_id === 'string' && row.vat_id.trim() !== '';
  if (vatId !== '' && !hasVatId && (!vatId.startsWith('SI') || isValidSlovenianVatId(vatId))) {
    const { rows: taken } = await sql`
      select 1 from partner where organization_id = ${organizationId}
        and upper(replace(vat_id, ' ', '')) = ${vatId} limit 1
    `.execute(trx);
    if (taken.length === 0) {
      const model = { ...toModel(partnerEntity, row), vatId };
      const values = { vat_id: vatId, ...engineValuesOf(partnerEntity, model) };
      const { rows: updated } = await sql<Record<string, unknown>>`
        update partner set
          ${sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))},
          version = version + 1, updated_at = now()
        where organization_id = ${organizationId} and id = ${partner_id}
        returning *
      `.execute(trx);
      if (updated[0]) journalUpdate(journal, partnerEntity, row, values, updated[0]);
    }
  }

  const iban = readValue(fields, 'iban');
  if (iban === '' || checkIban(iban) !== undefined) return;
  const { rows: accounts } = await sql<{ is_known: boolean; has_default: boolean }>`
    select
      exists (select 1 from partner_bank_account where organization_id = ${organizationId}
        and upper(replace(code, ' ', '')) = ${iban}) as is_known,
      exists (select 1 from partner_bank_account where organization_id = ${organizationId}
        and partner_id = ${partner_id} and is_default) as has_default
  `.execute(trx);
  // This partner's account already, or another partner's (capture would have found that one).
  if (accounts[0]?.is_known !== false) return;
  const bic = readValue(fields, 'bic');
  const account = {
    code: iban,
    bic: bic !== '' && checkBic(bic) === undefined ? bic : null,
    displayText: '',
    isDefault: accounts[0]?.has_default === false,
    isActive: true,
  };
  const engine = engineValuesOf(partnerBankAccount, account);
  const { rows: inserted } = await sql<Record<string, unknown>>`
    insert into partner_bank_account
      (organization_id, key, partner_id, code, bic, display_text, is_default, is_active,
       ${sql.join(Object.keys(engine).map((c) => sql.ref(c)))})
    values (${organizationId}, ${uuidv7()}::uuid, ${partner_id}, ${account.code}, ${account.bic},
      ${account.displayText}, ${account.isDefault}, true,
      ${sql.join(Object.values(engine).map((v) => sql`${v}`))})
    returning *
  `.execute(trx);
  if (inserted[0]) journalCreate(journal, partnerBankAccount, inserted[0]);
}
