import { isValidSlovenianVatId } from '@listina/forms';
import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  spain,
  sweden,
  switzerland,
  unitedKingdom,
  type Country,
} from 'jsvat';

/**
 * VAT identification numbers of the 27 EU member states, the United Kingdom (GB, and XI for
 * Northern Ireland) and Switzerland (CHE), for reading a supplier's ID off any invoice (issue
 * 23).
 *
 * The format and check-digit rules are jsvat's (MIT, se-panfilov/jsvat 2.5.4, published
 * 2025-10): it covers every member state with the published algorithm (mod 11, mod 97, Luhn,
 * ISO 7064, the Dutch 2020 mod-97 "btw-id", the British 9755 rule, GD/HA numbers and the
 * Swiss UID's mod 11), has no dependencies, and matched every real ID tried. This module
 * chooses the country by its prefix itself and hands jsvat only that country's rules (jsvat's
 * own lookup would take any number starting with two digits for a Brazilian CNPJ); Slovenia
 * goes to @listina/forms' isValidSlovenianVatId so that capture and the forms agree; XI
 * (Northern Ireland) numbers are GB numbers under another prefix.
 */

/** Prefix as printed on an invoice (Greece is EL; CHE for Switzerland) → the rules. */
const RULES: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  EL: greece,
  ES: spain,
  FI: finland,
  FR: france,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SK: slovakiaRepublic,
  GB: unitedKingdom,
  XI: unitedKingdom,
  CHE: switzerland,
};

/** The prefixes a VAT ID of a supported country starts with (SI included). */
export const VAT_ID_PREFIXES: readonly string[] = [...Object.keys(RULES), 'SI'].sort();

/**
 * The ID as one compact upper-case string: spaces (also no-break ones), dots, dashes and
 * slashes dropped; GR written as EL (the EU's code for Greece); a Swiss UID's MWST, TVA, IVA
 * or "VAT" suffix dropped ("CHE-116.281.710 MWST" → "CHE116281710"). Not a check: the result
 * of a wrong ID is a wrong ID.
 */
export function normaliseVatId(text: string): string {
  let compact = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\u00a0\u202f.\-/]+/g, '');
  if (compact.startsWith('CHE')) compact = compact.replace(/(?:MWST|TVA|IVA|VAT)$/, '');
  if (compact.startsWith('GR')) compact = `EL${compact.slice(2)}`;
  return compact;
}

/** The country prefix of a compact ID (CHE before CH), or undefined for an unknown one. */
function prefixOf(compact: string): string | undefined {
  if (compact.startsWith('CHE')) return 'CHE';
  const two = compact.slice(0, 2);
  return two === 'SI' || RULES[two] ? two : undefined;
}

/** Format and check digits of an EU (27 states), GB, XI or CH VAT ID, in any printed form. */
export function isValidVatId(id: string): boolean {
  const compact = normaliseVatId(id);
  const prefix = prefixOf(compact);
  if (!prefix) return false;
  if (prefix === 'SI') return /^SI\d{8}$/.test(compact) && isValidSlovenianVatId(compact);
  const rules = RULES[prefix];
  if (!rules) return false;
  // jsvat knows Greece as GR or EL and Northern Ireland not at all: hand it its own prefix.
  const asJsvat = prefix === 'XI' ? `GB${compact.slice(2)}` : compact;
  return checkVAT(asJsvat, [rules]).isValid;
}

export interface FoundVatId {
  /** The ID, normalised (normaliseVatId). */
  value: string;
  /** Where the printed ID starts in the text, and how many characters it takes there. */
  index: number;
  length: number;
}

/** Prefixes in the order a regular expression must try them (CHE before CH…, GR for EL). */
const PREFIX_SOURCE = [...VAT_ID_PREFIXES, 'GR']
  .sort((a, b) => b.length - a.length || a.localeCompare(b))
  .join('|');

/**
 * A prefix, then up to 14 letters and digits that may be grouped by single spaces, dots or
 * dashes ("DE 136 695 976", "CHE-116.281.710 MWST", "BE 0403.170.701"), then, for CHE, the
 * suffix. Prefixes are matched in capitals only: "at 12345678" in a sentence is no ID.
 */
const CANDIDATE = new RegExp(
  `(?<![A-Za-z0-9])(?:${PREFIX_SOURCE})(?:[ \\u00a0\\u202f.\\-]?[0-9A-Z]){2,14}(?:[ \\u00a0\\u202f]?(?:MWST|TVA|IVA))?`,
  'g',
);

/** Letters and digits, maybe grouped, with at least six digits: an ID printed without prefix. */
const UNPREFIXED = /(?<![\p{L}\p{N}])[0-9A-Z](?:[ \u00a0\u202f.\-/]?[0-9A-Z]){5,13}/gu;

export interface VatIdHint {
  /**
   * ISO 3166-1 alpha-2 code (GR or EL for Greece, CH for Switzerland): IDs of this country
   * printed without their prefix (Italy's "P.IVA 01598570354", Croatia's "OIB: 46830600751",
   * Slovenia's "Davčna številka: 52205606") are found too, with the prefix added. Only for the
   * text next to a VAT ID label: any number of the right length passes a check digit now and
   * then.
   */
  country?: string;
}

/**
 * Every valid VAT ID in a text (format and check digits), with where it is printed. A
 * candidate that runs into the next word ("DE136695976 Tel") is cut back to its longest
 * valid beginning, so only valid IDs are returned. IDs are found with their country prefix,
 * and without it for the hint's country.
 */
export function findVatIds(text: string, hint?: VatIdHint): FoundVatId[] {
  const found: FoundVatId[] = [];
  const scan = (pattern: RegExp, prefix: string) => {
    const candidate = new RegExp(pattern.source, pattern.flags);
    for (let m = candidate.exec(text); m; m = candidate.exec(text)) {
      const printed = m[0];
      const at = m.index;
      candidate.lastIndex = at + 1;
      if (found.some((f) => at >= f.index && at < f.index + f.length)) continue;
      // Ends to try, longest first: each position after a letter or digit.
      for (let end = printed.length; end > 2; end -= 1) {
        if (!/[0-9A-Z]/.test(printed[end - 1] ?? '')) continue;
        const id = prefix + printed.slice(0, end);
        if (
          prefix &&
          (printed.slice(0, end).replace(/\D/g, '').length < 6 || /^[A-Z]{2}/.test(printed))
        )
          continue;
        if (isValidVatId(id)) {
          found.push({ value: normaliseVatId(id), index: at, length: end });
          // The next ID may follow right after this one ("SI52205606 DE136695976").
          candidate.lastIndex = at + end;
          break;
        }
      }
    }
  };
  scan(CANDIDATE, '');
  const country = hint?.country?.toUpperCase();
  if (country) {
    const prefix = country === 'GR' ? 'EL' : country === 'CH' ? 'CHE' : country;
    if (prefix === 'SI' || RULES[prefix]) scan(UNPREFIXED, prefix);
  }
  return found.sort((a, b) => a.index - b.index);
}
