import { finished, Readable } from 'node:stream';
import fc from 'fast-check';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { BundleDocument, BundleFile } from './bundle';
import { buildDownload } from './download';
import {
  bufferFile,
  centralDirectory,
  collect,
  document,
  fixture,
  pdfOfPages,
} from './test-inputs';
import { zipEntryNames } from './zip-bundle';

const zipOf = async (documents: BundleDocument[], now?: Date) =>
  collect((await buildDownload('zip', documents, { now })).stream);

/** Each entry's bytes, by name, checked against its CRC by JSZip. */
async function contents(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await JSZip.loadAsync(zip, { checkCRC32: true, createFolders: false });
  const files = Object.values(archive.files).filter((entry) => !entry.dir);
  const bytes = await Promise.all(files.map((entry) => entry.async('nodebuffer')));
  return new Map(files.map((entry, i) => [entry.name, bytes[i] ?? Buffer.alloc(0)]));
}

describe('zip download', () => {
  it('puts every file in a folder per document, names made unique, bytes unchanged', async () => {
    const pdf = await pdfOfPages('1');
    const invoice = fixture('eslog20_constructed_minimal_invoice.xml');
    const documents = [
      document(
        'Račun 2026/17',
        [bufferFile('račun.pdf', 'pdf', pdf)],
        [
          bufferFile('e-račun.xml', 'einvoice-xml', invoice),
          bufferFile('E-RAČUN.xml', 'xml', Buffer.from('<a/>')),
          bufferFile('slika.png', 'png', fixture('sample.png')),
        ],
      ),
      document(
        'Račun 2026/17',
        [bufferFile('račun.pdf', 'pdf', Buffer.from('%PDF-1.7 other'))],
        [bufferFile('čšž ČŠŽ.txt', 'text', Buffer.from('čšž ČŠŽ'))],
      ),
      document('Žaga', [], [bufferFile('sken.tif', 'tiff', fixture('sample.tif'))]),
    ];
    const files = documents.flatMap((d) => d.files.map((f) => f.file));
    const zip = await zipOf(documents);
    const names = [
      'Račun 2026-17/račun.pdf',
      'Račun 2026-17/e-račun.xml',
      'Račun 2026-17/E-RAČUN (2).xml',
      'Račun 2026-17/slika.png',
      'Račun 2026-17 (2)/račun.pdf',
      'Račun 2026-17 (2)/čšž ČŠŽ.txt',
      'Žaga/sken.tif',
    ];
    const directory = centralDirectory(zip);
    expect(directory.map((entry) => entry.name)).toEqual(names);
    // Bit 11: names are UTF-8; bit 3: CRC and sizes follow the data. Made on Unix: see
    // zip-writer.ts for why.
    for (const entry of directory) expect(entry).toMatchObject({ flags: 0x0808, madeBy: 0x0314 });
    const read = await contents(zip);
    expect([...read.keys()].sort()).toEqual([...names].sort());
    for (const [i, name] of names.entries()) {
      const source = files[i] as BundleFile;
      const opened = await collect(await source.open());
      expect(read.get(name)?.equals(opened), name).toBe(true);
    }
  });

  it('numbers names that Windows and macOS would take for the same', () => {
    const text = (name: string) => bufferFile(name, 'text', Buffer.from('x'));
    const names = zipEntryNames([
      document('..', [], ['scan.pdf', 'SCAN.pdf', 'scan (2).pdf', 'scan.pdf'].map(text)),
      document('CON', [], ['c\u030c.txt', '\u010d.txt', '.txt'].map(text)),
    ]);
    expect(names).toEqual([
      'document/scan.pdf',
      'document/SCAN (2).pdf',
      'document/scan (2) (2).pdf',
      'document/scan (3).pdf',
      '_CON/\u010d.txt',
      '_CON/\u010d (2).txt',
      '_CON/.txt',
    ]);
  });

  it('stores compressed formats as they are and deflates the others', async () => {
    const text = Buffer.from('Dobavitelj;Znesek\n'.repeat(200));
    const kinds = [
      'pdf',
      'png',
      'jpeg',
      'tiff',
      'docx',
      'xlsx',
      'einvoice-xml',
      'xml',
      'text',
      'csv',
      'doc',
      'unknown',
    ];
    const files = kinds.map((kind) => bufferFile(`${kind}.bin`, kind, text));
    const directory = centralDirectory(await zipOf([document('1', [], files)]));
    const methods = Object.fromEntries(directory.map((e, i) => [kinds[i], e.method]));
    expect(methods).toEqual({
      pdf: 0,
      png: 0,
      jpeg: 0,
      tiff: 0,
      docx: 0,
      xlsx: 0,
      'einvoice-xml': 8,
      xml: 8,
      text: 8,
      csv: 8,
      doc: 8,
      unknown: 8,
    });
  });

  it('dates the entries on the caller’s clock', async () => {
    const files = [bufferFile('a.txt', 'text', Buffer.from('a'))];
    const bundle = await buildDownload('zip', [document('1', files)], {
      now: new Date('2026-03-31T22:30:08Z'),
      timeZone: 'Europe/Ljubljana',
    });
    const [entry] = centralDirectory(await collect(bundle.stream));
    expect(entry?.dosDate).toBe(((2026 - 1980) << 9) | (4 << 5) | 1);
    expect(entry?.dosTime).toBe((0 << 11) | (30 << 5) | 4);
  });

  it('streams a 30 MB attachment through without holding it', async () => {
    const size = 30 * 2 ** 20;
    const source = Readable.from(randomChunks(size, 7), { objectMode: false });
    const file: BundleFile = {
      name: 'velik.bin',
      kind: 'unknown',
      mime: 'application/octet-stream',
      size,
      open: async () => source,
    };
    const bundle = await buildDownload('zip', [document('1', [], [file])], {});
    const chunks: Buffer[] = [];
    let written = 0;
    let writtenWhenSourceEnded = 0;
    source.on('end', () => (writtenWhenSourceEnded = written));
    for await (const chunk of bundle.stream) {
      chunks.push(chunk as Buffer);
      written += (chunk as Buffer).length;
    }
    // When the source has given its last byte, almost all of it has gone out already: what
    // the writer holds at any time is a few buffers, not the file.
    expect(writtenWhenSourceEnded).toBeGreaterThan(size - 2 ** 20);
    const read = await contents(Buffer.concat(chunks));
    expect(read.get('1/velik.bin')?.equals(Buffer.concat([...randomChunks(size, 7)]))).toBe(true);
  });

  it.each(['pdf', 'unknown'])(
    'stops reading a %s file when the download is abandoned',
    async (kind) => {
      const source = Readable.from(randomChunks(30 * 2 ** 20, 3), { objectMode: false });
      const file: BundleFile = {
        ...bufferFile('velik', kind, Buffer.alloc(0)),
        size: 30 * 2 ** 20,
        open: async () => source,
      };
      const bundle = await buildDownload('zip', [document('1', [file])], {});
      let received = 0;
      for await (const chunk of bundle.stream) {
        received += (chunk as Buffer).length;
        if (received > 2 ** 20) break;
      }
      // Closed, not read to the end: deflate lets go once its pending chunk is done.
      await new Promise((resolve) => finished(source, resolve));
      expect(source.destroyed).toBe(true);
      expect(source.readableEnded).toBe(false);
    },
  );

  it('ends the stream with the error of a file that cannot be read', async () => {
    const broken: BundleFile = {
      ...bufferFile('a.txt', 'text', Buffer.alloc(0)),
      open: async () =>
        new Readable({
          read() {
            this.destroy(new Error('storage unreachable'));
          },
        }),
    };
    const bundle = await buildDownload('zip', [document('1', [broken])], {});
    await expect(collect(bundle.stream)).rejects.toThrow('storage unreachable');
  });

  it('refuses over 4 GB before the first byte', async () => {
    const huge = { ...bufferFile('a.pdf', 'pdf', Buffer.alloc(0)), size: 4.5 * 2 ** 30 };
    await expect(buildDownload('zip', [document('1', [huge])], {})).rejects.toMatchObject({
      code: 'download.zipTooLarge',
      parameters: [4609, 4095],
    });
    expect(huge.opened).toBe(0);
  });

  it('refuses more files than a ZIP without ZIP64 lists', async () => {
    const file = bufferFile('a.txt', 'text', Buffer.from('a'));
    const files = Array.from({ length: 65_536 }, () => file);
    await expect(buildDownload('zip', [document('1', [], files)], {})).rejects.toMatchObject({
      code: 'download.zipTooManyFiles',
      parameters: [65_536, 65_535],
    });
  });

  it('refuses documents without files', async () => {
    await expect(buildDownload('zip', [document('1', [])], {})).rejects.toMatchObject({
      code: 'download.noFiles',
    });
  });

  it('round-trips any names and contents', async () => {
    const unit = fc.oneof(
      fc.constantFrom(
        'č',
        'š',
        'ž',
        'Č',
        'Š',
        'Ž',
        'a',
        'A',
        '.',
        ' ',
        '/',
        '\\',
        ':',
        '*',
        '\u202e',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    const name = fc.string({ unit, maxLength: 12 });
    const file = fc.record({
      name,
      kind: fc.constantFrom('pdf', 'text', 'unknown'),
      bytes: fc.uint8Array({ maxLength: 3000 }),
    });
    const documents = fc.array(
      fc.record({ title: name, files: fc.array(file, { minLength: 1, maxLength: 4 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(documents, async (generated) => {
        const input = generated.map(({ title, files }) =>
          document(
            title,
            [],
            files.map((f) => bufferFile(f.name, f.kind, Buffer.from(f.bytes))),
          ),
        );
        const zip = await zipOf(input);
        const names = zipEntryNames(input);
        expect(centralDirectory(zip).map((entry) => entry.name)).toEqual(names);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
        for (const entryName of names) {
          const segments = entryName.split('/');
          expect(segments).toHaveLength(2);
          for (const segment of segments) expect(segment).not.toMatch(/^\.*$|[\\:*]/);
        }
        const read = await contents(zip);
        const bytes = generated.flatMap(({ files }) => files.map((f) => Buffer.from(f.bytes)));
        names.forEach((entryName, i) => expect(read.get(entryName)).toEqual(bytes[i]));
      }),
      { numRuns: 60 },
    );
  });
});

/** xorshift32: bytes no compressor can shrink, the same for the same seed. */
function* randomChunks(size: number, seed: number): Generator<Buffer> {
  let state = seed;
  for (let at = 0; at < size; at += 65_536) {
    const chunk = Buffer.alloc(Math.min(65_536, size - at));
    for (let i = 0; i < chunk.length; i += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      chunk.writeInt32LE(state | 0, i);
    }
    yield chunk;
  }
}
