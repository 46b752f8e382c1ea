import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { SERVER_ROOT } from '../../../lib/paths';

/**
 * XSD validation with libxml2 (xmllint-wasm, stack.md). xmllint runs in a worker thread over
 * an in-memory file system that holds only the bundled schemas and the invoice: an import, a
 * schemaLocation hint or an entity naming file:///etc/passwd finds nothing, and --nonet keeps
 * it off the network. The schemas and where they come from: schemas/SOURCES.md.
 */

export type SchemaFormat = 'eslog20' | 'ubl' | 'cii';

export interface SchemaCheck {
  valid: boolean;
  /** The first few errors, one line each: 'Line 12: …'. */
  errors: string[];
}

const SCHEMA_DIR = path.join(SERVER_ROOT, 'src/modules/capture/einvoice/schemas');

/** The entry schema of each syntax, and the folders its imports reach. */
const SCHEMA_SETS: Record<SchemaFormat, { entry: string; folders: string[] }> = {
  eslog20: { entry: 'eslog/eSLOG20_INVOIC_v200.xsd', folders: ['eslog'] },
  // ubl.xsd is Listina's: it imports CCTS and XML Signature, then Invoice and CreditNote.
  ubl: { entry: 'ubl/ubl.xsd', folders: ['ubl', 'eslog'] },
  cii: { entry: 'cii/data/standard/CrossIndustryInvoice_100pD16B.xsd', folders: ['cii'] },
};

export const MAX_SCHEMA_ERRORS = 5;
/** Past this the check is abandoned as failed: bounded input makes it a safety net only. */
const TIME_LIMIT_MS = 30_000;
/** 256 MiB of WebAssembly memory: a 10 MB invoice against the 2.4 MB UBL library fits. */
const MAX_MEMORY_PAGES = 4096;
const INVOICE_FILE = 'invoice.xml';

const loaded = new Map<SchemaFormat, Promise<XMLFileInfo[]>>();

/** The schema files of the syntax, read once and kept. */
function schemaFiles(format: SchemaFormat): Promise<XMLFileInfo[]> {
  let files = loaded.get(format);
  if (!files) {
    files = readSchemaFolders(SCHEMA_SETS[format].folders);
    loaded.set(format, files);
    // A failed read is not kept: the next call tries again.
    files.catch(() => loaded.delete(format));
  }
  return files;
}

async function readSchemaFolders(folders: string[]): Promise<XMLFileInfo[]> {
  const files: XMLFileInfo[] = [];
  for (const folder of folders) {
    const entries = await readdir(path.join(SCHEMA_DIR, folder), { recursive: true });
    for (const entry of entries.filter((name) => name.endsWith('.xsd'))) {
      const fileName = path.posix.join(folder, entry.split(path.sep).join('/'));
      files.push({ fileName, contents: await readFile(path.join(SCHEMA_DIR, fileName)) });
    }
  }
  return files;
}

/** Whether the XML (UTF-8 text, no DOCTYPE) is valid against its syntax's official XSD. */
export async function checkSchema(format: SchemaFormat, xml: string): Promise<SchemaCheck> {
  const files = await schemaFiles(format);
  const entry = files.find((file) => file.fileName === SCHEMA_SETS[format].entry);
  if (!entry) throw new Error(`the ${format} entry schema is not bundled`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), TIME_LIMIT_MS);
  });
  const validation = validateXML({
    xml: [{ fileName: INVOICE_FILE, contents: xml }],
    schema: [entry],
    preload: files.filter((file) => file !== entry),
    maxMemoryPages: MAX_MEMORY_PAGES,
    modifyArguments: (args) => ['--nonet', ...args],
  });
  // After a timeout the worker runs on; its late failure must not become unhandled.
  validation.catch(() => undefined);
  try {
    const result = await Promise.race([validation, timeout]);
    const errors = result.errors.map(readableError).filter((line) => line !== '');
    return { valid: result.valid, errors: errors.slice(0, MAX_SCHEMA_ERRORS) };
  } catch (error) {
    // xmllint did not finish (out of memory, time): the file is not known to be valid.
    const reason = error instanceof Error ? error.message : String(error);
    return { valid: false, errors: [`The schema check did not finish: ${firstLine(reason)}`] };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * "invoice.xml:16: Schemas validity error : Element '{urn:eslog:2.00}D_2380': '2025-13-10'
 * is not a valid value…" → "Line 16: Element 'D_2380': '2025-13-10' is not a valid value…".
 */
function readableError(error: {
  message: string;
  loc: { fileName: string; lineNumber: number } | null;
}): string {
  if (/fails to validate$/.test(error.message)) return '';
  const message = error.message
    .replace(/^(?:element [^:]+: )?Schemas (?:validity|parser) error : /, '')
    .replace(/\{[^}]*\}/g, '');
  const line = error.loc?.fileName === INVOICE_FILE ? `Line ${error.loc.lineNumber}: ` : '';
  return `${line}${shorten(message)}`;
}

/** Lists of expected elements can run to hundreds of names: a message stays one short line. */
function shorten(message: string): string {
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

const firstLine = (text: string): string => text.split('\n')[0] ?? '';
