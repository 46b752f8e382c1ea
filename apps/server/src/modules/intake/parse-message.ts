import { createHash } from 'node:crypto';
import PostalMime, { type Address, type Attachment } from 'postal-mime';
import type { MessageSpec } from '../../lib/errors';

/**
 * An incoming e-mail read into what the intake needs (issue 25): who sent it, its subject, its
 * Message-ID and its attachments, nested forwarded messages unpacked. Parsed with postal-mime
 * under limits, because anyone may send anything to an intake address: nesting depth, header
 * size and the number of attachments are bounded, and what breaks a limit is a refusal with a
 * reason the Intake page shows, never an exception that loses the message.
 */

export interface MailPart {
  name: string;
  mimeType: string;
  content: Buffer;
  /** Shown in the body (an inline image), not attached. */
  inline: boolean;
}

export interface ParsedMail {
  /** The Message-ID without its angle brackets; '' when the message has none. */
  messageId: string;
  /** The From address, lower-case ('' when there is none). */
  sender: string;
  senderName: string;
  subject: string;
  /** Attachments of the message itself (a forwarded message counts as one). */
  attachmentCount: number;
  parts: MailPart[];
  /** What was left out and why (small inline images, messages nested too deep). */
  notes: MessageSpec[];
}

/** Who sent a message and what it is about, as far as its top-level headers tell. */
export interface MailHeaders {
  messageId: string;
  sender: string;
  senderName: string;
  subject: string;
}

/**
 * A message the intake cannot take apart: why, as a catalogue message, and what its own
 * headers say (so that the log names it, and knows it again when it comes back).
 */
export class MailRefusal extends Error {
  override readonly name = 'MailRefusal';
  constructor(
    readonly reason: MessageSpec,
    readonly headers: MailHeaders = { messageId: '', sender: '', senderName: '', subject: '' },
  ) {
    super(reason.code);
  }
}

export const MAIL_LIMITS = {
  /** Attachments of one message, nested messages' included. */
  maxParts: 100,
  /** MIME nesting of one message (multipart in multipart ...). */
  maxNesting: 40,
  /** Header bytes of one message, all its parts together. */
  maxHeaderBytes: 512 * 1024,
  /** Forwarded messages in forwarded messages that are unpacked. */
  maxForwardDepth: 3,
  /** Inline images smaller than this are logos and signatures, not invoices. */
  minInlineImageBytes: 20 * 1024,
  /** MIME parts of one message, counted in its bytes before it is parsed. */
  maxMimeParts: 1000,
  /** Forwarded messages (message/rfc822 parts), counted the same way. */
  maxForwards: 20,
};

/** The top-level headers end at the first empty line; at most this much is read of them. */
const HEADER_BYTES = 64 * 1024;

const MAX_SUBJECT = 500;
const MAX_ADDRESS = 320;
const MAX_NAME = 200;

/** One line of text as a log shows it: no control characters (no header injection), bounded. */
export function oneLine(value: string | undefined, max: number): string {
  return (
    (value ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/** Identifies a message: its Message-ID, or the hash of its bytes when it has none. */
export function messageKeyOf(messageId: string, raw: Buffer): string {
  const id = messageId.trim().toLowerCase();
  return id !== ''
    ? `id:${id.slice(0, 900)}`
    : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

function firstMailbox(address: Address | undefined): { address: string; name: string } {
  if (!address) return { address: '', name: '' };
  if (address.address !== undefined) return { address: address.address, name: address.name };
  const first = address.group[0];
  return first ? { address: first.address, name: first.name } : { address: '', name: address.name };
}

const bytesOf = (content: Attachment['content']): Buffer =>
  typeof content === 'string'
    ? Buffer.from(content, 'utf8')
    : content instanceof ArrayBuffer
      ? Buffer.from(content)
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength);

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
  'message/rfc822': 'eml',
};

function partName(attachment: Attachment, index: number): string {
  const name = oneLine(attachment.filename ?? '', 255);
  if (name !== '') return name;
  const extension = EXTENSIONS[attachment.mimeType.toLowerCase()] ?? 'bin';
  return `attachment-${index + 1}.${extension}`;
}

const isMessage = (attachment: Attachment) =>
  attachment.mimeType.toLowerCase() === 'message/rfc822';

async function parseOne(raw: Buffer): Promise<Awaited<ReturnType<typeof PostalMime.parse>>> {
  try {
    return await PostalMime.parse(raw, {
      attachmentEncoding: 'arraybuffer',
      // Forwarded messages come as attachments; they are unpacked below, to a bounded depth.
      forceRfc822Attachments: true,
      maxRfc822NestingDepth: 0,
      maxNestingDepth: MAIL_LIMITS.maxNesting,
      maxHeadersSize: MAIL_LIMITS.maxHeaderBytes,
    });
  } catch {
    // postal-mime's own words (a limit it met, a structure it could not follow) are English
    // and technical: the log says what it means for the user.
    throw new MailRefusal({ code: 'intake.reason.malformed', parameters: [] });
  }
}

/** Occurrences of a header line starting with `name` (lower-case), anywhere in the bytes. */
function countHeaderLines(raw: Buffer, pattern: RegExp): number {
  let count = 0;
  const text = raw.toString('latin1');
  pattern.lastIndex = 0;
  while (pattern.exec(text) !== null) count++;
  return count;
}

/**
 * What a message's own headers say, read from its header block alone: cheap, and possible
 * for a message whose body cannot be parsed.
 */
export async function readHeaders(raw: Buffer): Promise<MailHeaders> {
  const head = raw.subarray(0, HEADER_BYTES);
  const end = head.indexOf('\r\n\r\n') >= 0 ? head.indexOf('\r\n\r\n') : head.indexOf('\n\n');
  const block = end >= 0 ? head.subarray(0, end) : head;
  try {
    const email = await PostalMime.parse(Buffer.concat([block, Buffer.from('\r\n\r\n')]), {
      maxNestingDepth: 2,
      maxHeadersSize: HEADER_BYTES,
    });
    const from = firstMailbox(email.from ?? email.sender);
    return {
      messageId: oneLine((email.messageId ?? '').replace(/^<|>$/g, ''), 998),
      sender: oneLine(from.address, MAX_ADDRESS).toLowerCase(),
      senderName: oneLine(from.name, MAX_NAME),
      subject: oneLine(email.subject, MAX_SUBJECT),
    };
  } catch {
    return { messageId: '', sender: '', senderName: '', subject: '' };
  }
}

/**
 * Limits that are checked in the bytes before any parsing: a message of thousands of parts or
 * forwards costs the parser seconds per pass, which would hold up the worker (issue 25's
 * hostile mail).
 */
function checkShape(raw: Buffer): MessageSpec | undefined {
  const forwards = countHeaderLines(raw, /^content-type:[ \t]*message\/rfc822/gim);
  if (forwards > MAIL_LIMITS.maxForwards) {
    return {
      code: 'intake.reason.tooManyForwards',
      parameters: [String(forwards), String(MAIL_LIMITS.maxForwards)],
    };
  }
  const attachments = countHeaderLines(raw, /^content-disposition:[ \t]*attachment/gim);
  if (attachments > MAIL_LIMITS.maxParts) {
    return {
      code: 'intake.reason.tooManyAttachments',
      parameters: [String(attachments), String(MAIL_LIMITS.maxParts)],
    };
  }
  const parts = countHeaderLines(raw, /^content-type:/gim);
  if (parts > MAIL_LIMITS.maxMimeParts) {
    return {
      code: 'intake.reason.tooManyParts',
      parameters: [String(parts), String(MAIL_LIMITS.maxMimeParts)],
    };
  }
  return undefined;
}

export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  if (raw.length === 0) throw new MailRefusal({ code: 'intake.reason.malformed', parameters: [] });
  const refused = checkShape(raw);
  if (refused) throw new MailRefusal(refused, await readHeaders(raw));
  let email: Awaited<ReturnType<typeof parseOne>>;
  try {
    email = await parseOne(raw);
  } catch (error) {
    if (error instanceof MailRefusal) throw new MailRefusal(error.reason, await readHeaders(raw));
    throw error;
  }
  const from = firstMailbox(email.from ?? email.sender);
  const parts: MailPart[] = [];
  const notes: MessageSpec[] = [];
  let smallInline = 0;

  const collect = async (attachments: Attachment[], depth: number): Promise<void> => {
    for (const [index, attachment] of attachments.entries()) {
      if (parts.length > MAIL_LIMITS.maxParts) return;
      const content = bytesOf(attachment.content);
      const name = partName(attachment, index);
      if (isMessage(attachment)) {
        if (depth >= MAIL_LIMITS.maxForwardDepth) {
          notes.push({ code: 'intake.note.nestedTooDeep', parameters: [name] });
          continue;
        }
        const nested = await parseOne(content).catch(() => undefined);
        if (nested) await collect(nested.attachments, depth + 1);
        else notes.push({ code: 'intake.note.unreadableForward', parameters: [name] });
        continue;
      }
      const inline = attachment.disposition === 'inline' || attachment.related === true;
      if (
        inline &&
        attachment.mimeType.toLowerCase().startsWith('image/') &&
        content.length < MAIL_LIMITS.minInlineImageBytes
      ) {
        smallInline++;
        continue;
      }
      parts.push({ name, mimeType: attachment.mimeType.toLowerCase(), content, inline });
    }
  };
  await collect(email.attachments, 0);
  if (parts.length > MAIL_LIMITS.maxParts) {
    throw new MailRefusal(
      {
        code: 'intake.reason.tooManyAttachments',
        parameters: [String(parts.length), String(MAIL_LIMITS.maxParts)],
      },
      await readHeaders(raw),
    );
  }
  if (smallInline > 0)
    notes.push({ code: 'intake.note.inlineImages', parameters: [String(smallInline)] });
  return {
    messageId: oneLine((email.messageId ?? '').replace(/^<|>$/g, ''), 998),
    sender: oneLine(from.address, MAX_ADDRESS).toLowerCase(),
    senderName: oneLine(from.name, MAX_NAME),
    subject: oneLine(email.subject, MAX_SUBJECT),
    attachmentCount: email.attachments.length,
    parts,
    notes,
  };
}
