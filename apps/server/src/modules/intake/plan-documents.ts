import type { MessageSpec } from '../../lib/errors';
import { megabytes } from '../../lib/number-text';
import { extractEmbeddedXml } from '../capture/einvoice/einvoice';
import { sanitizeFileName, extensionOf } from '../files/file-name';
import { ATTACHMENT_KINDS } from '../files/file-policy';
import { sniffFileType, type SniffedType } from '../files/file-type';
import { getDocument, SAFE_PDFJS_OPTIONS } from '../../lib/pdfjs';
import type { MailPart } from './parse-message';

/**
 * What the files of a message become (issue 25): at most one document per invoice. An
 * e-invoice (XML, or a PDF/A-3 carrying one) is a document's main file and the PDFs that go
 * with it its attachments; otherwise each PDF or image is a document, and the message's other
 * usable files are attachments of the first. What is dangerous (a program, macros) or locked
 * (an encrypted PDF) stops the whole message, for an admin to look at.
 */

export interface IntakeFile {
  name: string;
  content: Buffer;
  type: SniffedType;
}

export type ClassifiedPart =
  | { use: 'einvoice' | 'pdf' | 'image' | 'attachment'; file: IntakeFile; inline: boolean }
  | { use: 'ignored'; note: MessageSpec }
  | { use: 'refused'; reason: MessageSpec };

export interface PlannedDocument {
  main: IntakeFile;
  attachments: IntakeFile[];
}

/** Names no invoice has: programs and scripts a mail client would run. */
const PROGRAM_EXTENSIONS = new Set(
  (
    'exe com scr pif bat cmd vbs vbe js jse wsf wsh ps1 psm1 msi msp jar hta cpl lnk reg ' +
    'iso img vhd vhdx dll sys apk app dmg sh docm xlsm pptm dotm xltm xlam ppam'
  ).split(' '),
);

/** Content that is a program whatever its name: PE, ELF, Mach-O, a script with a #! line. */
function isProgram(content: Buffer): boolean {
  const head = content.subarray(0, 4);
  if (head.subarray(0, 2).toString('latin1') === 'MZ') return true;
  if (head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) return true;
  const magic = head.length === 4 ? head.readUInt32BE(0) : 0;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic)) return true;
  return head.subarray(0, 2).toString('latin1') === '#!';
}

/**
 * Whether a PDF opens only with a password. `/Encrypt` in the bytes is the cheap sign; a PDF
 * with only an owner password (printing restricted, common on invoices) opens all the same
 * and is no problem, so pdf.js has the last word.
 */
async function needsPassword(content: Buffer): Promise<boolean> {
  if (!content.includes('/Encrypt')) return false;
  const task = getDocument({ ...SAFE_PDFJS_OPTIONS, data: new Uint8Array(content) });
  try {
    await task.promise;
    return false;
  } catch (error) {
    return error instanceof Error && error.name === 'PasswordException';
  } finally {
    await task.destroy();
  }
}

async function carriesEinvoice(content: Buffer): Promise<boolean> {
  try {
    return (await extractEmbeddedXml(content)) !== null;
  } catch {
    return false;
  }
}

/** What one part of a message is for. `fileBytes` is FILE_LIMIT_BYTES. */
export async function classifyPart(part: MailPart, fileBytes: number): Promise<ClassifiedPart> {
  const name = sanitizeFileName(part.name) ?? 'attachment.bin';
  if (PROGRAM_EXTENSIONS.has(extensionOf(name).toLowerCase()) || isProgram(part.content)) {
    return { use: 'refused', reason: { code: 'intake.reason.program', parameters: [name] } };
  }
  if (part.content.length === 0) {
    return { use: 'ignored', note: { code: 'intake.note.empty', parameters: [name] } };
  }
  if (part.content.length > fileBytes) {
    return {
      use: 'ignored',
      note: {
        code: 'intake.note.tooLarge',
        parameters: [
          name,
          megabytes(part.content.length / 2 ** 20),
          megabytes(fileBytes / 2 ** 20),
        ],
      },
    };
  }
  const type = sniffFileType(part.content, name);
  if (type.kind === 'unknown') {
    if (type.reason === 'macros') {
      return { use: 'refused', reason: { code: 'intake.reason.macros', parameters: [name] } };
    }
    if (type.reason === 'encrypted') {
      return { use: 'refused', reason: { code: 'intake.reason.encrypted', parameters: [name] } };
    }
    return { use: 'ignored', note: { code: 'intake.note.unusable', parameters: [name] } };
  }
  const file: IntakeFile = { name, content: part.content, type };
  switch (type.kind) {
    case 'einvoice-xml':
      return { use: 'einvoice', file, inline: part.inline };
    case 'pdf':
      if (await needsPassword(part.content)) {
        return {
          use: 'refused',
          reason: { code: 'intake.reason.encryptedPdf', parameters: [name] },
        };
      }
      return { use: 'pdf', file, inline: part.inline };
    case 'png':
    case 'jpeg':
    case 'tiff':
      return { use: 'image', file, inline: part.inline };
    default:
      return (ATTACHMENT_KINDS as readonly string[]).includes(type.kind)
        ? { use: 'attachment', file, inline: part.inline }
        : { use: 'ignored', note: { code: 'intake.note.unusable', parameters: [name] } };
  }
}

type Usable = Extract<ClassifiedPart, { file: IntakeFile }>;

const stem = (name: string) => name.replace(/\.[^.]*$/, '').toLowerCase();

/**
 * The documents of a message's usable parts, in the message's order. `oneDocument`: a rule
 * asks for the whole message as one document (its first invoice file the main one).
 */
export async function planDocuments(
  parts: readonly ClassifiedPart[],
  oneDocument: boolean,
): Promise<PlannedDocument[]> {
  const usable = parts.filter((p): p is Usable => 'file' in p);
  // Inline images are documents only in a message that has no other invoice file.
  const attachedMains = usable.filter(
    (p) => p.use === 'einvoice' || p.use === 'pdf' || (p.use === 'image' && !p.inline),
  );
  const mains = attachedMains.length > 0 ? attachedMains : usable.filter((p) => p.use === 'image');
  if (mains.length === 0) return [];
  const rest = usable.filter((p) => !mains.includes(p));

  if (oneDocument) {
    const main = mains.find((p) => p.use === 'einvoice') ?? mains[0];
    if (!main) return [];
    return [{ main: main.file, attachments: usable.filter((p) => p !== main).map((p) => p.file) }];
  }

  // PDFs that carry an e-invoice stand for it; looked for only when more than one PDF could
  // be the main file (it takes pdf.js a moment per PDF).
  const pdfs = mains.filter((p) => p.use === 'pdf');
  const xmls = mains.filter((p) => p.use === 'einvoice');
  const carriers =
    pdfs.length > 1 || (pdfs.length > 0 && xmls.length > 0)
      ? (
          await Promise.all(
            pdfs.map(async (p) => ((await carriesEinvoice(p.file.content)) ? p : null)),
          )
        ).filter((p): p is Usable => p !== null)
      : [];
  const invoices = [...xmls, ...carriers.filter(() => xmls.length === 0)];
  if (invoices.length === 0) {
    const [first, ...others] = mains.map((p): PlannedDocument => ({
      main: p.file,
      attachments: [],
    }));
    if (first) first.attachments.push(...rest.map((p) => p.file));
    return first ? [first, ...others] : [];
  }
  const documents = invoices.map((p): PlannedDocument => ({ main: p.file, attachments: [] }));
  const others = [...mains.filter((p) => !invoices.includes(p)), ...rest];
  for (const part of others) {
    // A PDF named as an e-invoice is its rendering; the rest goes with the first invoice.
    const index = invoices.findIndex((p) => stem(p.file.name) === stem(part.file.name));
    documents[Math.max(0, index)]?.attachments.push(part.file);
  }
  return documents;
}
