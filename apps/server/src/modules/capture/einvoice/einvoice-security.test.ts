import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { parseEInvoice } from './einvoice';
import { EInvoiceError } from './einvoice-error';
import { MAX_XML_BYTES, MAX_XML_DEPTH } from './safe-xml';
import { checkSchema } from './schema-check';
import { fixture } from './test-invoices';

/**
 * Hostile input ends in a clear EInvoiceError or bounded work: no crash, no hang, and no
 * file read outside the bundled schemas. The time limits of these tests guard against a
 * hang; they measure nothing.
 */

// Every path the code under test asks node:fs for, to prove no host file is opened.
const opened = vi.hoisted(() => [] as string[]);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const readFile = (file: unknown, ...rest: unknown[]) => {
    opened.push(
      typeof file === 'string' ? file : file instanceof URL ? file.pathname : 'a file handle',
    );
    return (actual.readFile as (...args: unknown[]) => Promise<unknown>)(file, ...rest);
  };
  return { ...actual, default: { ...actual, readFile }, readFile };
});

const HANG_GUARD = { timeout: 5_000 };
const ESLOG = fixture('eslog20_constructed_minimal_invoice.xml').toString('utf8');
const ESLOG_BODY = ESLOG.slice(ESLOG.indexOf('<Invoice'));

const secretDir = mkdtempSync(path.join(tmpdir(), 'listina-xxe-'));
const SECRET = 'LISTINA-SECRET-7f3a9c';
const secretFile = path.join(secretDir, 'secret.txt');
writeFileSync(secretFile, SECRET);
afterAll(() => rmSync(secretDir, { recursive: true, force: true }));

/** The EInvoiceError parseEInvoice ends in, with everything it says as one text. */
async function refusal(bytes: Buffer): Promise<{ error: EInvoiceError; said: string }> {
  const error = await parseEInvoice(bytes).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EInvoiceError);
  const refused = error as EInvoiceError;
  return { error: refused, said: JSON.stringify([refused.message, refused.parameters]) };
}

describe('parseEInvoice on hostile input', () => {
  it.each([
    ['/etc/passwd', 'file:///etc/passwd'],
    ['a file with a known secret', `file://${secretFile}`],
  ])('refuses an external entity naming %s and never reads it', HANG_GUARD, async (_, url) => {
    const xml = ESLOG_BODY.replace(
      '<Invoice',
      `<!DOCTYPE Invoice [<!ENTITY e SYSTEM "${url}">]><Invoice`,
    ).replace('Dobavitelj d.o.o.', '&e;');
    opened.length = 0;
    const { error, said } = await refusal(Buffer.from(xml, 'utf8'));
    expect(error.code).toBe('capture.einvoice.doctype');
    expect(error.statusCode).toBe(400);
    expect(said).not.toContain('root:');
    expect(said).not.toContain(SECRET);
    expect(opened.filter((file) => !file.includes(`${path.sep}schemas${path.sep}`))).toEqual([]);
  });

  it('refuses a billion-laughs payload before any entity is expanded', HANG_GUARD, async () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    );
    const xml = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY lol0 "lol">${levels.join('')}]>
<Invoice xmlns="urn:eslog:2.00"><M_INVOIC><S_BGM><C_C106><D_1004>&lol9;</D_1004></C_C106></S_BGM></M_INVOIC></Invoice>`;
    const { error } = await refusal(Buffer.from(xml, 'utf8'));
    expect(error.code).toBe('capture.einvoice.doctype');
  });

  it('refuses a DOCTYPE hidden behind a long comment, past the sniffed head', async () => {
    const xml = `<?xml version="1.0"?><!--${'x'.repeat(100_000)}--><!DOCTYPE Invoice []>${ESLOG_BODY}`;
    const { error } = await refusal(Buffer.from(xml, 'utf8'));
    expect(error.code).toBe('capture.einvoice.doctype');
  });

  it('refuses a file larger than the limit without decoding it', HANG_GUARD, async () => {
    const { error } = await refusal(Buffer.alloc(MAX_XML_BYTES + 1, 0x20));
    expect(error.code).toBe('capture.einvoice.tooLarge');
    expect(error.parameters).toEqual(['10,0', '10,0']);
  });

  it('refuses elements nested deeper than any e-invoice', HANG_GUARD, async () => {
    const depth = 10_000;
    const xml = `<Invoice xmlns="urn:eslog:2.00">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</Invoice>`;
    const { error } = await refusal(Buffer.from(xml, 'utf8'));
    expect(error.code).toBe('capture.einvoice.tooDeep');
    expect(error.parameters).toEqual([MAX_XML_DEPTH]);
  });

  it('refuses XML that is not well-formed, naming the line', async () => {
    const xml = ESLOG.replace('</S_BGM>', '</S_BGX>');
    const { error } = await refusal(Buffer.from(xml, 'utf8'));
    expect(error.code).toBe('capture.einvoice.notWellFormed');
    expect(error.parameters[0]).toBe(15);
  });

  it('refuses XML that is no e-invoice, and e-SLOG 1.6', async () => {
    const other = await refusal(Buffer.from('<?xml version="1.0"?><order><id>1</id></order>'));
    expect(other.error.code).toBe('capture.einvoice.notEInvoice');
    const empty = await refusal(Buffer.alloc(0));
    expect(empty.error.code).toBe('capture.einvoice.notEInvoice');
    const old = await refusal(Buffer.from('<IzdaniRacunEnostavni><Racun/></IzdaniRacunEnostavni>'));
    expect(old.error.code).toBe('capture.einvoice.unsupportedFormat');
    expect(old.error.parameters).toEqual(['e-SLOG 1.6']);
  });
});

describe('the schema check', () => {
  it('runs xmllint over the bundled schemas alone: a host file is not there to read', async () => {
    // Straight to libxml2 with entity substitution on (--noent): the DOCTYPE refusal is
    // bypassed on purpose, to show the in-memory file system holds no host file.
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file://${secretFile}"><!ENTITY p SYSTEM "file:///etc/passwd">]><x>&e;&p;</x>`;
    const result = await validateXML({
      xml: [{ fileName: 'x.xml', contents: xml }],
      normalization: 'format',
      modifyArguments: (args) => ['--nonet', '--noent', ...args],
    });
    expect(result.rawOutput).toContain('failed to load');
    expect(result.normalized).not.toContain(SECRET);
    expect(result.normalized).not.toContain('root:');
  });

  it('answers an invalid document with errors, and reads only bundled schemas', async () => {
    opened.length = 0;
    const result = await checkSchema('cii', ESLOG);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(/^Line \d+: Element 'Invoice': No matching global/);
    expect(opened.length).toBeGreaterThan(50);
    const schemaDir = path.join('capture', 'einvoice', 'schemas', 'cii');
    expect(opened.every((file) => file.includes(schemaDir))).toBe(true);
  });
});
