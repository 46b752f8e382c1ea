import { sql } from 'kysely';
import type { Trx } from '../../db/scope';

/** The codes read to find the organisation's pattern: the latest partners are enough. */
const CODES_READ = 2_000;

interface Pattern {
  prefix: string;
  numbers: number[];
  /** Digit counts of the codes written with leading zeros ("P0042": 4). */
  padded: number[];
}

/**
 * The next partner code in the organisation's own numbering (issue 24): the codes that share a
 * prefix and count up closely ("P000001" … "P000012" → "P000013"; "D-9", "D-10" → "D-11"),
 * keeping leading zeros. Codes that merely look alike but lie far apart, as VAT IDs used as
 * codes do ("SI12345678", "SI87654321"), are no numbering. Null when the organisation has
 * none: the caller then makes a code of its own.
 */
export function nextPartnerCode(codes: readonly string[]): string | null {
  const patterns = new Map<string, Pattern>();
  for (const code of codes) {
    const match = /^(\D*)(\d{1,9})$/.exec(code.trim());
    if (!match) continue;
    const [, prefix = '', digits = ''] = match;
    const pattern = patterns.get(prefix) ?? { prefix, numbers: [], padded: [] };
    pattern.numbers.push(Number(digits));
    if (digits.length > 1 && digits.startsWith('0')) pattern.padded.push(digits.length);
    patterns.set(prefix, pattern);
  }
  let best: Pattern | null = null;
  for (const pattern of patterns.values()) {
    const count = pattern.numbers.length;
    const span = Math.max(...pattern.numbers) - Math.min(...pattern.numbers);
    // A numbering counts up: its codes lie close together for how many there are.
    const counting = count >= 2 && span <= 10 * count + 10;
    if (counting && (!best || count > best.numbers.length)) best = pattern;
  }
  if (!best) return null;
  const next = String(Math.max(...best.numbers) + 1);
  const width = best.padded.length > 0 ? Math.max(...best.padded) : 0;
  return `${best.prefix}${next.padStart(width, '0')}`;
}

/** The organisation's next partner code, or null when its codes follow no numbering. */
export async function nextPartnerCodeOf(trx: Trx, organizationId: string): Promise<string | null> {
  const { rows } = await sql<{ code: string }>`
    select code from partner where organization_id = ${organizationId}
    order by id desc limit ${CODES_READ}
  `.execute(trx);
  return nextPartnerCode(rows.map((row) => row.code));
}
