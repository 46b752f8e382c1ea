import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEInvoice } from '../einvoice';
import { extractEmbeddedXml } from '../embedded-xml';
import { CORPUS_FIELDS, EXPECTED, type CorpusField, type ExpectedInvoice } from './expected';

/**
 * The conformance corpus read as capture reads it (issue 21): each public e-invoice in this
 * folder (SOURCES.md) through parseEInvoice, a PDF through extractEmbeddedXml first, and its
 * header fields compared with the ones written by hand in expected.ts. Shared by
 * corpus.test.ts and bench/capture-conformance.bench.ts.
 */

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Folders of sample files; the folder names the format in the bench's table. */
export const CORPUS_FORMATS = ['eslog', 'ubl', 'cii', 'facturx'] as const;
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];

/** Every sample file, as 'folder/name', in a stable order. */
export async function listCorpusFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(CORPUS_DIR, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const names = await readdir(path.join(CORPUS_DIR, entry.name));
    files.push(...names.map((name) => `${entry.name}/${name}`));
  }
  return files.sort();
}

export interface CorpusRead {
  format: string;
  /** Valid against the XSD of its syntax (all the corpus is: public invoices and samples). */
  valid: boolean;
  values: Partial<Record<CorpusField, string>>;
  /** The kind of document the file says it is (UNTDID 1001). */
  documentTypeCode: string | undefined;
}

/** The format and the field values capture gets from one sample file. */
export async function readCorpusFile(file: string): Promise<CorpusRead> {
  const bytes = await readFile(path.join(CORPUS_DIR, file));
  const xml = file.toLowerCase().endsWith('.pdf') ? await extractEmbeddedXml(bytes) : bytes;
  if (!xml) throw new Error(`${file}: no e-invoice XML attached`);
  const result = await parseEInvoice(xml);
  // The captured fields by name; the corpus names fields that older readers may not have.
  const fields = result.fields as Partial<Record<string, { value: string }>>;
  const values: CorpusRead['values'] = {};
  for (const field of CORPUS_FIELDS) {
    const value = fields[field]?.value;
    if (value !== undefined) values[field] = value;
  }
  return {
    format: result.format,
    valid: result.valid,
    values,
    documentTypeCode: result.documentTypeCode,
  };
}

export interface FieldCheck {
  field: CorpusField | 'format';
  expected: string | undefined;
  actual: string | undefined;
  right: boolean;
}

/**
 * Each corpus field of one file, right when capture found what the file says or, for a field
 * the file lacks, found nothing. The format is checked too.
 */
export function checkFields(expected: ExpectedInvoice, read: CorpusRead): FieldCheck[] {
  const checks: FieldCheck[] = [
    {
      field: 'format',
      expected: expected.format,
      actual: read.format,
      right: expected.format === read.format,
    },
  ];
  for (const field of CORPUS_FIELDS) {
    const [want, got] = [expected.fields[field], read.values[field]];
    checks.push({ field, expected: want, actual: got, right: want === got });
  }
  return checks;
}

export { EXPECTED };
