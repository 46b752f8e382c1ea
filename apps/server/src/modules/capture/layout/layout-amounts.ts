import { centsOf, centsText } from '@listina/forms';
import type { TextField } from '../text/text-fields';
import { LABELLED, SHAPE_ONLY, confidenceOf, type Candidate, type Found } from './candidates';

/**
 * An invoice's amounts chosen together (issue 23): the net, VAT and total whose labels say so
 * and which add up (net + VAT = total), VAT of several rates summed; the largest figure is not
 * taken for the total on its size. When no three add up, each is the best labelled one, and
 * all three are marked for review if they disagree. One that is missing is worked out from
 * the other two, a little less sure. What is due is read apart, only where printed.
 */

type AmountField = 'netAmount' | 'vatAmount' | 'totalAmount' | 'amountDue' | 'prepaidAmount';

/** A value worked out from two read ones: sure of the sum, not of what was meant. */
export const DERIVED = 0.9;

/** A found amount (always a decimal: the amount reader wrote it) in whole cents. */
const cents = (value: string) => centsOf(value) ?? 0n;

export interface Amounts {
  fields: Partial<Record<Extract<TextField, AmountField>, Found>>;
  /** The currency printed with the total, or most often with the amounts. */
  currency?: Candidate;
}

/** The candidates of a field, best first; of equal worth, the lowest on the page first. */
function ranked(candidates: readonly Candidate[], field: AmountField): Candidate[] {
  return candidates
    .filter((c) => c.field === field)
    .map((c, order) => ({ c, order }))
    .sort((p, q) => q.c.score - p.c.score || q.order - p.order)
    .map(({ c }) => c);
}

/**
 * Net or VAT of several rates on separate lines ("Osnova za DDV 22 %", "Osnova za DDV 9,5 %"),
 * summed, beside each alone: of each line the best figure, or its last (a VAT row prints
 * base, rate and tax, in that order).
 */
function rateSums(field: 'netAmount' | 'vatAmount', vats: readonly Candidate[]): Candidate[] {
  const byLine = new Map<string, Candidate[]>();
  for (const v of vats) {
    const line = v.hit ? `${v.hit.phrase.page}:${v.hit.phrase.line}` : v.value;
    byLine.set(line, [...(byLine.get(line) ?? []), v]);
  }
  if (byLine.size < 2) return [...vats];
  const lines = [...byLine.values()];
  const sumOf = (pick: (line: Candidate[]) => Candidate | undefined): Candidate | undefined => {
    const picked = lines.map(pick).filter((c): c is Candidate => c !== undefined);
    if (picked.length < 2) return undefined;
    return {
      field,
      value: centsText(picked.reduce((s, v) => s + cents(v.value), 0n)),
      words: picked.flatMap((v) => v.words),
      score: Math.min(...picked.map((v) => v.score)),
      hit: picked[0]?.hit,
      place: picked[0]?.place,
    };
  };
  const lastOf = (line: Candidate[]) =>
    [...line].sort((p, q) => (q.words[0]?.x0 ?? 0) - (p.words[0]?.x0 ?? 0))[0];
  const sums = [sumOf((line) => line[0]), sumOf(lastOf)].filter(
    (c): c is Candidate => c !== undefined,
  );
  return [...vats, ...sums];
}

/** A total that is the invoice's net ("SKUPAJ" over its VAT): less likely than a net label. */
const TOTAL_AS_NET = 0.8;

export function readAmounts(candidates: readonly Candidate[]): Amounts {
  const nets = rateSums('netAmount', ranked(candidates, 'netAmount'));
  // VAT has the sign of its invoice: "(35,13 €)" on an invoice of positive totals is the VAT
  // it includes, in brackets, not a negative one.
  const isCredit = candidates.some(
    (c) => (c.field === 'totalAmount' || c.field === 'amountDue') && Number(c.value) < 0,
  );
  const vats = rateSums(
    'vatAmount',
    ranked(candidates, 'vatAmount').map((v) =>
      !isCredit && Number(v.value) < 0 ? { ...v, value: v.value.replace(/^-/u, '') } : v,
    ),
  );
  const totals = ranked(candidates, 'totalAmount');
  const dues = ranked(candidates, 'amountDue');
  const fields: Amounts['fields'] = {};
  const sure = (candidate: Candidate) => ({ candidate, confidence: LABELLED });
  const asRead = (candidate: Candidate) => ({ candidate, confidence: confidenceOf(candidate) });

  // Totals to check the sum against: the labelled ones, then what is due (often the total).
  const sums = [...totals, ...dues];
  let best: { net: Candidate; vat: Candidate; total: Candidate; score: number } | undefined;
  const netOptions = [
    ...nets,
    ...totals.map((t) => ({ ...t, field: 'netAmount' as const, score: t.score * TOTAL_AS_NET })),
  ];
  for (const net of netOptions)
    for (const vat of vats)
      for (const total of sums) {
        if (cents(net.value) + cents(vat.value) !== cents(total.value)) continue;
        if (cents(total.value) === 0n || net.words[0] === total.words[0]) continue;
        const score = net.score + vat.score + total.score;
        if (!best || score > best.score + 1e-9) best = { net, vat, total, score };
      }
  if (best) {
    fields.netAmount = sure(best.net);
    fields.vatAmount = sure(best.vat);
    fields.totalAmount = sure({ ...best.total, field: 'totalAmount' });
  } else {
    const [net] = nets;
    const [vat] = vats;
    const total = totals[0] ?? dues[0];
    if (net) fields.netAmount = asRead(net);
    if (vat) fields.vatAmount = asRead(vat);
    if (total) fields.totalAmount = asRead({ ...total, field: 'totalAmount' });
    const derive = (field: AmountField, value: bigint, from: Candidate) => {
      if (value < 0n) return;
      fields[field] = {
        candidate: { field, value: centsText(value), words: [], score: from.score },
        confidence: DERIVED,
      };
    };
    if (net && vat && total) {
      // The three disagree: none is trusted as read.
      for (const found of [fields.netAmount, fields.vatAmount, fields.totalAmount])
        if (found) found.confidence = SHAPE_ONLY;
    } else if (net && vat) derive('totalAmount', cents(net.value) + cents(vat.value), net);
    else if (total && vat) derive('netAmount', cents(total.value) - cents(vat.value), vat);
    else if (total && net) derive('vatAmount', cents(total.value) - cents(net.value), net);
  }
  const [due] = dues;
  if (due) fields.amountDue = asRead(due);
  const [prepaid] = ranked(candidates, 'prepaidAmount');
  if (prepaid)
    fields.prepaidAmount = asRead({ ...prepaid, value: prepaid.value.replace(/^-/u, '') });
  return { fields, currency: currencyOf(candidates, fields.totalAmount?.candidate) };
}

/** The total's own currency, else the one printed most often with the amounts. */
function currencyOf(
  candidates: readonly Candidate[],
  total: Candidate | undefined,
): Candidate | undefined {
  const withCurrency = candidates.filter((c) => c.currency !== undefined);
  const chosen =
    total?.currency !== undefined
      ? total
      : [...withCurrency].sort(
          (p, q) =>
            withCurrency.filter((c) => c.currency === q.currency).length -
            withCurrency.filter((c) => c.currency === p.currency).length,
        )[0];
  if (chosen?.currency === undefined) return undefined;
  return { ...chosen, field: 'currencyCode', value: chosen.currency, words: chosen.words };
}
