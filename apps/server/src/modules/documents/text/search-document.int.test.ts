import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import type { DbHandle } from '../../../db/create-db';
import type { Database } from '../../../db/schema';
import {
  documentSearchParts,
  matchesSql,
  rankSql,
  searchQuery,
  searchVectorSql,
  type DocumentSearchFields,
} from './search-document';

/**
 * A table of documents' search vectors only, indexed as the doc table is to be. A type, not an
 * interface: withTables wants an index signature, which only a type alias has implicitly.
 */
type ProbeTables = {
  search_probe: { id: number; search_vector: string };
};

const TRICKY = [...'\'"\\&|!():*<->čšžČŠŽđĐ .,-/019aZ\t'];
const tricky = fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 40 });
/** Anything at all, lone surrogates included. */
const typed = fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 40 }));
/**
 * Text in the scripts of Listina's documents: Latin with its accents, Greek and Cyrillic.
 * A letter newer than the database's Unicode tables (Tangut, say) is no letter to its parser,
 * on either side: a word of only such letters is neither stored nor looked for.
 */
const letter = fc
  .oneof(
    fc.integer({ min: 0xc0, max: 0x17f }),
    fc.integer({ min: 0x391, max: 0x3c9 }),
    fc.integer({ min: 0x410, max: 0x44f }),
    fc.constant(0x20),
  )
  .map((code) => String.fromCodePoint(code));
const written = fc.oneof(
  tricky,
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc.string({ unit: letter, maxLength: 40 }),
);

describe('document full-text search in the database', () => {
  let handle: DbHandle;
  let db: Kysely<Database & ProbeTables>;

  beforeAll(async () => {
    handle = await createTestDb();
    db = handle.db.withTables<ProbeTables>();
    await sql`create table search_probe (id integer primary key, search_vector tsvector not null)`.execute(
      db,
    );
    await sql`create index search_probe_search_idx on search_probe using gin (search_vector)`.execute(
      db,
    );
    await insert(1, {
      number: 'R-2026/0042',
      partnerName: 'Šumi d.o.o.',
      amounts: ['1234.50'],
      description: 'Pisarniški material',
      fileTexts: ['Račun za toner in papir. Rok plačila 30 dni.'],
    });
    await insert(2, {
      number: '2026-0099',
      partnerName: 'Žaga Čebelar s.p.',
      amounts: ['99.00'],
      fileTexts: ['Invoices for timber'],
    });
  });
  afterAll(() => handle.close());

  async function insert(id: number, fields: DocumentSearchFields) {
    const search_vector = searchVectorSql(documentSearchParts(fields));
    await db.insertInto('search_probe').values({ id, search_vector }).execute();
  }

  /** The ids of the documents a search finds, best first. */
  async function found(text: string): Promise<number[]> {
    const query = searchQuery(text);
    if (!query) return [];
    const rows = await db
      .selectFrom('search_probe')
      .select(['id', rankSql('search_vector', query).as('rank')])
      .where(matchesSql('search_vector', query))
      .orderBy('rank', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  it.each([
    ['its number', ['R-2026/0042', '2026/0042', 'r-2026', 'r20260042', '0042']],
    ['its partner typed without accents', ['sumi', 'SUMI D.O.O.', 'šumi doo', 'Šum']],
    ['an amount as typed', ['1.234,50', '1234,50', '1,234.50', '1234.5', '1.234']],
    ['its description and a word of its file', ['pisarniski', 'material', 'placila', 'toner rok']],
  ])('finds a document by %s', async (_, searches) => {
    for (const search of searches) expect(await found(search), search).toEqual([1]);
  });

  it('finds English words by their stems, and nothing for unrelated words', async () => {
    expect(await found('invoice')).toEqual([2]);
    expect(await found('20260099')).toEqual([2]);
    expect(await found('invoicing timbers')).toEqual([2]);
    expect(await found('cebelar 99,00')).toEqual([2]);
    for (const search of ['zebra', 'sumi zaga', '1.234,51', '2026-0043']) {
      expect(await found(search), search).toEqual([]);
    }
  });

  it('ranks a document whose partner matches above one whose file mentions it', async () => {
    await insert(3, {
      number: 'X-1',
      amounts: [],
      fileTexts: ['Prevzel Kovač. Kovač podpisal. Pri kovaču. Kovač, Kovač in Kovač.'],
    });
    await insert(4, { number: 'X-2', partnerName: 'Kovač d.o.o.', amounts: [], fileTexts: [] });
    expect(await found('kovac')).toEqual([4, 3]);
  });

  it('never makes a query PostgreSQL refuses (200 random inputs)', async () => {
    await fc.assert(
      fc.asyncProperty(typed, async (text) => {
        const query = searchQuery(text);
        if (query === undefined) return;
        const tsquery = sql<string>`(to_tsquery('simple', ${query}) || to_tsquery('english', ${query}))::text`;
        await sql`select ${tsquery}`.execute(db);
        await db
          .selectFrom('search_probe')
          .select('id')
          .where(matchesSql('search_vector', query))
          .execute();
      }),
      { numRuns: 200 },
    );
  });

  it('finds any text by what it says (100 random texts)', async () => {
    await fc.assert(
      fc.asyncProperty(written, async (text) => {
        const query = searchQuery(text);
        if (query === undefined) return;
        const vector = searchVectorSql(documentSearchParts({ amounts: [], fileTexts: [text] }));
        const { rows } = await sql<{ hit: boolean }>`
          select ${matchesSql('v', query)} as hit from (select ${vector} as v) as document
        `.execute(db);
        expect(rows[0]?.hit).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('stores the largest parts, of the shortest distinct words, in a tsvector under 1 MB', async () => {
    const words = Array.from({ length: 150_000 }, (_, n) => n.toString(36));
    const parts = documentSearchParts({
      number: words.join('-'),
      amounts: words.slice(0, 5000),
      description: words.join(' '),
      fileTexts: [words.join(' '), words.join(' ')],
    });
    const { rows } = await sql<{ bytes: number }>`
      select pg_column_size(${searchVectorSql(parts)}) as bytes
    `.execute(db);
    expect(rows[0]?.bytes).toBeGreaterThan(100_000);
    expect(rows[0]?.bytes).toBeLessThan(1024 * 1024);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'runs on PGlite as the app opens it, which has no unaccent: folding is done in TypeScript',
    async () => {
      await expect(sql`create extension unaccent`.execute(db)).rejects.toThrow(/not available/);
    },
  );
});
