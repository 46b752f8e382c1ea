import { nameSimilarity } from '../../tables/partner-suggestions';
import { LABELLED_NAME, LETTERHEAD_NAME, type NameOptions } from '../text/supplier-name';
import { findVatIds, normaliseVatId } from '../text/vat-ids';
import { LEGAL_FORM_ANY_CASE, LEGAL_FORM_CAPITALS } from '../text/legal-forms';
import {
  LABELLED,
  SHAPE_ONLY,
  WEAK_LABEL,
  type Candidate,
  type PageLayout,
  wordsAt,
} from './candidates';
import { parseFieldValue } from './field-values';
import { titleAt } from './label-index';
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
  /** The country of the supplier's bank account, when its VAT ID is not printed. */
  ibanCountry?: string;
  /** Whether a phrase stands in the buyer's or the seller's block (their numbers, dates). */
  isInPartyBlock: (phrase: Phrase) => boolean;
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
/** Two things this near (in page heights) belong together (a name and its VAT ID). */
const NEAR = 0.06;

const FORM_ANY_CASE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_ANY_CASE})(?![\\p{L}\\p{N}])`,
  'iu',
);
const FORM_CAPITALS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${LEGAL_FORM_CAPITALS})(?![\\p{L}\\p{N}])`,
  'u',
);

const inside = (p: Phrase, r: Region) =>
  p.page === r.page && p.x0 >= r.x0 && p.x0 <= r.x1 && p.y0 >= r.y0 - 0.005 && p.y0 <= r.y1;

/** A party's block: under its label or name, as wide as its column (up to the next phrase). */
function blockUnder(phrase: Phrase, phrases: readonly Phrase[]): Region {
  const next = phrases
    .filter((p) => p.page === phrase.page && p.line === phrase.line && p.x0 > phrase.x1)
    .sort((a, b) => a.x0 - b.x0)[0];
  return {
    page: phrase.page,
    x0: Math.max(0, phrase.x0 - 0.04),
    y0: phrase.y0,
    x1: Math.min(phrase.x0 + BLOCK_WIDTH, next ? next.x0 - 0.02 : 1),
    y1: phrase.y1 + BLOCK_HEIGHT,
  };
}

/** A phrase that names a bank ("IBAN … otvoren u Privredna Banka Zagreb d.d."). */
const isBankLine = (text: string) =>
  parseFieldValue('iban', text) !== undefined ||
  /\b(?:IBAN|BIC|SWIFT)\b/u.test(text) ||
  /(?<![\p{L}])(?:bank|banka|banca|banque|sparkasse|hranilnica)(?![\p{L}])/iu.test(text);

/** The country a language's invoices most often come from, for IDs printed without it. */
const COUNTRY_OF_LANGUAGE: Readonly<Record<string, string>> = {
  sl: 'SI',
  hr: 'HR',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  nl: 'NL',
};

export function readParty(
  layouts: readonly PageLayout[],
  options: NameOptions & { language?: string },
): Party {
  const phrases = layouts.flatMap((l) => l.lines.flatMap((line) => line.phrases));
  const own = options.buyerName?.trim() ?? '';
  const isOwn = (text: string) => own !== '' && nameSimilarity(text, own) >= 0.85;
  // A party label starts its phrase: "An" or "Von" inside a sentence labels nothing.
  const partyHits = layouts.flatMap((l) =>
    l.hits.filter((h) => (h.field === 'buyer' || h.field === 'seller') && h.start === 0),
  );
  const buyerBlocks = partyHits
    .filter((h) => h.field === 'buyer')
    .map((h) => blockUnder(h.phrase, phrases));
  for (const p of phrases)
    if (isOwn(companyName(p.text) ?? p.text)) buyerBlocks.push(blockUnder(p, phrases));
  const sellerBlocks = partyHits
    .filter((h) => h.field === 'seller')
    .map((h) => blockUnder(h.phrase, phrases));
  const inBuyer = (p: Phrase) => buyerBlocks.some((r) => inside(p, r));
  const inSeller = (p: Phrase) => sellerBlocks.some((r) => inside(p, r));

  const ibans = phrases.filter((p) => !inBuyer(p) && parseFieldValue('iban', p.text) !== undefined);
  const name = supplierName(layouts, phrases, { inBuyer, inSeller, isOwn, partyHits, ibans });
  const ibanCountry = ibans[0] && parseFieldValue('iban', ibans[0].text)?.value.slice(0, 2);
  const country = ibanCountry ?? COUNTRY_OF_LANGUAGE[options.language ?? ''];
  const vatId = supplierVatId(layouts, phrases, {
    inBuyer,
    inSeller,
    name: name?.candidate,
    ibans,
    country,
  });
  return {
    name: name?.candidate,
    nameConfidence: name?.confidence ?? 0,
    vatId: vatId?.candidate,
    vatIdConfidence: vatId?.confidence ?? 0,
    ibanCountry,
    isInPartyBlock: (p) => inBuyer(p) || inSeller(p),
  };
}

const near = (p: Phrase, q: { page: number; y0: number } | undefined) =>
  q !== undefined && p.page === q.page && Math.abs(p.y0 - q.y0) < NEAR;

/** VAT IDs of the form of their country whose check digits fail (a sample's DE123456789). */
const VAT_SHAPE =
  /(?<![A-Z0-9])(?:DE ?\d{9}|ATU\d{8}|NL\d{9}B\d{2}|FR[0-9A-Z]{2} ?\d{9}|IT\d{11}|SI\d{8}|HR\d{11}|CZ\d{8,10}|BE ?0?\d{9}|GB ?\d{9}|ES[0-9A-Z]\d{7}[0-9A-Z]|PL\d{10}|HU\d{8}|SK\d{10}|LU\d{8}|DK\d{8}|SE\d{12}|FI\d{8}|PT\d{9})(?![A-Z0-9])/u;

/**
 * The supplier's VAT ID: a valid one outside the buyer's block, ranked by what stands near it
 * (the seller's label or block, the supplier's name, its bank account, the footer). One whose
 * check digits fail is taken only after a VAT ID label, and marked for review.
 */
function supplierVatId(
  layouts: readonly PageLayout[],
  phrases: readonly Phrase[],
  context: {
    inBuyer: (p: Phrase) => boolean;
    inSeller: (p: Phrase) => boolean;
    name: Candidate | undefined;
    ibans: readonly Phrase[];
    country: string | undefined;
  },
): { candidate: Candidate; confidence: number } | undefined {
  const { inBuyer, inSeller, name, ibans, country } = context;
  let best: { candidate: Candidate; rank: number } | undefined;
  for (const [order, p] of phrases.entries()) {
    for (const found of findVatIds(p.text)) {
      // Cut back from a longer run (a reference "SI12 34480026002"): no VAT ID of its own.
      if (/[\p{L}\p{N}]/u.test(p.text.charAt(found.index + found.length))) continue;
      const words = wordsAt(p, found.index, found.index + found.length);
      const rank =
        (inBuyer(p) ? -8 : 0) +
        (inSeller(p) ? 4 : 0) +
        (near(p, name?.words[0]) ? 2 : 0) +
        (ibans.some((i) => near(p, i)) ? 2 : 0) +
        (p.y0 > 0.8 ? 1 : 0) -
        order / 10_000;
      if (!best || rank > best.rank)
        best = { candidate: { field: 'vatId', value: found.value, words, score: 1 }, rank };
    }
  }
  if (best && best.rank > -4) return { candidate: best.candidate, confidence: LABELLED };
  // Printed without its country after a VAT ID label ("OIB: 21055328609", "P.IVA 0159…").
  for (const layout of layouts)
    for (const hit of layout.hits) {
      if (hit.field !== 'vatId' || inBuyer(hit.phrase) || !country) continue;
      const line = layout.lines[hit.phrase.line];
      const next = line?.phrases.find((p) => p.x0 >= hit.phrase.x1);
      const places: [Phrase, number][] = [[hit.phrase, hit.valueStart]];
      if (next) places.push([next, 0]);
      for (const [phrase, from] of places) {
        const found = findVatIds(phrase.text.slice(from), { country })[0];
        if (!found) continue;
        const at = from + found.index;
        return {
          candidate: {
            field: 'vatId',
            value: found.value,
            words: wordsAt(phrase, at, at + found.length),
            score: 0.9,
          },
          confidence: LABELLED * WEAK_LABEL,
        };
      }
    }
  // Of the right form, its check digits wrong (a sample's DE123456789), after a VAT ID label
  // or beside the supplier's bank account: for review.
  const labelled = new Set(
    layouts.flatMap((l) => l.hits.filter((h) => h.field === 'vatId').map((h) => h.phrase)),
  );
  for (const layout of layouts)
    for (const line of layout.lines)
      for (const [i, p] of line.phrases.entries()) {
        if (inBuyer(p)) continue;
        const m = VAT_SHAPE.exec(p.text);
        if (!m) continue;
        const before = line.phrases[i - 1];
        const isLabelled = labelled.has(p) || (before !== undefined && labelled.has(before));
        if (!isLabelled && !ibans.some((iban) => near(p, iban))) continue;
        return {
          candidate: {
            field: 'vatId',
            value: normaliseVatId(m[0]),
            words: wordsAt(p, m.index, m.index + m[0].length),
            score: 0.5,
          },
          confidence: SHAPE_ONLY * 0.85,
        };
      }
  return undefined;
}

interface NameContext {
  inBuyer: (p: Phrase) => boolean;
  inSeller: (p: Phrase) => boolean;
  isOwn: (text: string) => boolean;
  partyHits: readonly { field: string; phrase: Phrase; valueStart: number }[];
  ibans: readonly Phrase[];
}

/** A company's name in a phrase: its words up to and with its legal form. */
function companyName(text: string): string | undefined {
  const forms = [FORM_ANY_CASE.exec(text), FORM_CAPITALS.exec(text)].filter(
    (m): m is RegExpExecArray => m !== null,
  );
  const form = forms.sort((a, b) => a.index - b.index)[0];
  if (!form) return undefined;
  const name = text
    .slice(0, form.index + form[0].length)
    .replace(/^.*[:|·•]\s*/u, '')
    .trim();
  return /\p{L}{2,}.*\s/u.test(name) ? name : undefined;
}

const isLegalFormOnly = (text: string) =>
  text !== '' && [FORM_ANY_CASE, FORM_CAPITALS].some((form) => form.exec(text)?.[0] === text);

const withoutTitle = (text: string) => text.slice(titleAt(text) ?? 0).trim();

function supplierName(
  layouts: readonly PageLayout[],
  phrases: readonly Phrase[],
  context: NameContext,
): { candidate: Candidate; confidence: number } | undefined {
  const { inBuyer, inSeller, isOwn, partyHits, ibans } = context;
  const make = (p: Phrase, value: string, from = 0) => ({
    field: 'supplierName' as const,
    value,
    words: wordsAt(p, from, from + value.length),
    score: 1,
  });
  // A phrase that starts with a label of a field (a seller's own label word may be its name).
  const isLabel = (p: Phrase) =>
    layouts.some((l) =>
      l.hits.some((h) => h.phrase === p && h.start === 0 && h.field !== 'seller'),
    );
  // After a seller label, or in its block: its company name, else its first line of words.
  for (const hit of partyHits) {
    if (hit.field !== 'seller') continue;
    const rest = hit.phrase.text.slice(hit.valueStart).trim();
    // "Lieferant GmbH": the label word is the name's own, the rest only its legal form.
    if (isLegalFormOnly(rest)) {
      const value = hit.phrase.text.trim();
      return {
        candidate: make(hit.phrase, value, hit.phrase.text.indexOf(value)),
        confidence: LETTERHEAD_NAME,
      };
    }
    // The name after its label on the same line only after a colon ("Seller: Acme Ltd"); a
    // heading such as "SELLER TRADE NAME" has it on the lines under it.
    const hasColon = hit.phrase.text.slice(0, hit.valueStart).includes(':');
    if (hasColon && rest !== '' && /\p{L}{2}/u.test(rest) && !isOwn(rest)) {
      const value = companyName(rest) ?? rest;
      return {
        candidate: make(hit.phrase, value, hit.phrase.text.indexOf(value)),
        confidence: LABELLED_NAME,
      };
    }
    const block = blockUnder(hit.phrase, phrases);
    const under = phrases.filter((p) => p !== hit.phrase && inside(p, block) && !isOwn(p.text));
    const company = under.find((p) => companyName(p.text) !== undefined);
    const first = under.find((p) => /\p{L}{3}/u.test(p.text) && !/:/u.test(p.text) && !isLabel(p));
    const chosen = company ?? first;
    if (chosen) {
      const value = companyName(chosen.text) ?? chosen.text;
      return {
        candidate: make(chosen, value, chosen.text.indexOf(value)),
        confidence: LABELLED_NAME,
      };
    }
  }
  // Company names outside the buyer's block, ranked by where they stand and what is near.
  const names = phrases.flatMap((p) => {
    if ((inBuyer(p) && !inSeller(p)) || isBankLine(p.text)) return [];
    const value = companyName(withoutTitle(p.text));
    if (!value || isOwn(value)) return [];
    return [{ p, value, from: p.text.indexOf(value) }];
  });
  const rank = (n: (typeof names)[number]) => {
    const repeated = names.filter(
      (m) => m !== n && nameSimilarity(m.value, n.value) >= 0.85,
    ).length;
    // In running text after another's label ("Operator: ELEKTRO GORENJSKA d.d."): a mention.
    const isMention = n.from > 0 && /:\s*$/u.test(n.p.text.slice(0, n.from));
    return (
      Math.min(repeated, 2) * 2 +
      (n.p.y0 < 0.2 || n.p.y0 > 0.8 ? 1 : 0) +
      (ibans.some((i) => near(n.p, i)) ? 1 : 0) +
      (n.from === 0 ? 1 : 0) -
      (isMention ? 3 : 0)
    );
  };
  const chosen = [...names].sort(
    (a, b) => rank(b) - rank(a) || a.p.page - b.p.page || a.p.y0 - b.p.y0,
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
      titleAt(p.text) === undefined &&
      !isLabel(p) &&
      !isOwn(p.text),
  );
  const largest = [...top].sort((a, b) => b.y1 - b.y0 - (a.y1 - a.y0) || a.y0 - b.y0)[0];
  if (!largest) return undefined;
  return { candidate: make(largest, largest.text), confidence: LETTERHEAD_NAME * 0.9 };
}
