import { si12Reference, siCheckDigit } from '@listina/forms';
import type { Random } from './demo-random';
import type { NumberStyle, SupplierProfile } from './demo-suppliers';

/** How the demo suppliers number their invoices, and the payment references they print. */

/**
 * The check digit of a Slovenian reference (shared/domain §2.3), as the forms package
 * computes it for the form and the server.
 */
export const siReferenceCheckDigit = siCheckDigit;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Invoices a supplier issues a day, to all its customers: how fast its numbers grow. */
const DAILY_INVOICES: Record<NumberStyle, number> = {
  long: 180,
  dash: 12,
  prefix: 6,
  slash: 2,
  fiscal: 25,
};

function invoiceNumber(style: NumberStyle, year: number, seq: number): string {
  const yy = pad(year % 100, 2);
  switch (style) {
    case 'dash':
      return `${year}-${pad(seq, 6)}`;
    case 'prefix':
      return `R${yy}-${pad(seq, 5)}`;
    case 'slash':
      return `${seq}/${year}`;
    case 'fiscal':
      return `PE1-BL1-${seq}`;
    case 'long':
      return `${yy}${pad(seq, 8)}`;
  }
}

const dayOfYear = (isoDate: string) =>
  Math.round(
    (Date.parse(`${isoDate}T00:00:00Z`) - Date.parse(`${isoDate.slice(0, 4)}-01-01T00:00:00Z`)) /
      86_400_000,
  ) + 1;

/** Each supplier's numbers grow through the year and start again in January. */
export function numberer(random: Random) {
  const last = new Map<string, { year: number; seq: number }>();
  return (profile: SupplierProfile, issueDate: string) => {
    const year = Number(issueDate.slice(0, 4));
    const rate = DAILY_INVOICES[profile.numberStyle];
    const previous = last.get(profile.code);
    const fresh = dayOfYear(issueDate) * rate + random.int(0, rate);
    const seq = previous?.year === year ? Math.max(previous.seq + 1, fresh) : fresh;
    last.set(profile.code, { year, seq });
    return { seq, number: invoiceNumber(profile.numberStyle, year, seq) };
  };
}

/**
 * The payment reference of an invoice: SI12 with the buyer's customer number, the sequence and
 * a check digit, or SI00 with the number itself when it is only digits and hyphens.
 */
export function paymentReference(
  model: 'SI12' | 'SI00',
  customerNo: number,
  number: string,
  seq: number,
) {
  if (model === 'SI12') {
    const digits = `${customerNo}${pad(seq % 1_000_000, 6)}`;
    return { model: 'SI12' as const, reference: si12Reference(digits) };
  }
  // SI00: digits and at most two hyphens; the number itself when it is written so.
  const plain = /^\d{1,12}(-\d{1,12}){0,2}$/.test(number);
  return { model: 'SI00' as const, reference: plain ? number : `${customerNo}-${seq}` };
}
