import de from './label-data/de.json' with { type: 'json' };
import en from './label-data/en.json' with { type: 'json' };
import fr from './label-data/fr.json' with { type: 'json' };
import hr from './label-data/hr.json' with { type: 'json' };
import it from './label-data/it.json' with { type: 'json' };
import nl from './label-data/nl.json' with { type: 'json' };
import sl from './label-data/sl.json' with { type: 'json' };
import cs from './label-data/cs.json' with { type: 'json' };
import hu from './label-data/hu.json' with { type: 'json' };
import es from './label-data/es.json' with { type: 'json' };
import pl from './label-data/pl.json' with { type: 'json' };
import sk from './label-data/sk.json' with { type: 'json' };

/**
 * The labels invoices print for each header field, in Slovenian, English, German, French,
 * Italian, Croatian and Dutch (issue 23), Czech, Slovak, Polish, Hungarian and Spanish, kept as data in label-data/<language>.json, one file
 * a language: add a label or a language there, not here. This module reads them and makes
 * them match as invoices print them: in any case, words split by any white space (also a line
 * break), abbreviation dots and hyphens optional, a trailing ":", "#", "n°", "No." or "št.",
 * and with or without their accents and háčeks (OCR and ASCII-only systems drop them, as
 * labels.ts explains for Slovenian): "Fällig am" also as "Faellig am" and "Fallig am",
 * "Numéro" as "Numero", "Številka" as "Stevilka".
 */

export const LANGUAGES = [
  'sl',
  'en',
  'de',
  'fr',
  'it',
  'hr',
  'nl',
  'cs',
  'sk',
  'pl',
  'hu',
  'es',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const LABEL_FIELDS = [
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'deliveryDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'amountDue',
  'prepaidAmount',
  'roundingAmount',
  'currencyCode',
  'iban',
  'bic',
  'reference',
  // The four letters of a payment's purpose (UPN's "Koda namena", HUB-3's "Šifra namjene").
  'purposeCode',
  'vatId',
  'seller',
  'buyer',
  // Numbers and dates that are not the invoice's (customer and order numbers, registry and
  // tax numbers, order dates): as labels they are longer than a bare "Number" or "Datum"
  // inside them, and lead to no field.
  'other',
] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

export interface LanguageLabels {
  language: Language;
  fields: Record<LabelField, string[]>;
  /** Words that are the document's title (Invoice, Rechnung, Dobropis…). */
  title: string[];
  /**
   * The titles that name another kind of document than an invoice (380), by its UNTDID 1001
   * code: 381 credit note, 383 debit note, 384 corrected invoice, 386 advance invoice, 325
   * proforma. Each is one of `title`.
   */
  titleTypes: Record<string, string[]>;
  /** Twelve entries, January first: every name and abbreviation of the month, lower case. */
  months: string[][];
  /** How the language writes a numeric date; English is dmy unless the country is the US. */
  dateOrder: 'dmy' | 'mdy';
}

const DATA: Readonly<Record<Language, LanguageLabels>> = {
  sl: sl as LanguageLabels,
  en: en as LanguageLabels,
  de: de as LanguageLabels,
  fr: fr as LanguageLabels,
  it: it as LanguageLabels,
  hr: hr as LanguageLabels,
  nl: nl as LanguageLabels,
  cs: cs as LanguageLabels,
  sk: sk as LanguageLabels,
  pl: pl as LanguageLabels,
  hu: hu as LanguageLabels,
  es: es as LanguageLabels,
};

export const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly (string | undefined)[]).includes(value);

/** One language's labels, titles and months as its file has them. */
export const languageLabels = (language: Language): LanguageLabels => DATA[language];

export interface Label {
  text: string;
  language: Language;
}

/** A field's labels in all languages (or the ones given), longest first. */
export function labelsOf(field: LabelField, languages: readonly Language[] = LANGUAGES): Label[] {
  return languages
    .flatMap((language) => DATA[language].fields[field].map((text) => ({ text, language })))
    .sort((a, b) => b.text.length - a.text.length);
}

/** The document titles of all languages (or the ones given), longest first. */
export function titlesOf(languages: readonly Language[] = LANGUAGES): Label[] {
  return languages
    .flatMap((language) => DATA[language].title.map((text) => ({ text, language })))
    .sort((a, b) => b.text.length - a.text.length);
}

const titleAlternations = new Map<string, string>();
/**
 * A regular expression source matching any document title of the languages (all by default),
 * as one group, longest first: `(?:Avansni\s+račun|…|Račun)`. Callers add their own anchors.
 */
export function titleAlternation(languages: readonly Language[] = LANGUAGES): string {
  const key = languages.join();
  let source = titleAlternations.get(key);
  if (source === undefined) {
    source = `(?:${[...new Set(titlesOf(languages).map((t) => labelSource(t.text)))].join('|')})`;
    titleAlternations.set(key, source);
  }
  return source;
}

/**
 * Lower case without accents, háčeks and umlauts, for comparing words: "Fällig" → "fallig",
 * "Številka" → "stevilka", "Straße" → "strasse", "đ" → "d".
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe');
}

/** A marked letter of a label → what it may be printed as (the letter or its plain forms). */
function letterPattern(letter: string): string {
  const lower = letter.toLowerCase();
  if (lower === 'ß') return '(?:ß|ss)';
  if (lower === 'đ') return '(?:đ|dj|d)';
  if ('äöü'.includes(lower)) {
    const plain = foldText(lower);
    return `(?:${lower}|${plain}e|${plain})`;
  }
  const plain = foldText(lower);
  if (plain !== lower && plain.length === 1) return `[${lower}${plain}]`;
  return escape(letter);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression source matching one label as invoices print it (case is left to the
 * caller's "i" flag): white space as any white space, a dot as an optional dot (between words,
 * a dot, a space or both: "Reg. No", "Reg.No", "Reg No"), a hyphen or a
 * slash with optional spaces round it, "n°" also as "nº" and "no", an apostrophe also as ’,
 * and each marked letter also without its mark.
 */
export function labelSource(label: string): string {
  let source = '';
  const text = label.trim();
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      if (!/[\s.]/.test(text[i - 1] ?? '')) source += '\\s+';
    } else if (c === '.' && /\s/.test(text[i + 1] ?? '')) source += '(?:\\.\\s*|\\s+)';
    else if (c === '.') source += '\\.?\\s*';
    else if (c === '-') source += '\\s*-?\\s*';
    else if (c === '/') source += '\\s*/\\s*';
    else if (c === '°' || c === 'º') source += '(?:[°º]|o\\.?)';
    else if (c === "'" || c === '’') source += "['’]";
    else if (/\p{L}/u.test(c)) source += letterPattern(c);
    else source += escape(c);
  }
  // "Re.-Nr." gives \.?\s*\s*-?\s*: fine; a trailing "\s*" is dropped so the label ends there.
  return source.replace(/(?:\\s\*)+$/, '');
}

/**
 * What may follow a label before its value: a number sign, "No.", "n°", "Nr.", "št.", "br.",
 * and a colon. White space after it is the value's, not the label's.
 */
export const LABEL_TAIL =
  '(?:\\s*(?:#|n[°º]|(?:no|nr|num|št|st|br)(?:\\.|(?![\\p{L}\\p{N}]))))?(?:\\s*[:#])?';

const compiled = new Map<string, RegExp>();
function cached(source: string, flags: string): RegExp {
  const key = `${flags}/${source}`;
  let re = compiled.get(key);
  if (!re) {
    re = new RegExp(source, flags);
    compiled.set(key, re);
  }
  return re;
}

/**
 * A RegExp (flags giu) that finds any of a field's labels, in any of the languages (or the
 * ones given), as whole words, with LABEL_TAIL after it: the match ends where the value may
 * begin. Longer labels are tried first ("Invoice number" before "Invoice").
 */
export function labelMatcher(
  field: LabelField,
  languages: readonly Language[] = LANGUAGES,
): RegExp {
  // A fresh RegExp each time: a global one keeps its lastIndex between callers.
  return new RegExp(matcherSource(field, languages), 'giu');
}

const sources = new Map<string, string>();
function matcherSource(field: LabelField, languages: readonly Language[]): string {
  const key = `${field}:${languages.join()}`;
  let source = sources.get(key);
  if (source === undefined) {
    const labels = [...new Set(labelsOf(field, languages).map((l) => labelSource(l.text)))];
    source = `(?<![\\p{L}\\p{N}])(?:${labels.join('|')})(?![\\p{L}\\p{N}])${LABEL_TAIL}`;
    sources.set(key, source);
  }
  return source;
}

/** A RegExp that tells whether a match begins with one label (for findLabels). */
const labelStarts = new Map<string, RegExp>();
function startsWithLabel(label: string, printed: string): boolean {
  let re = labelStarts.get(label);
  if (!re) {
    re = new RegExp(`^(?:${labelSource(label)})(?![\\p{L}\\p{N}])`, 'iu');
    labelStarts.set(label, re);
  }
  return re.test(printed);
}

/** labelMatcher's RegExp with white space inside labels kept to one line (sticky). */
function oneLineMatcher(field: LabelField, languages: readonly Language[]): RegExp {
  return cached(matcherSource(field, languages).replaceAll('\\s', '[^\\S\\r\\n]'), 'yiu');
}

export interface FoundLabel extends Label {
  field: LabelField;
  /** Where the label starts in the text, and how many characters it and its tail take. */
  index: number;
  length: number;
}

/**
 * Every label of the fields asked for (all by default) in a text, with which label of which
 * language it was. Where labels overlap, the longer one is the label ("Total excl. VAT" is a
 * net amount, not a "Total"; "Invoice\nnumber" one label), two of the same length are both
 * given; but a label across a line break that a label on one line reaches out of is none
 * ("RAČUN\nŠtevilka računa" is a title and a label, not "Račun številka" and "a").
 */
export function findLabels(
  text: string,
  fields: readonly LabelField[] = LABEL_FIELDS,
  languages: readonly Language[] = LANGUAGES,
): FoundLabel[] {
  const all: FoundLabel[] = [];
  for (const field of fields) {
    const labels = labelsOf(field, languages);
    const matcher = cached(matcherSource(field, languages), 'giu');
    matcher.lastIndex = 0;
    // Overlapping matches too: the one that starts first is not always the one to keep.
    const identify = (printed: string) => labels.find((l) => startsWithLabel(l.text, printed));
    const add = (printed: string, index: number) => {
      const label = identify(printed);
      if (
        label &&
        !all.some((f) => f.field === field && f.index === index && f.text === label.text)
      )
        all.push({ ...label, field, index, length: printed.length });
    };
    for (let m = matcher.exec(text); m; m = matcher.exec(text)) {
      matcher.lastIndex = m.index + 1;
      add(m[0], m.index);
      // A label across a line break may hide a shorter one on the line ("RAČUN\nŠtevilka").
      if (/[\r\n]/.test(m[0])) {
        const line = oneLineMatcher(field, languages);
        line.lastIndex = m.index;
        const short = line.exec(text);
        if (short) add(short[0], m.index);
      }
    }
  }
  const broken = (f: FoundLabel) => /[\r\n]/.test(text.slice(f.index, f.index + f.length));
  const overlap = (g: FoundLabel, f: FoundLabel) =>
    g.index < f.index + f.length && f.index < g.index + g.length;
  const contains = (g: FoundLabel, f: FoundLabel) =>
    g.index <= f.index && f.index + f.length <= g.index + g.length;
  // A label across a line break that a label on one line reaches out of is no label.
  const whole = all.filter(
    (f) => !broken(f) || !all.some((g) => !broken(g) && overlap(g, f) && !contains(f, g)),
  );
  const kept: FoundLabel[] = [];
  for (const f of [...whole].sort((p, q) => q.text.length - p.text.length || p.index - q.index))
    if (!kept.some((g) => overlap(g, f) && g.text.length > f.text.length)) kept.push(f);
  return kept.sort((a, b) => a.index - b.index || b.length - a.length);
}

/** A month word folded (foldText), with "ae" read as "a" (Maerz, Jaenner), without a dot. */
const monthKey = (word: string) => foldText(word.trim().replace(/\.$/, '')).replace(/ae/g, 'a');

/** Month word key → month number, from all languages (the data agree: test). */
const MONTHS: ReadonlyMap<string, number> = new Map(
  LANGUAGES.flatMap((language) =>
    DATA[language].months.flatMap((names, i) =>
      names.map((name) => [monthKey(name), i + 1] as const),
    ),
  ),
);

/** Every month name and abbreviation of every language, longest first, as printed. */
export const MONTH_WORDS: readonly string[] = [
  ...new Set(LANGUAGES.flatMap((language) => DATA[language].months.flat())),
].sort((a, b) => b.length - a.length);

/**
 * The month (1–12) a word names in any of the languages: "August", "avgusta", "août",
 * "März", "Maerz", "kolovoza", "Sept.", "déc" — case, accents and a final dot do not matter.
 */
export function monthNumber(word: string, language?: Language): number | undefined {
  const key = monthKey(word);
  if (!language) return MONTHS.get(key);
  const i = DATA[language].months.findIndex((names) => names.some((n) => monthKey(n) === key));
  return i < 0 ? undefined : i + 1;
}

/** Each language's labels, titles and months, folded, for scoring a text's language. */
const SCORE_WORDS: Readonly<Record<Language, string[]>> = Object.fromEntries(
  LANGUAGES.map((language) => {
    const d = DATA[language];
    const words = [...Object.values(d.fields).flat(), ...d.title, ...d.months.flat()]
      .map(foldText)
      // Short words (Nr., An, De, To, TVA…) say too little; keep labels of 4 letters or more.
      .filter((w) => w.replace(/[^a-z]/g, '').length >= 4);
    return [language, [...new Set(words)]];
  }),
) as Record<Language, string[]>;

/**
 * The language whose labels, titles and month names a text prints most (each counted once,
 * a label of several words counting as much as its words), or undefined when none is found.
 * Labels that several languages share (IBAN, Datum, Račun, Total) count for each of them, so
 * only the words that differ decide.
 */
export function detectLanguage(text: string): Language | undefined {
  return likelyLanguages(text)[0];
}

/**
 * The languages that print most of their words in a text (detectLanguage's scoring), all of
 * them where several score alike: "Référence", "Nettó" and "SWIFT-Code" say no more than that
 * the text is French or English, Hungarian or German. None when no word is found.
 */
export function likelyLanguages(text: string): Language[] {
  const folded = ` ${foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best: Language[] = [];
  let bestScore = 0;
  for (const language of LANGUAGES) {
    let score = 0;
    for (const word of SCORE_WORDS[language]) {
      const plain = word.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      if (plain && folded.includes(` ${plain} `)) score += plain.split(' ').length;
    }
    if (score > bestScore) {
      best = [language];
      bestScore = score;
    } else if (score > 0 && score === bestScore) best.push(language);
  }
  return best;
}
