import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real supplier invoices (issue 23, "capture reads any supplier's invoice"): PDFs made by real
 * suppliers and real invoicing software, collected from public repositories (SOURCES.md),
 * with the header values read by hand from each page (expected.json). A file is either in this
 * folder or, for the Factur-X PDFs of the e-invoice corpus, named by its path in the repository.
 */

/** The header fields expected.json may give; only those printed on the document are given. */
export const REAL_FIELDS = [
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'deliveryDate',
  'netAmount',
  'vatAmount',
  'totalAmount',
  'amountDue',
  'currencyCode',
  'iban',
  'bic',
  'reference',
  'supplierName',
  'vatId',
] as const;

export type RealField = (typeof REAL_FIELDS)[number];

export type RealOrigin = 'real' | 'sample';

export interface RealInvoice {
  /** As written in expected.json: a file name in this folder or a repository-relative path. */
  file: string;
  /** Absolute path of the PDF. */
  path: string;
  /** A stable key of the seller: the same for every invoice of one supplier (pairs). */
  supplier: string;
  /** ISO 639-1 code of the document's language. */
  language: string;
  /** ISO 3166-1 alpha-2 code of the supplier's country. */
  country: string;
  /** A scanned or image-only page: its values are not (reliably) in a text layer. */
  scan: boolean;
  /**
   * 'real': a real supplier's document to a real customer (some anonymised); 'sample': demo or
   * sample data printed by real invoicing software (ZUGFeRD/Factur-X samples, Odoo demo data, …).
   */
  origin: RealOrigin;
  /** The party the invoice is addressed to, as printed. */
  buyerName: string;
  /** The expected values, as read from the page: dates YYYY-MM-DD, amounts 1234.56. */
  fields: Partial<Record<RealField, string>>;
  /** Fields printed only as an image or as vector graphics, so absent from the text layer. */
  notInText: RealField[];
  /** What is unusual or doubtful about the document. */
  note?: string;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/src/modules/capture/real-corpus → the repository's root. */
const REPO_ROOT = path.resolve(HERE, '../../../../../..');

export const REAL_CORPUS_DIR = HERE;

interface ExpectedEntry {
  file: string;
  supplier: string;
  language: string;
  country: string;
  scan: boolean;
  origin: RealOrigin;
  buyerName: string;
  fields: Partial<Record<RealField, string>>;
  notInText?: RealField[];
  note?: string;
}

/** The absolute path of an expected.json entry's file. */
export const realCorpusPath = (file: string): string =>
  file.includes('/') ? path.resolve(REPO_ROOT, file) : path.join(HERE, file);

export async function loadRealCorpus(): Promise<RealInvoice[]> {
  const entries = JSON.parse(
    await readFile(path.join(HERE, 'expected.json'), 'utf8'),
  ) as ExpectedEntry[];
  return entries.map((entry) => ({
    file: entry.file,
    path: realCorpusPath(entry.file),
    supplier: entry.supplier,
    language: entry.language,
    country: entry.country,
    scan: entry.scan,
    origin: entry.origin,
    buyerName: entry.buyerName,
    fields: entry.fields,
    notInText: entry.notInText ?? [],
    ...(entry.note === undefined ? {} : { note: entry.note }),
  }));
}
