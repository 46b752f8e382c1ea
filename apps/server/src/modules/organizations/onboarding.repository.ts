import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import type { Trx } from '../../db/scope';

/** SQL of the first-day checklist; every call runs inside the organisation's tenant scope. */

export function findOnboarding(trx: Trx, organizationId: string) {
  return trx
    .selectFrom('organization_onboarding')
    .select(['steps', 'dismissed_at'])
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** What the organisation has done already, whatever the checklist says. */
export async function findProgress(trx: Trx, organizationId: string) {
  const found = await sql<{
    hasCompany: boolean;
    hasBankAccount: boolean;
    hasMembers: boolean;
    hasDocuments: boolean;
  }>`
    select
      exists (select 1 from organization
              where id = ${organizationId} and tax_number is not null and town is not null)
        as "hasCompany",
      exists (select 1 from organization_bank_account where organization_id = ${organizationId})
        as "hasBankAccount",
      (exists (select 1 from organization_invitation where organization_id = ${organizationId})
        or (select count(*) from organization_member where organization_id = ${organizationId}) > 1)
        as "hasMembers",
      exists (select 1 from doc where organization_id = ${organizationId}) as "hasDocuments"
  `.execute(trx);
  const row = found.rows[0];
  return {
    company: row?.hasCompany ?? false,
    bankAccount: row?.hasBankAccount ?? false,
    members: row?.hasMembers ?? false,
    documentTypes: false,
    firstUpload: row?.hasDocuments ?? false,
  };
}

/** Sets one step's state (open removes it) in one statement, so two members' clicks both land. */
export async function saveStep(trx: Trx, organizationId: string, step: string, state: string) {
  const patch =
    state === 'open' ? sql`'{}'::jsonb` : sql`jsonb_build_object(${step}::text, ${state}::text)`;
  await sql`
    insert into organization_onboarding (organization_id, steps)
    values (${organizationId}, ${patch})
    on conflict (organization_id) do update
      set steps = (organization_onboarding.steps - ${step}::text) || ${patch},
          updated_at = now()
  `.execute(trx);
}

export async function saveDismissed(trx: Trx, organizationId: string, isDismissed: boolean) {
  const at = isDismissed ? sql`now()` : sql`null`;
  await sql`
    insert into organization_onboarding (organization_id, dismissed_at)
    values (${organizationId}, ${at})
    on conflict (organization_id) do update set dismissed_at = ${at}, updated_at = now()
  `.execute(trx);
}

/** The bank list is global reference data (not in Kysely's schema, the engine owns it). */
export async function findBankByCode(db: Db, code: string) {
  const found = await sql<{ bic: string; name: string }>`
    select bic, name from bank where code = ${code} and is_active
  `.execute(db);
  return found.rows[0];
}
