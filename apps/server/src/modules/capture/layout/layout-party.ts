import { nameSimilarity } from '../../tables/partner-suggestions';
import { LABELLED_NAME, LETTERHEAD_NAME, type NameOptions } from '../text/supplier-name';
import { labelSource, titlesOf } from '../text/invoice-labels';
import { findVatIds } from '../text/vat-ids';
import { LABELLED, type Candidate, type PageLayout, wordsAt } from './candidates';
import type { Phrase } from './layout-lines';

/**
 * The supplier on an invoice read by where it stands (issue 23): the party that is not the
 * organisation itself. The buyer's block — the lines under a buyer label ("Bill to", "Kunde",
 * "Kupec") and the address that names the organisation — is never it. The supplier's name is
 * the one under a seller label ("Sold by", "Lieferant", "Dobavitelj"), else a company name
 * (one with its legal form) that the letterhead or the footer prints, else the letterhead's
 * largest words. Its VAT ID is a valid one outside the buyer's block, the nearest to the
 * supplier's name or its label first.
 */

export interface Party {
  name?: Candidate;
  nameConfidence: number;
  vatId?: Candidate;
  vatIdConfidence: number;
}

/** A region of a page, in page fractions. */
interface Region {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** How far a party's block reaches from its label or name: right, and down. */
const BLOCK_WIDTH = 0.42;
const BLOCK_HEIGHT = 0.14;

/** Legal forms that end a company's name. */
const LEGAL_FORM = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:d\\.\\s?o\\.\\s?o\\.?|d\\.\\s?d\\.|s\\.\\s?p\\.|d\\.\\s?n\\.\\s?o\\.|k\\.\\s?d\\.|' +
    'GmbH(?:\\s?&\\s?Co\\.?\\s?KG)?|AG|KG|OHG|UG|e\\.\\s?K\\.|Ltd\\.?|Limited|LLC|LLP|PLC|plc|Inc\\.?|Corp\\.?|' +
    'S\\.\\s?r\\.\\s?l\\.|Srl|S\\.\\s?p\\.\\s?A\\.|SpA|S\\.\\s?A\\.?S?|SAS|SARL|SA|B\\.\\s?V\\.|BV|N\\.\\s?V\\.|NV|' +
    'BVBA|s\\.\\s?r\\.\\s?o\\.|a\\.\\s?s\\.|Kft\\.?|Zrt\\.?|sp\\.\\s?z\\s?o\\.\\s?o\\.|Oy|AB|A/S|ApS|AS|' +
    'Pvt\\.?\\s?Ltd\\.?|Private Limited|j\\.\\s?d\\.\\s?o\\.\\s?o\\.)(?![\\p{L}\\p{N}])',
  'u',
);

const inside = (p: Phrase, r: Region) =>
  p.page === r.page && p.x0 >= r.x0 - 0.01 && p.x0 <= r.x1 && p.y0 >= r.y0 - 0.005 && p.y0 <= r.y1;

function blockUnder(phrase: Phrase, from: number): Region {
  const x0 = phrase.x0 + (from > 0 ? (phrase.x1 - phrase.x0) * (from / phrase.text.length) : 0);
  return {
    page: phrase.page,
    x0: Math.max(0, x0 - 0.02),
    y0: phrase.y0,
    x1: x0 + BLOCK_WIDTH,
    y1: phrase.y1 + BLOCK_HEIGHT,
  };
}

export function readParty(layouts: readonly PageLayout[], options: NameOptions): Party {
  const phrases = layouts.flatMap((l) => l.lines.flatMap((line) => line.phrases));
  const own = options.buyerName?.trim() ?? '';
  const isOwn = (text: string) => own !== '' && nameSimilarity(text, own) >= 0.85;
  // A party label starts its phrase: "An" or "Von" inside a sentence labels nothing.
  const partyHits = layouts.flatMap((l) =>
    l.hits.filter((h) => (h.field === 'buyer' || h.field === 'seller') && h.start === 0),
  );
  const buyerBlocks = partyHits
    .filter((h) => h.field === 'buyer')
    .map((h) => blockUnder(h.phrase, h.start));
  for (const p of phrases)
    if (isOwn(companyName(p.text) ?? p.text)) buyerBlocks.push(blockUnder(p, 0));
  const sellerBlocks = partyHits
    .filter((h) => h.field === 'seller')
    .map((h) => blockUnder(h.phrase, h.start));
  const inBuyer = (p: Phrase) => buyerBlocks.some((r) => inside(p, r));
  const inSeller = (p: Phrase) => sellerBlocks.some((r) => inside(p, r));

  const name = supplierName(layouts, phrases, { inBuyer, inSeller, isOwn, partyHits });

  // VAT IDs outside the buyer's block; under a seller label, or near the name, first.
  let vatId: { candidate: Candidate; rank: number } | undefined;
  for (const [order, p] of phrases.entries()) {
    if (inBuyer(p)) continue;
    for (const found of findVatIds(p.text)) {
      const words = wordsAt(p, found.index, found.index + found.length);
      const near =
        name?.candidate.words[0] !== undefined &&
        name.candidate.words[0].page === p.page &&
        Math.abs(name.candidate.words[0].y0 - p.y0) < 0.05;
      const rank = (inSeller(p) ? 4 : 0) + (near ? 2 : 0) - order / 10_000;
      if (!vatId || rank > vatId.rank)
        vatId = { candidate: { field: 'vatId', value: found.value, words, score: 1 }, rank };
    }
  }
  return {
    name: name?.candidate,
    nameConfidence: name?.confidence ?? 0,
    vatId: vatId?.candidate,
    vatIdConfidence: LABELLED,
  };
}

interface NameContext {
  inBuyer: (p: Phrase) => boolean;
  inSeller: (p: Phrase) => boolean;
  isOwn: (text: string) => boolean;
  partyHits: readonly { field: string; phrase: Phrase; valueStart: number }[];
}

/** A company's name in a phrase: its words up to and with its legal form. */
function companyName(text: string): string | undefined {
  const form = LEGAL_FORM.exec(text);
  if (!form) return undefined;
  const name = text
    .slice(0, form.index + form[0].length)
    .replace(/^.*[:|·]\s*/u, '')
    .trim();
  return /\p{L}{2,}.*\s/u.test(name) ? name : undefined;
}

const TITLES = new RegExp(
  `^(?:${titlesOf()
    .map((t) => labelSource(t.text))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

function supplierName(
  layouts: readonly PageLayout[],
  phrases: readonly Phrase[],
  context: NameContext,
): { candidate: Candidate; confidence: number } | undefined {
  const { inBuyer, inSeller, isOwn, partyHits } = context;
  const make = (p: Phrase, value: string, from = 0) => ({
    field: 'supplierName' as const,
    value,
    words: wordsAt(p, from, from + value.length),
    score: 1,
  });
  // Under or after a seller label.
  for (const hit of partyHits) {
    if (hit.field !== 'seller') continue;
    const rest = hit.phrase.text.slice(hit.valueStart).trim();
    if (rest !== '' && /\p{L}{2}/u.test(rest) && !isOwn(rest)) {
      const value = companyName(rest) ?? rest;
      return {
        candidate: make(hit.phrase, value, hit.phrase.text.indexOf(rest)),
        confidence: LABELLED_NAME,
      };
    }
    const layout = layouts.find((l) => l.lines.some((line) => line.phrases.includes(hit.phrase)));
    const next = layout?.lines[hit.phrase.line + 1]?.phrases.find(
      (p) => p.x0 < hit.phrase.x1 && p.x1 > hit.phrase.x0 && /\p{L}{2}/u.test(p.text),
    );
    if (next && !isOwn(next.text)) {
      const value = companyName(next.text) ?? next.text;
      return { candidate: make(next, value), confidence: LABELLED_NAME };
    }
  }
  // Company names outside the buyer's block: the one printed most often, then the highest.
  const names = phrases.flatMap((p) => {
    if (inBuyer(p) && !inSeller(p)) return [];
    const value = companyName(p.text.replace(TITLES, '').trim());
    if (!value || isOwn(value)) return [];
    return [{ p, value, from: p.text.indexOf(value) }];
  });
  const count = (value: string) =>
    names.filter((n) => nameSimilarity(n.value, value) >= 0.85).length;
  const chosen = [...names].sort(
    (a, b) => count(b.value) - count(a.value) || a.p.page - b.p.page || a.p.y0 - b.p.y0,
  )[0];
  if (chosen)
    return { candidate: make(chosen.p, chosen.value, chosen.from), confidence: LETTERHEAD_NAME };
  // The letterhead: the largest words in the top of the first page that are no title.
  const top = phrases.filter(
    (p) =>
      p.page === 1 &&
      p.y0 < 0.2 &&
      !inBuyer(p) &&
      /\p{L}{3}/u.test(p.text) &&
      !TITLES.test(p.text) &&
      !isOwn(p.text),
  );
  const largest = [...top].sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0) || a.y0 - b.y0)[0];
  if (!largest) return undefined;
  return { candidate: make(largest, largest.text), confidence: LETTERHEAD_NAME * 0.9 };
}
