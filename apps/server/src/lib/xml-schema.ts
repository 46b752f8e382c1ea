import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * XSD validation with libxml2 (xmllint-wasm, stack.md). xmllint runs in a worker thread over
 * an in-memory file system that holds only the bundled schemas and the document: an import, a
 * schemaLocation hint or an entity naming file:///etc/passwd finds nothing, and --nonet keeps
 * it off the network.
 */

export interface SchemaCheck {
  valid: boolean;
  /** The first few errors, one line each: 'Line 12: …'. */
  errors: string[];
}

export interface XsdSet {
  /** The folder the schema paths are relative to. */
  root: string;
  /** The schema to validate against, relative to root. */
  entry: string;
  /**
   * The folders (relative to root) whose .xsd files its imports and includes reach; none
   * when the entry schema stands alone.
   */
  folders: string[];
}

export interface XsdCheckOptions {
  /** The document's name in the in-memory file system; error lines on it say 'Line n'. */
  fileName?: string;
  /** How many errors are kept. */
  maxErrors?: number;
  /** Past this the check is abandoned as failed. */
  timeLimitMs?: number;
  /**
   * The WebAssembly memory ceiling, in 64 KiB pages. xmllint-wasm's default (512, 32 MiB)
   * runs out of memory building the tree of a 30 MB file.
   */
  maxMemoryPages?: number;
  /**
   * xmllint --stream: validate while reading (xmlTextReader) instead of building the whole
   * tree first. Memory stays flat for large files; the verdicts are the same.
   */
  stream?: boolean;
}

const DEFAULTS = {
  fileName: 'document.xml',
  maxErrors: 5,
  timeLimitMs: 30_000,
  maxMemoryPages: 4096,
};

const loaded = new Map<string, Promise<XMLFileInfo[]>>();

/** The schema files of the set, read once and kept. */
function schemaFiles(set: XsdSet): Promise<XMLFileInfo[]> {
  const key = [set.root, set.entry, ...set.folders].join('\n');
  let files = loaded.get(key);
  if (!files) {
    files = readSchemaFolders(set.root, set.folders).then(async (found) =>
      found.some((file) => file.fileName === set.entry)
        ? found
        : [
            { fileName: set.entry, contents: await readFile(path.join(set.root, set.entry)) },
            ...found,
          ],
    );
    loaded.set(key, files);
    // A failed read is not kept: the next call tries again.
    files.catch(() => loaded.delete(key));
  }
  return files;
}

async function readSchemaFolders(root: string, folders: string[]): Promise<XMLFileInfo[]> {
  const files: XMLFileInfo[] = [];
  for (const folder of folders) {
    const entries = await readdir(path.join(root, folder), { recursive: true });
    for (const entry of entries.filter((name) => name.endsWith('.xsd')).sort()) {
      const fileName = path.posix.join(folder, entry.split(path.sep).join('/'));
      files.push({ fileName, contents: await readFile(path.join(root, fileName)) });
    }
  }
  return files;
}

/** Whether the XML (UTF-8 text, no DOCTYPE) is valid against the set's entry schema. */
export async function checkXsd(
  set: XsdSet,
  xml: string | Buffer,
  options: XsdCheckOptions = {},
): Promise<SchemaCheck> {
  const { fileName, maxErrors, timeLimitMs, maxMemoryPages } = { ...DEFAULTS, ...options };
  const files = await schemaFiles(set);
  const entry = files.find((file) => file.fileName === set.entry);
  if (!entry) throw new Error(`the schema ${set.entry} is not bundled`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeLimitMs);
  });
  const validation = validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [entry],
    preload: files.filter((file) => file !== entry),
    maxMemoryPages,
    stream: options.stream ?? false,
    modifyArguments: (args) => ['--nonet', ...args],
  });
  // After a timeout the worker runs on; its late failure must not become unhandled.
  validation.catch(() => undefined);
  try {
    const result = await Promise.race([validation, timeout]);
    const errors = result.errors
      .map((error) => readableError(error, fileName))
      .filter((line) => line !== '');
    return { valid: result.valid, errors: errors.slice(0, maxErrors) };
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
function readableError(
  error: { message: string; loc: { fileName: string; lineNumber: number } | null },
  fileName: string,
): string {
  if (/fails to validate$/.test(error.message)) return '';
  const message = error.message
    .replace(/^(?:element [^:]+: )?Schemas (?:validity|parser) error : /, '')
    .replace(/\{(?:urn|https?):[^}]*\}/g, '');
  const line = error.loc?.fileName === fileName ? `Line ${error.loc.lineNumber}: ` : '';
  return `${line}${shorten(message)}`;
}

/** Lists of expected elements can run to hundreds of names: a message stays one short line. */
function shorten(message: string): string {
  return message.length > 300 ? `${message.slice(0, 297)}...` : message;
}

const firstLine = (text: string): string => text.split('\n')[0] ?? '';
