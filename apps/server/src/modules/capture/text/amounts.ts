/**
 * Amounts as invoices print them in any locale (issue 23): the currency as a code or a symbol
 * before or after (€ 1.234,56 · 1 234,56 EUR · $1,234.56 · £12.00 · ₹1,23,456.00 · CHF
 * 1'234.50 · 1.234,56 kn · 12,50 zł), thousands grouped by a dot, a comma, a space, a no-break
 * or narrow no-break space or an apostrophe, negative with a minus before, a minus after
 * (123,45-) or in parentheses.
 *
 * Which separator is the decimal one:
 * - both a dot and a comma: the last of them (1.234,56 and 1,234.56);
 * - one dot or one comma followed by one or two digits: decimal (12,5 and 12.50);
 * - one dot or one comma followed by exactly three digits, with one to three digits before it
 *   that do not start with 0 and no other grouping: thousands (1.234 and 1,234 are 1234.00),
 *   since an invoice amount has two decimals; with a 0 before it (0,125), four or more digits
 *   before it (1234,567) or spaces or apostrophes grouping the digits before it (1 234,567) it
 *   is a decimal separator, and the three decimals are kept;
 * - the same dot or comma more than once: thousands (1.234.567);
 * - ",-" or ".–" after the whole number: no cents (12,- is 12.00).
 * Groups after the first have three digits, or (Indian: 1,23,456.00) two and a last of three.
 *
 * The value is a plain decimal with at least two decimals ("-1234.50"). The currency is an ISO
 * 4217 code; "$" is USD and "kr" SEK unless the hint's country says otherwise (CA, AU, NZ… for
 * $; DK, NO, IS for kr).
 */

export interface Amount {
  /** "1234.56", "-12.00": at least two decimals, three when printed with three. */
  value: string;
  /** ISO 4217 code, when a currency was printed next to the number. */
  currency?: string;
}

export interface FoundAmount extends Amount {
  /** Where the printed amount (currency and sign included) starts, and how long it is. */
  index: number;
  length: number;
}

export interface AmountHint {
  /** ISO 3166-1 alpha-2 code of the document's country, for "$" and "kr". */
  country?: string;
}

const CODES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'HRK',
  'SEK',
  'DKK',
  'NOK',
  'ISK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'RSD',
  'BAM',
  'MKD',
  'ALL',
  'TRY',
  'INR',
  'JPY',
  'CNY',
  'CAD',
  'AUD',
  'NZD',
  'SGD',
  'HKD',
];

/** Printed sign or word → ISO code ("$" and "kr" are decided with the country). */
const SIGNS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  US$: 'USD',
  U$S: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  S$: 'SGD',
  HK$: 'HKD',
  $: 'USD',
  '£': 'GBP',
  '₹': 'INR',
  'Rs.': 'INR',
  Rs: 'INR',
  'Fr.': 'CHF',
  'SFr.': 'CHF',
  'sFr.': 'CHF',
  kn: 'HRK',
  kr: 'SEK',
  'kr.': 'SEK',
  zł: 'PLN',
  Kč: 'CZK',
  Ft: 'HUF',
  lei: 'RON',
  лв: 'BGN',
  'лв.': 'BGN',
  '¥': 'JPY',
  '₺': 'TRY',
};

const DOLLAR_COUNTRIES: Readonly<Record<string, string>> = {
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
};
const KRONA_COUNTRIES: Readonly<Record<string, string>> = {
  SE: 'SEK',
  DK: 'DKK',
  NO: 'NOK',
  IS: 'ISK',
  FO: 'DKK',
  GL: 'DKK',
};

function currencyOf(printed: string, hint?: AmountHint): string | undefined {
  const upper = printed.toUpperCase();
  if (CODES.includes(upper)) return upper;
  const country = hint?.country?.toUpperCase() ?? '';
  const sign = Object.keys(SIGNS).find((s) => s.toLowerCase() === printed.toLowerCase());
  if (!sign) return undefined;
  if (sign === '$') return DOLLAR_COUNTRIES[country] ?? 'USD';
  if (sign === 'kr' || sign === 'kr.') return KRONA_COUNTRIES[country] ?? 'SEK';
  return SIGNS[sign];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Codes as words; signs longest first (US$ before $, SFr. before Fr.). */
const CURRENCY = `(?:(?:${CODES.join('|')})(?![\\p{L}])|${Object.keys(SIGNS)
  .sort((a, b) => b.length - a.length)
  .map((s) => (/\p{L}$/u.test(s) ? `${escape(s)}(?![\\p{L}])` : escape(s)))
  .join('|')})`;

const GAP = '[ \\u00a0\\u202f]';
/** Digits grouped by . , ' ’ or a space before exactly three digits; then ",-" maybe. */
const NUMBER = `\\d+(?:(?:[.,'’]|${GAP}(?=\\d{3}(?!\\d)))\\d+)*(?:[.,][-–](?![\\d]))?`;
/**
 * A minus before the number: a hyphen or a minus sign, attached ("-12,00"); only the minus
 * sign may stand apart ("− 12,00"): "Total – 12,00" and "Skupaj - 12,00" use a dash as a
 * separator. After the number: a hyphen, a minus sign or an en dash, attached ("123,45-").
 */
const MINUS_BEFORE = `(?:[-−]|−${GAP})`;
const MINUS_AFTER = '[-−–]';

const AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}.,'’])(?<neg1>${MINUS_BEFORE})?(?<open>\\(${GAP}?)?(?:(?<pre>${CURRENCY})${GAP}?)?(?<neg2>${MINUS_BEFORE})?(?<num>${NUMBER})(?:${GAP}?(?<post>${CURRENCY}))?(?<close>${GAP}?\\))?(?<neg3>${MINUS_AFTER}(?![\\d]))?(?![\\p{N}])(?!${GAP}?%)`,
  'gu',
);

/**
 * A printed number (no sign, no currency) as a plain decimal with at least two decimals, by
 * the rules above, or undefined when its grouping is not one any locale prints.
 */
export function decimalOfNumber(printed: string): string | undefined {
  let text = printed.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");
  let decimals: string | undefined;
  const noCents = /[.,][-–]$/.exec(text);
  if (noCents) {
    text = text.slice(0, noCents.index);
    decimals = '00';
  }
  if (!/^\d[\d.,' ]*$/.test(text) || /[.,' ]$/.test(text)) return undefined;
  const marks = text.replace(/\d/g, '');
  const last = marks[marks.length - 1];
  let whole = text;
  if (decimals === undefined && (last === '.' || last === ',')) {
    const at = text.lastIndexOf(last);
    const tail = text.slice(at + 1);
    const head = text.slice(0, at);
    const other = last === '.' ? ',' : '.';
    const once = marks.indexOf(last) === marks.length - 1;
    let decimal: boolean;
    if (marks.includes(other)) decimal = true;
    else if (!once) decimal = false;
    else if (tail.length !== 3) decimal = true;
    else decimal = /[' ]/.test(head) || head.startsWith('0') || head.length > 3;
    if (decimal) {
      if (tail.length > 3 || marks.indexOf(last) !== marks.length - 1) return undefined;
      whole = head;
      decimals = tail;
    }
  }
  // What is left groups thousands with one kind of mark (spaces all alike).
  const groups = whole.split(/[.,' ]/);
  const kinds = new Set(whole.replace(/\d/g, ''));
  if (kinds.size > 1) return undefined;
  if (groups.length > 1) {
    const [lead = '', ...rest] = groups;
    const western = lead.length <= 3 && rest.every((g) => g.length === 3);
    const indian =
      kinds.has(',') &&
      lead.length <= 2 &&
      rest.length >= 2 &&
      rest.slice(0, -1).every((g) => g.length === 2) &&
      rest[rest.length - 1]?.length === 3;
    if (!western && !indian) return undefined;
  }
  const digits = groups.join('').replace(/^0+(?=\d)/, '');
  const cents = (decimals ?? '').padEnd(2, '0');
  return `${digits}.${cents}`;
}

function amountOf(groups: Record<string, string | undefined>, hint?: AmountHint) {
  const number = decimalOfNumber(groups.num ?? '');
  if (number === undefined) return undefined;
  if (Boolean(groups.open) !== Boolean(groups.close)) return undefined;
  if (groups.pre && groups.post) return undefined;
  const signs = [groups.neg1, groups.neg2, groups.neg3, groups.open].filter(Boolean).length;
  if (signs > 1) return undefined;
  const printed = groups.pre ?? groups.post;
  const currency = printed ? currencyOf(printed, hint) : undefined;
  const zero = /^0\.0+$/.test(number);
  const value = signs === 1 && !zero ? `-${number}` : number;
  return currency ? { value, currency } : { value };
}

/**
 * The amount a text is, when the whole text (trimmed) is one number with perhaps a sign and a
 * currency: "1.234,56 €" → { value: "1234.56", currency: "EUR" }; "1 234" → "1234.00".
 */
export function parseAmount(text: string, hint?: AmountHint): Amount | undefined {
  const trimmed = text.trim();
  const re = new RegExp(AMOUNT.source, 'u');
  const m = re.exec(trimmed);
  if (m?.index !== 0 || m[0].length !== trimmed.length) return undefined;
  return amountOf(m.groups ?? {}, hint);
}

/**
 * Every amount in a text, with where it is printed. To tell amounts from the other numbers of
 * an invoice (quantities, postcodes, phone numbers, years), only numbers with two decimals
 * (or ",-") or with a currency next to them are given; a number whose grouping no locale
 * prints (dates such as 19.04.2014) is none, and neither is a rate (9,50 %).
 */
export function findAmounts(text: string, hint?: AmountHint): FoundAmount[] {
  const found: FoundAmount[] = [];
  const re = new RegExp(AMOUNT.source, 'gu');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const g = m.groups ?? {};
    const amount = amountOf(g, hint);
    const twoDecimals = /[.,](?:\d{2}|[-–])$/.test(g.num ?? '');
    if (amount && (twoDecimals || amount.currency))
      found.push({ ...amount, index: m.index, length: m[0].length });
  }
  return found;
}
