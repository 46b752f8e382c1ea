import path from 'node:path';
import { SERVER_ROOT } from '../../../lib/paths';
import { checkXsd, type SchemaCheck, type XsdSet } from '../../../lib/xml-schema';

/**
 * XSD validation of e-invoices against the official schemas bundled here (lib/xml-schema.ts
 * runs xmllint-wasm over an in-memory file system). The schemas and where they come from:
 * schemas/SOURCES.md.
 */

export type { SchemaCheck };
export type SchemaFormat = 'eslog20' | 'ubl' | 'cii';

const SCHEMA_DIR = path.join(SERVER_ROOT, 'src/modules/capture/einvoice/schemas');

/** The entry schema of each syntax, and the folders its imports reach. */
const SCHEMA_SETS: Record<SchemaFormat, XsdSet> = {
  eslog20: { root: SCHEMA_DIR, entry: 'eslog/eSLOG20_INVOIC_v200.xsd', folders: ['eslog'] },
  // ubl.xsd is Listina's: it imports CCTS and XML Signature, then Invoice and CreditNote.
  ubl: { root: SCHEMA_DIR, entry: 'ubl/ubl.xsd', folders: ['ubl', 'eslog'] },
  cii: {
    root: SCHEMA_DIR,
    entry: 'cii/data/standard/CrossIndustryInvoice_100pD16B.xsd',
    folders: ['cii'],
  },
};

export const MAX_SCHEMA_ERRORS = 5;
/** 256 MiB of WebAssembly memory: a 10 MB invoice against the 2.4 MB UBL library fits. */
const MAX_MEMORY_PAGES = 4096;

/** Whether the XML (UTF-8 text, no DOCTYPE) is valid against its syntax's official XSD. */
export function checkSchema(format: SchemaFormat, xml: string): Promise<SchemaCheck> {
  return checkXsd(SCHEMA_SETS[format], xml, {
    fileName: 'invoice.xml',
    maxErrors: MAX_SCHEMA_ERRORS,
    timeLimitMs: 30_000,
    maxMemoryPages: MAX_MEMORY_PAGES,
  });
}
