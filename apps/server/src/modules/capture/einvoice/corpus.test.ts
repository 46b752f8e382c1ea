import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_DIR,
  EXPECTED,
  checkFields,
  listCorpusFiles,
  readCorpusFile,
} from './corpus/conformance';
import { DOCUMENT_TYPE_CODES } from './corpus/expected';

/**
 * Issue 21: public real-world e-invoices (corpus/SOURCES.md) read as capture reads them, their
 * header fields compared with the values written by hand from each file (corpus/expected.ts).
 */

const files = await listCorpusFiles();

describe('the e-invoice conformance corpus', () => {
  it('has an expected entry and a SOURCES.md row for every file, and a file for every entry', async () => {
    const sources = await readFile(path.join(CORPUS_DIR, 'SOURCES.md'), 'utf8');
    const rows = new Set(
      sources
        .split('\n')
        .map((line) => /^\|([^|]+)\|/.exec(line)?.[1]?.trim())
        .filter((name): name is string => name !== undefined),
    );
    expect(files.length).toBeGreaterThanOrEqual(35);
    expect(files.filter((file) => !EXPECTED[file])).toEqual([]);
    expect(files.filter((file) => !rows.has(path.basename(file)))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((file) => !files.includes(file))).toEqual([]);
  });

  it.each(files)('%s: every header field as written in the file', async (file) => {
    const expected = EXPECTED[file];
    if (!expected) throw new Error(`${file} has no expected entry`);
    const read = await readCorpusFile(file);
    // Every file is a valid invoice of its syntax, so its values come at full confidence.
    expect(read.valid).toBe(true);
    const wrong = checkFields(expected, read)
      .filter((check) => !check.right)
      .map(({ field, expected, actual }) => `${field}: expected ${expected}, read ${actual}`);
    expect(wrong).toEqual([]);
    expect(read.documentTypeCode).toBe(DOCUMENT_TYPE_CODES[file] ?? '380');
  });
});
