import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import type { BundleDocument, BundleFile } from './bundle';

/** Inputs for the download tests, built in memory. Test code: nothing else imports it. */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../files/fixtures');

export const fixture = (name: string): Buffer => readFileSync(path.join(fixtures, name));

const MIMES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  'einvoice-xml': 'application/xml',
  text: 'text/plain',
};

export interface TestFile extends BundleFile {
  /** How many times the content was opened. */
  opened: number;
}

/** A file whose content is the bytes given, in chunks of at most 64 KB. */
export function bufferFile(name: string, kind: string, bytes: Buffer): TestFile {
  const file: TestFile = {
    name,
    kind,
    mime: MIMES[kind] ?? 'application/octet-stream',
    size: bytes.length,
    opened: 0,
    open: async () => {
      file.opened++;
      return Readable.from(chunksOf(bytes), { objectMode: false });
    },
  };
  return file;
}

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

export const document = (
  title: string,
  main: BundleFile[],
  attachments: BundleFile[] = [],
): BundleDocument => ({
  title,
  files: [
    ...main.map((file) => ({ file, role: 'main' as const })),
    ...attachments.map((file) => ({ file, role: 'attachment' as const })),
  ],
});

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A PDF with one page per label, each showing its label. */
export async function pdfOfPages(...labels: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const label of labels) pdf.addPage().drawText(label, { x: 50, y: 700, size: 24, font });
  return Buffer.from(await pdf.save());
}

/**
 * A PDF whose trailer says it is encrypted with the standard security handler (PDF 32000-1
 * §7.6.3): enough for a reader to refuse it without the password.
 */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.context.trailerInfo.Encrypt = pdf.context.obj({
    Filter: PDFName.of('Standard'),
    V: 1,
    R: 2,
    O: pdf.context.obj(Array.from({ length: 32 }, () => 0)),
    U: pdf.context.obj(Array.from({ length: 32 }, () => 0)),
    P: -4,
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

export interface CentralEntry {
  name: string;
  madeBy: number;
  flags: number;
  method: number;
  crc: number;
  size: number;
  dosTime: number;
  dosDate: number;
}

/** The central directory of a ZIP, read the way unzip does: from the end record back. */
export function centralDirectory(zip: Buffer): CentralEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      madeBy: zip.readUInt16LE(at + 4),
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      dosTime: zip.readUInt16LE(at + 12),
      dosDate: zip.readUInt16LE(at + 14),
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
    });
    at += 46 + skip;
  }
  return entries;
}

export interface TiffSpec {
  order?: 'II' | 'MM';
  width: number;
  height: number;
  /** 0 WhiteIsZero, 1 BlackIsZero, 2 RGB. */
  photometric: number;
  bitsPerSample: number[];
  /** 1 none, 5 LZW, 32773 PackBits. */
  compression?: number;
  strips: Buffer[];
  rowsPerStrip?: number;
}

/** A baseline TIFF (TIFF 6.0 §2): header, strips, then the directory and its long values. */
export function tiffOf(spec: TiffSpec): Buffer {
  const isLittle = (spec.order ?? 'II') === 'II';
  const u16 = (value: number) => {
    const b = Buffer.alloc(2);
    if (isLittle) b.writeUInt16LE(value);
    else b.writeUInt16BE(value);
    return b;
  };
  const u32 = (value: number) => {
    const b = Buffer.alloc(4);
    if (isLittle) b.writeUInt32LE(value);
    else b.writeUInt32BE(value);
    return b;
  };
  const offsets: number[] = [];
  let at = 8;
  for (const strip of spec.strips) {
    offsets.push(at);
    at += strip.length;
  }
  // [tag, type (3 short, 4 long), values], in ascending tag order as §2 requires.
  const fields: [number, 3 | 4, number[]][] = [
    [256, 4, [spec.width]],
    [257, 4, [spec.height]],
    [258, 3, spec.bitsPerSample],
    [259, 3, [spec.compression ?? 1]],
    [262, 3, [spec.photometric]],
    [273, 4, offsets],
    [277, 3, [spec.bitsPerSample.length]],
    [278, 4, [spec.rowsPerStrip ?? spec.height]],
    [279, 4, spec.strips.map((strip) => strip.length)],
  ];
  const directory = at;
  let outside = directory + 2 + fields.length * 12 + 4;
  const entries: Buffer[] = [];
  const values: Buffer[] = [];
  for (const [tag, type, list] of fields) {
    const encoded = Buffer.concat(list.map((v) => (type === 3 ? u16(v) : u32(v))));
    const inline = encoded.length <= 4;
    const field = inline
      ? Buffer.concat([encoded, Buffer.alloc(4 - encoded.length)])
      : u32(outside);
    entries.push(Buffer.concat([u16(tag), u16(type), u32(list.length), field]));
    if (!inline) {
      values.push(encoded);
      outside += encoded.length;
    }
  }
  const header = Buffer.concat([
    Buffer.from(isLittle ? 'II' : 'MM', 'latin1'),
    u16(42),
    u32(directory),
  ]);
  return Buffer.concat([header, ...spec.strips, u16(fields.length), ...entries, u32(0), ...values]);
}
