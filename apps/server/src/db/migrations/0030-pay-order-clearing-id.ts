import { sql, type Kysely } from 'kysely';

/**
 * A non-SEPA order to an account without an IBAN (issue 21) names the recipient's bank by its
 * BIC or, where the bank has none, by its national clearing code: the clearing system and the
 * bank's member id in it ('USABA021000021', ISO 20022 ClrSysMmbId).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pay_order add column recipient_bank_clearing_id text`.execute(db);
}
