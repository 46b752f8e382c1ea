import { sql, type RawBuilder } from 'kysely';
import {
  compoundsOf,
  MAX_WORD_LENGTH,
  searchedAmount,
  storedAmountWords,
  storedWords,
  type Compound,
} from './search-words';

/**
 * Full-text search of documents (issue 5: "number, partner, amounts, description and the full
 * text of the files ... accent-insensitive, ranked"), the same on PostgreSQL 15 and PGlite
 * with no extension: words are folded and cut in TypeScript (search-words.ts), stored with the
 * 'simple' configuration, which keeps them as given, and weighted A for number and partner,
 * B for amounts and description, C for the files' text. A query looks for each word typed as
 * a prefix, in the words as written or, for English, as stems ("invoices" finds "invoice").
 */

export interface DocumentSearchFields {
  number?: string | null;
  partnerName?: string | null;
  partnerCode?: string | null;
  /** Amounts as numeric text (1234.50), or as written (1.234,50). */
  amounts: string[];
  description?: string | null;
  /** The text of each file, main file first (extract-text.ts). */
  fileTexts: string[];
}

/** Folded words of each weight, separated by spaces. */
export interface SearchParts {
  a: string;
  b: string;
  c: string;
}

/**
 * Bytes of words kept per weight, later words left out. A tsvector holds at most 1 MB, and a
 * byte of words costs at most 5 bytes in one (a new one-letter word and its space, 2 bytes,
 * take 4 bytes of entry, the letter, alignment, a position count and a position: 10), so
 * 200,000 bytes of words always fit.
 */
export const PART_BYTES = { a: 4_000, b: 16_000, c: 180_000 } as const;

/** Words of a query beyond these are ignored, as is text past QUERY_CHARS. */
export const MAX_QUERY_WORDS = 12;
const QUERY_CHARS = 500;
const MAX_PHRASE_PARTS = 16;

export function documentSearchParts(fields: DocumentSearchFields): SearchParts {
  const wordsOf = (text: string | null | undefined) => (text ? storedWords(text) : []);
  const a = [fields.number, fields.partnerName, fields.partnerCode].flatMap(wordsOf);
  const b = [...fields.amounts.flatMap(storedAmountWords), ...wordsOf(fields.description)];
  const c = fields.fileTexts.flatMap(wordsOf);
  return {
    a: joinCapped(a, PART_BYTES.a),
    b: joinCapped(b, PART_BYTES.b),
    c: joinCapped(c, PART_BYTES.c),
  };
}

/** The words, in order, as many as fit in maxBytes of UTF-8 with a space after each. */
function joinCapped(words: string[], maxBytes: number): string {
  let bytes = 0;
  let count = 0;
  for (const word of words) {
    bytes += Buffer.byteLength(word) + 1;
    if (bytes > maxBytes) break;
    count++;
  }
  return words.slice(0, count).join(' ');
}

/**
 * The tsquery text of what a user typed, undefined when it has no word: each word a quoted
 * prefix, all of them required. Quotes, backslashes and operators never reach the tsquery, as
 * a word holds only letters, digits and a decimal point. A compound may match as a phrase
 * (2026-0042: '2026' <-> '0042':*), written together ('20260042':*) or as an amount (1.234,50:
 * '1234.50':*, which also finds 1234,50 and 1,234.50, stored the same way).
 */
export function searchQuery(text: string): string | undefined {
  const compounds = compoundsOf(text.slice(0, QUERY_CHARS)).slice(0, MAX_QUERY_WORDS);
  const terms = [...new Set(compounds.map(queryTerm))];
  return terms.length > 0 ? terms.join(' & ') : undefined;
}

function queryTerm({ parts, amounts }: Compound): string {
  const [first = '', ...rest] = parts;
  if (rest.length === 0) return prefix(first);
  const phrase = parts.slice(0, MAX_PHRASE_PARTS).map((part) => `'${part}'`);
  const joined = parts.join('');
  const alternatives = new Set([
    `${phrase.join(' <-> ')}:*`,
    ...(joined.length <= MAX_WORD_LENGTH ? [prefix(joined)] : []),
    ...amounts.map((amount) => prefix(searchedAmount(amount))),
  ]);
  return `(${[...alternatives].join(' | ')})`;
}

const prefix = (word: string) => `'${word}':*`;

/** The tsvector of a document from its parts, which go in as bound parameters. */
export function searchVectorSql(parts: SearchParts): RawBuilder<string> {
  const weighted = (words: string, weight: 'A' | 'B' | 'C') =>
    sql`setweight(to_tsvector('simple', ${words}::text), ${sql.lit(weight)})`;
  return sql<string>`(${weighted(parts.a, 'A')} || ${weighted(parts.b, 'B')} || ${weighted(parts.c, 'C')})`;
}

/**
 * The query of a searchQuery text: its words as written, or their English stems. Stemming
 * the query only costs no index space; an English stopword drops out of the stemmed side.
 */
function tsquerySql(query: string): RawBuilder<unknown> {
  return sql`(to_tsquery('simple', ${query}::text) || to_tsquery('english', ${query}::text))`;
}

/** Matches of a full-text search ranked at most: the first ones found (migration 0016). */
export const MAX_RANKED_MATCHES = 5000;

/**
 * The ids of the documents of the scope's organisation matching a searchQuery text, through
 * the GIN index despite row-level security (listina_fts_ids, migrations 0016 and 0018).
 */
export function matchingIdsSql(table: string, query: string): RawBuilder<boolean> {
  return sql<boolean>`(id in (select listina_fts_ids(${table}, ${query}::text, ${MAX_RANKED_MATCHES})))`;
}

/**
 * Whether the tsvector in column matches a searchQuery text: words as searchVectorSql writes
 * them, before a stored document's are tagged with its organisation (migration 0018).
 */
export function matchesSql(column: string, query: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(column)} @@ ${tsquerySql(query)})`;
}

const RANK_WEIGHTS = sql.lit('{0.05, 0.1, 0.4, 1}');

/**
 * The rank of a match, higher first: cover density with weights D 0.05, C 0.1, B 0.4, A 1,
 * divided by 1 + log of the document's length, so a number or a partner outranks a word
 * that a long file happens to repeat.
 */
export function rankSql(column: string, query: string): RawBuilder<number> {
  return sql<number>`ts_rank_cd(${RANK_WEIGHTS}, ${sql.ref(column)}, ${tsquerySql(query)}, 1)`;
}

/**
 * The same for a stored document, whose words carry its organisation (migration 0018): the
 * query is written for the scope's organisation once per statement, not once per row.
 */
export function storedRankSql(column: string, query: string): RawBuilder<number> {
  return sql<number>`ts_rank_cd(${RANK_WEIGHTS}, ${sql.ref(column)}, (select listina_fts_query(${query}::text)), 1)`;
}
