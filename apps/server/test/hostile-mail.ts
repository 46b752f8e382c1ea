import zlib from 'node:zlib';

/**
 * Hostile e-mail for the intake tests (issue 25): messages built byte by byte, as a sender who
 * means harm would, because a mail library would repair what these break. Everything is made
 * in memory and small; the zip bomb is small compressed and never inflated here.
 */

const CRLF = '\r\n';

/** A message of header lines and a body, CRLF line ends. */
export function rawMessage(headers: string[], body: string | Buffer = ''): Buffer {
  const head = Buffer.from([...headers, '', ''].join(CRLF), 'utf8');
  return Buffer.concat([head, typeof body === 'string' ? Buffer.from(body, 'utf8') : body]);
}

/** The usual headers of a message from a supplier, the given ones first. */
export const headersOf = (subject: string, ...extra: string[]) => [
  ...extra,
  'From: Dobavitelj <racuni@dobavitelj.test>',
  'To: intake@intake.listina.test',
  `Subject: ${subject}`,
  'Date: Sat, 28 Nov 2026 10:00:00 +0000',
  'MIME-Version: 1.0',
];

/** Base64 in lines of 76, as MIME has it. */
export const base64Lines = (content: Buffer) =>
  (content.toString('base64').match(/.{1,76}/g) ?? []).join(CRLF);

export const encodedWord = (text: string) =>
  `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

export interface Part {
  headers: string[];
  body: string;
}

/** An attachment part, base64. */
export const attachmentPart = (name: string, mime: string, content: Buffer): Part => ({
  headers: [
    `Content-Type: ${mime}; name="${name}"`,
    `Content-Disposition: attachment; filename="${name}"`,
    'Content-Transfer-Encoding: base64',
  ],
  body: base64Lines(content),
});

export const textPart = (text: string): Part => ({
  headers: ['Content-Type: text/plain; charset=utf-8'],
  body: text,
});

/** A multipart body of the parts (without the outer headers), and its boundary. */
export function multipartBody(parts: Part[], boundary = 'b-outer'): string {
  const lines: string[] = [];
  for (const part of parts) lines.push(`--${boundary}`, ...part.headers, '', part.body);
  lines.push(`--${boundary}--`, '');
  return lines.join(CRLF);
}

/** A multipart/mixed message of the parts. */
export const multipartMessage = (subject: string, parts: Part[], ...extra: string[]) =>
  rawMessage(
    [...headersOf(subject, ...extra), 'Content-Type: multipart/mixed; boundary="b-outer"'],
    multipartBody(parts),
  );

/** A message with `count` small attachments, each a different file. */
export function manyAttachments(subject: string, count: number): Buffer {
  const parts = [textPart('Priloge.')];
  for (let i = 0; i < count; i++) {
    parts.push(attachmentPart(`file-${i}.txt`, 'text/plain', Buffer.from(`${i}\n`)));
  }
  return multipartMessage(subject, parts);
}

/**
 * multipart/mixed in multipart/mixed, `depth` levels deep, a PDF at the bottom. Built as
 * openings, the PDF and closings joined once (a string grown level by level is quadratic).
 */
export function nestedMultiparts(subject: string, depth: number, pdf: Buffer): Buffer {
  const bottom = attachmentPart('deep.pdf', 'application/pdf', pdf);
  const openings: string[] = [];
  const closings: string[] = [];
  for (let level = 2; level <= depth; level++) {
    openings.push(`Content-Type: multipart/mixed; boundary="n${level}"${CRLF}${CRLF}--n${level}`);
    closings.unshift(`--n${level}--`);
  }
  const body = ['--n1', ...openings, ...bottom.headers, '', bottom.body, ...closings, '--n1--', ''];
  return rawMessage(
    [...headersOf(subject), 'Content-Type: multipart/mixed; boundary="n1"'],
    body.join(CRLF),
  );
}

/** A message forwarded in a message, `depth` times over, a PDF in the innermost. */
export function nestedForwards(subject: string, depth: number, pdf: Buffer): Buffer {
  const inner = multipartMessage(`${subject} 0`, [
    attachmentPart('inner.pdf', 'application/pdf', pdf),
  ]);
  const openings: string[] = [];
  const closings: string[] = [];
  for (let level = depth; level >= 1; level--) {
    const headers = [
      ...headersOf(level === depth ? subject : `${subject} ${level}`),
      `Content-Type: multipart/mixed; boundary="f${level}"`,
      '',
      `--f${level}`,
      'Content-Type: message/rfc822',
      'Content-Disposition: attachment',
      '',
      '',
    ];
    openings.push(headers.join(CRLF));
    closings.unshift(`${CRLF}--f${level}--${CRLF}`);
  }
  return Buffer.concat([Buffer.from(openings.join('')), inner, Buffer.from(closings.join(''))]);
}

/**
 * A ZIP of one entry that inflates to `size` zero bytes (a multiple of 1 MiB), about 1/1000 of
 * that compressed. The deflate stream is one MiB's sync-flushed blocks repeated (each ends on
 * a byte and refers only to itself) and an empty final block, so nothing large is ever made.
 */
export function zipBomb(entryName: string, size: number): Buffer {
  const mib = Buffer.alloc(2 ** 20);
  const block = zlib.deflateRawSync(mib, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const count = Math.ceil(size / mib.length);
  const data = Buffer.concat([
    ...Array.from({ length: count }, () => block),
    zlib.deflateRawSync(Buffer.alloc(0)),
  ]);
  let crc = 0;
  for (let i = 0; i < count; i++) crc = zlib.crc32(mib, crc);
  const name = Buffer.from(entryName, 'latin1');
  const uncompressed = count * mib.length;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc >>> 0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(uncompressed >>> 0, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc >>> 0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(uncompressed >>> 0, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryStart = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Dot-stuffs a message for SMTP DATA (RFC 5321 §4.5.2) and ends it. */
export function smtpData(raw: Buffer): Buffer {
  const text = raw.toString('latin1').replace(/(^|\n)\./g, '$1..');
  return Buffer.concat([
    Buffer.from(text, 'latin1'),
    Buffer.from(text.endsWith(CRLF) ? '' : CRLF),
    Buffer.from(`.${CRLF}`),
  ]);
}
