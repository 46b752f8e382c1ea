import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';

/**
 * The server under test sends every mail to the suite's SMTP listener (support/smtp-listener.ts),
 * which writes each as an .eml file in DATA_DIR/mail named `<ms>-smtp<n>-<to-address>.eml`; the
 * product writes the same names itself when it has no SMTP_URL (the config hands DATA_DIR to the
 * specs as E2E_DATA_DIR).
 */
function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright.config');
  return path.join(dataDir, 'mail');
}

function findMailTo(address: string): string | undefined {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return undefined;
  const suffix = `-${address.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort();
  const newest = files.at(-1);
  return newest ? path.join(dir, newest) : undefined;
}

/** RFC 2045 quoted-printable: soft line breaks go, `=XX` is a byte; bytes are UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export interface Mail {
  headers: string;
  body: string;
}

/** Waits for the newest mail to an address and returns its headers and decoded body. */
export async function readMailTo(address: string): Promise<Mail> {
  let file: string | undefined;
  await expect
    .poll(() => (file = findMailTo(address)), { message: `a mail to ${address} in ${mailDir()}` })
    .toBeDefined();
  const raw = fs.readFileSync(file ?? '', 'utf8');
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  const isQuotedPrintable = /^content-transfer-encoding:\s*quoted-printable/im.test(headers);
  return { headers, body: isQuotedPrintable ? decodeQuotedPrintable(body) : body };
}

/** The first link to the given path prefix in a mail body. */
export function linkIn(mail: Mail, pathPrefix: string): URL {
  const link = /https?:\/\/\S+/g;
  for (const match of mail.body.matchAll(link)) {
    // A sentence may end right after the link; no link we send ends in punctuation.
    const url = new URL(match[0].replace(/[.,;:!?)\]>]+$/, ''));
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no link to ${pathPrefix} in the mail:\n${mail.body}`);
}

/** A mail as a mail client reads it: subject, headers, text and HTML alternatives. */
export interface ParsedMail {
  /** The file it was kept in; `-smtp<n>-` in its name when the SMTP listener received it. */
  file: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

function mailFilesTo(address: string): string[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  const suffix = `-${address.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`;
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * Waits for a mail to the address whose subject contains `subject` (issue 26: notification
 * mails are multipart, text and HTML) and answers it parsed by a MIME parser.
 */
export async function waitForMail(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of mailFilesTo(address).reverse()) {
          const mail = await PostalMime.parse(fs.readFileSync(file));
          if (mail.subject?.includes(subject)) {
            found = {
              file,
              subject: mail.subject,
              headers: Object.fromEntries(mail.headers.map((h) => [h.key, h.value])),
              text: mail.text ?? '',
              html: mail.html ?? '',
            };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} about "${subject}"`, timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}
