import { sql } from 'kysely';
import { compactCode } from '@listina/forms';
import type { Trx } from '../../db/scope';
import { searchNormalise } from '../../lib/search-normalise';

/**
 * Which known partner a document's supplier is (issue 7 uses it for capture): the same VAT ID
 * first, then a bank account with the IBAN, then names that look alike.
 */
const MAX_SUGGESTIONS = 10;
/** The least name likeness offered as a suggestion (and recorded on acceptance, capture). */
export const MIN_NAME_SCORE = 0.3;

const orEmpty = (part: string) => (part.trim() === '-' ? '' : part.trim());

/** Dice coefficient over letter pairs of the normalised names: 1 for equal names. */
export function nameSimilarity(a: string, b: string): number {
  const pairs = (text: string) => {
    const clean = searchNormalise(text)
      .replace(/\b(d\.?o\.?o\.?|d\.?d\.?|s\.?p\.?)\b/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
    const result = new Map<string, number>();
    for (let i = 0; i < clean.length - 1; i++) {
      const pair = clean.slice(i, i + 2);
      result.set(pair, (result.get(pair) ?? 0) + 1);
    }
    return result;
  };
  const left = pairs(a);
  const right = pairs(b);
  const total = [...left.values(), ...right.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return 0;
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / total;
}

interface Candidate {
  id: string;
  key: string;
  code: string;
  name: string;
  vat_id: string | null;
  bank_account_key: string | null;
}

export async function suggestPartners(
  trx: Trx,
  organizationId: string,
  parts: { vatId: string; iban: string; name: string },
) {
  const vatId = String(compactCode(orEmpty(parts.vatId)));
  const iban = String(compactCode(orEmpty(parts.iban)));
  const name = orEmpty(parts.name);
  const found = new Map<
    string,
    { candidate: Candidate; matchedBy: 'vatId' | 'iban' | 'name'; score: number }
  >();
  const add = (
    rows: Candidate[],
    matchedBy: 'vatId' | 'iban' | 'name',
    score: (c: Candidate) => number,
  ) => {
    for (const candidate of rows) {
      const value = score(candidate);
      if (!found.has(candidate.key) && value >= MIN_NAME_SCORE)
        found.set(candidate.key, { candidate, matchedBy, score: value });
    }
  };
  if (vatId) {
    const rows = await sql<Candidate>`
      select id::text, key, code, name, vat_id, null as bank_account_key from partner
      where organization_id = ${organizationId} and replace(upper(vat_id), ' ', '') = ${vatId}`.execute(
      trx,
    );
    add(rows.rows, 'vatId', () => 1);
  }
  if (iban) {
    const rows = await sql<Candidate>`
      select p.id::text, p.key, p.code, p.name, p.vat_id, a.key as bank_account_key
      from partner_bank_account a
      join partner p on p.organization_id = a.organization_id and p.id = a.partner_id
      where a.organization_id = ${organizationId} and a.code = ${iban}`.execute(trx);
    add(rows.rows, 'iban', () => 0.95);
  }
  const words = searchNormalise(name)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !['doo', 'd.o.o'].includes(w));
  if (words.length > 0) {
    const rows = await sql<Candidate>`
      select id::text, key, code, name, vat_id, null as bank_account_key from partner
      where organization_id = ${organizationId}
        and (${sql.join(
          words.map((w) => sql`search_text like ${`%${w}%`}`),
          sql` or `,
        )})
      limit 200`.execute(trx);
    add(rows.rows, 'name', (c) => Math.min(0.9, nameSimilarity(name, c.name)));
  }
  return [...found.values()]
    .sort((a, b) => b.score - a.score || a.candidate.name.localeCompare(b.candidate.name, 'sl'))
    .slice(0, MAX_SUGGESTIONS)
    .map(({ candidate, matchedBy, score }) => ({
      id: Number(candidate.id),
      key: candidate.key,
      code: candidate.code,
      name: candidate.name,
      vatId: candidate.vat_id,
      matchedBy,
      score: Math.round(score * 100) / 100,
      bankAccountKey: candidate.bank_account_key,
    }));
}
