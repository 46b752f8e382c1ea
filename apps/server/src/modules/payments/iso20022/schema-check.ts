import path from 'node:path';
import { SERVER_ROOT } from '../../../lib/paths';
import { checkXsd, type SchemaCheck, type XsdSet } from '../../../lib/xml-schema';
import type { PainVersion } from './types';

/** The official ISO 20022 XSDs bundled in schemas/ (see schemas/SOURCES.md). */

export type CamtVersion =
  | 'camt.053.001.02'
  | 'camt.053.001.04'
  | 'camt.053.001.08'
  | 'camt.053.001.10'
  | 'camt.054.001.02'
  | 'camt.054.001.04'
  | 'camt.054.001.08'
  | 'camt.054.001.10';

const SCHEMA_DIR = path.join(SERVER_ROOT, 'src/modules/payments/iso20022/schemas');
/** 1 GiB: a 10,000-entry camt file is about 20 MB; streamed it needs far less. */
const MAX_MEMORY_PAGES = 16_384;

const set = (entry: string): XsdSet => ({ root: SCHEMA_DIR, entry, folders: [] });

/** Whether a pain.001 is valid against its version's XSD, with the first errors. */
export function checkPain001(xml: string, version: PainVersion): Promise<SchemaCheck> {
  return checkXsd(set(`pain/${version}.xsd`), xml, options('pain.001.xml'));
}

/** Whether a camt.053/054 is valid against its version's XSD, with the first errors. */
export function checkCamt(xml: string, version: CamtVersion): Promise<SchemaCheck> {
  return checkXsd(set(`camt/${version}.xsd`), xml, options('camt.xml'));
}

const options = (fileName: string) => ({
  fileName,
  maxErrors: 5,
  timeLimitMs: 60_000,
  maxMemoryPages: MAX_MEMORY_PAGES,
  // Payment files run to tens of megabytes: validate while reading, the tree is not needed.
  stream: true,
});
