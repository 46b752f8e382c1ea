import { sql, type Kysely } from 'kysely';
import { searchNormalise } from '../../lib/search-normalise';

/**
 * Migration 0004 gave the demo register's tax numbers check digits by a wrong reading of the
 * Slovenian rule (remainder 0 → 0 and remainder 1 refused; ../shared/domain says K = 11 − (S
 * mod 11), 10 → 0, 11 never issued). Each company gets the number of its sequence by the right
 * rule where that differs (one was invalid, one skipped a valid number): the numbers the demo
 * seed gives the demo organisations, VAT ID and search text with them. Frozen here, like every
 * migration.
 */
const COMPANIES = 15;

function sequenceNumber(n: number, valid: (check: number) => number | undefined): string {
  for (let base = 1_000_000 + n * 7919; ; base++) {
    const digits = String(base).padStart(7, '0').split('').map(Number);
    const sum = digits.reduce((total, digit, i) => total + digit * (8 - i), 0);
    const check = valid(11 - (sum % 11));
    if (check === undefined || digits[0] === 0) continue;
    return `${digits.join('')}${check}`;
  }
}

const asIn0004 = (check: number) => (check === 10 ? undefined : check === 11 ? 0 : check);
const byTheRule = (check: number) => (check === 11 ? undefined : check === 10 ? 0 : check);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (let n = 1; n <= COMPANIES; n++) {
    const old = sequenceNumber(n, asIn0004);
    const corrected = sequenceNumber(n, byTheRule);
    if (old === corrected) continue;
    const { rows } = await sql<{ name: string; town: string }>`
      select name, town from company_register where tax_number = ${old}
    `.execute(db);
    const company = rows[0];
    if (!company) continue;
    await sql`
      update company_register
         set tax_number = ${corrected},
             vat_id = case when vat_id is null then null else ${`SI${corrected}`} end,
             search_text = ${searchNormalise(`${company.name} ${corrected} ${company.town}`)}
       where tax_number = ${old}
    `.execute(db);
  }
}
