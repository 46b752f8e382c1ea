import {
  isLanguage,
  labelSource,
  languageLabels,
  MONTH_WORDS,
  monthNumber,
} from './invoice-labels';

/**
 * Dates as invoices print them, in any of the label languages (issue 23): numeric (19.04.2014,
 * 19. 04. 2014, 19.4.14, 20-10-2015, 28/11/2022, 2014-04-19) and with month names (3 August
 * 2014, August 3, 2014, 3. avgust 2014, 3 août 2014, 3. März 2014, 3. kolovoza 2014, Aug 3
 * 2014, 03-Aug-2014, 3-Aug-14, 3rd of August 2014, 1er août 2014, 3 de agosto de 2014), and year first as Hungarian
 * writes them (2021.09.30., 2021. 09. 30., 2021. szeptember 30.). The result is an ISO date
 * (yyyy-mm-dd) of a day that exists: 31.02.2014 is no date.
 *
 * Day or month first: a numeric date whose first two numbers could both be the month
 * (05/06/2022) is read month first only when the hint says so: order 'mdy', or country US
 * (also PH, FM, MH, PW, the countries that write month first) with no order given. Otherwise
 * day first, as every label language writes it. A number over 12 decides whatever the hint.
 * Dates with dots are always day first (no one writes 06.05.2022 for June 5). Two-digit
 * years are 20yy; four-digit years from 1900 to 2099.
 */

export interface DateHint {
  order?: 'dmy' | 'mdy';
  language?: string;
  /** ISO 3166-1 alpha-2 code of the document's country (the supplier's). */
  country?: string;
}

export interface FoundDate {
  /** yyyy-mm-dd */
  value: string;
  /** Where the printed date starts in the text, and how many characters it takes. */
  index: number;
  length: number;
}

const MONTH_FIRST_COUNTRIES = new Set(['US', 'PH', 'FM', 'MH', 'PW']);

function orderOf(hint: DateHint | undefined): 'dmy' | 'mdy' {
  if (hint?.order) return hint.order;
  if (hint?.country) return MONTH_FIRST_COUNTRIES.has(hint.country.toUpperCase()) ? 'mdy' : 'dmy';
  return isLanguage(hint?.language) ? languageLabels(hint.language).dateOrder : 'dmy';
}

/** yyyy-mm-dd of a day that exists, or undefined. */
function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const yearOf = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

// Month names of all languages, as labels match: any case, with or without accents.
const MONTH = `(?:${MONTH_WORDS.map(labelSource).join('|')})(?![\\p{L}])\\.?`;
const DAY = '(?:[012]?\\d|3[01])';
const ORDINAL = '(?:st|nd|rd|th|er|e|º|°)?';
const SPACE = '[\\s\\u00a0\\u202f]';

/**
 * The forms, each as a named group so the kind is known: ymd (2014-04-19), dot (19.04.2014,
 * 19. 04. 2014, 19.4.14), num (28/11/2022, 20-10-2015, 5/6/22), dname (3 August 2014, 3.
 * avgust 2014, 03-Aug-2014, 3rd of August 2014), named (August 3, 2014, Aug 3 2014), ydot
 * (2021. 09. 30.) and yname (2021. szeptember 30., 2021. szept. 30.).
 */
const DATES = new RegExp(
  [
    `(?<ymd>(?<ymdY>(?:19|20)\\d{2})(?<ymdS>[-/.])(?<ymdM>[01]?\\d)\\k<ymdS>(?<ymdD>${DAY}))(?![\\d])`,
    `(?<dot>(?<dotD>${DAY})\\.${SPACE}?(?<dotM>[01]?\\d)\\.${SPACE}?(?<dotY>(?:19|20)\\d{2}|\\d{2}))(?![\\d]|\\.\\d)`,
    `(?<num>(?<numA>\\d{1,2})(?<numS>[-/])(?<numB>\\d{1,2})\\k<numS>(?<numY>(?:19|20)\\d{2}|\\d{2}))(?![\\d]|[-/]\\d)`,
    `(?<dname>(?<dnameD>${DAY})${ORDINAL}\\.?(?:${SPACE}*(?:-|${SPACE}of${SPACE}|${SPACE}de${SPACE})${SPACE}*|${SPACE}*)(?<dnameM>${MONTH})(?:${SPACE}+de${SPACE}+|${SPACE}*[-,]?${SPACE}*)(?<dnameY>(?:19|20)\\d{2}|\\d{2}))(?![\\d])`,
    `(?<named>(?<namedM>${MONTH})${SPACE}*(?<namedD>${DAY})${ORDINAL}(?:${SPACE}*,${SPACE}*|${SPACE}+)(?<namedY>(?:19|20)\\d{2}))(?![\\d])`,
    `(?<ydot>(?<ydotY>(?:19|20)\\d{2})\\.${SPACE}+(?<ydotM>[01]?\\d)\\.${SPACE}*(?<ydotD>${DAY}))(?![\\d])`,
    `(?<yname>(?<ynameY>(?:19|20)\\d{2})\\.?${SPACE}*(?<ynameM>${MONTH})${SPACE}*(?<ynameD>${DAY}))(?![\\d])`,
  ]
    .map((form) => `(?<![\\p{L}\\p{N}.,/-])${form}`)
    .join('|'),
  'giu',
);

type Groups = Record<string, string | undefined>;

function valueOf(g: Groups, order: 'dmy' | 'mdy'): string | undefined {
  const n = (key: string) => Number(g[key] ?? NaN);
  if (g.ymd) return isoOf(n('ymdY'), n('ymdM'), n('ymdD'));
  if (g.dot) return isoOf(yearOf(g.dotY ?? ''), n('dotM'), n('dotD'));
  if (g.num) {
    const a = n('numA');
    const b = n('numB');
    const year = yearOf(g.numY ?? '');
    // One of them over 12 can only be the day; both under 13 are read in the hint's order.
    const monthFirst = a > 12 ? false : b > 12 ? true : order === 'mdy';
    return monthFirst ? isoOf(year, a, b) : isoOf(year, b, a);
  }
  if (g.dname) {
    const month = monthNumber(g.dnameM ?? '');
    return month ? isoOf(yearOf(g.dnameY ?? ''), month, n('dnameD')) : undefined;
  }
  if (g.ydot) return isoOf(n('ydotY'), n('ydotM'), n('ydotD'));
  if (g.yname) {
    const month = monthNumber(g.ynameM ?? '');
    return month ? isoOf(n('ynameY'), month, n('ynameD')) : undefined;
  }
  if (g.named) {
    const month = monthNumber(g.namedM ?? '');
    return month ? isoOf(n('namedY'), month, n('namedD')) : undefined;
  }
  return undefined;
}

/** Every real date in a text, in order, with where it is printed. */
export function findDates(text: string, hint?: DateHint): FoundDate[] {
  const order = orderOf(hint);
  const found: FoundDate[] = [];
  const dates = new RegExp(DATES.source, DATES.flags);
  for (let m = dates.exec(text); m; m = dates.exec(text)) {
    const value = valueOf(m.groups ?? {}, order);
    if (value) found.push({ value, index: m.index, length: m[0].length });
    else dates.lastIndex = m.index + 1;
  }
  return found;
}

/**
 * The date a text is, as yyyy-mm-dd, when the whole text (trimmed, a final full stop
 * allowed) is one real date; otherwise undefined.
 */
export function parseDate(text: string, hint?: DateHint): string | undefined {
  const trimmed = text.trim();
  for (const whole of [trimmed, trimmed.replace(/\.$/, '')]) {
    const date = findDates(whole, hint)[0];
    if (date?.index === 0 && date.length === whole.length) return date.value;
  }
  return undefined;
}
