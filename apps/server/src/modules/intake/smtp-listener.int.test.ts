import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { IntakeAddress, IntakeMessage, TableRecord } from '@listina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, soleMember, type TestApp } from '../../../test/factories';
import { freePort, smtpDialogue, smtpSender, type SmtpError } from '../../../test/smtp-talk';
import { fixture } from '../capture/einvoice/test-invoices';
import type { IncomingMessage, IntakeOutcome, IntakeService, RefusedMessage } from './intake-types';
import { startSmtpListener, type SmtpListener } from './smtp-listener';

/**
 * The SMTP listener (issue 25) with a stand-in intake that records what it is given: who is
 * accepted and refused at RCPT time and with what text, the size limit, 250 only after the
 * intake committed, 451 when it failed, and the limits that keep a sender from holding it.
 * The same listener over the real intake service is the last part of this file.
 */

const DOMAIN = 'intake.listina.test';
const LIMIT = 64 * 1024;

/** An intake that knows two addresses and records every call. */
class RecordingIntake implements IntakeService {
  readonly imported: IncomingMessage[] = [];
  readonly refused: RefusedMessage[] = [];
  /** Set to make the next imports wait (or fail) until a test lets them go. */
  gate: (() => Promise<void>) | undefined;
  readonly addresses: Record<string, string> = {
    [`acme-1a2b3c@${DOMAIN}`]: '101',
    [`beta-4d5e6f@${DOMAIN}`]: '202',
  };
  async importMessage(message: IncomingMessage): Promise<IntakeOutcome> {
    if (this.gate) await this.gate();
    this.imported.push(message);
    return { logKey: 'k', result: 'imported', documentKeys: [], seenBefore: false };
  }
  async logRefused(message: RefusedMessage): Promise<IntakeOutcome> {
    this.refused.push(message);
    return { logKey: 'k', result: 'quarantined', documentKeys: [], seenBefore: false };
  }
  async organizationOfAddress(address: string) {
    return this.addresses[address];
  }
}

/** A logger that keeps what it is told, to check that no message content is logged. */
function recordingLog() {
  const lines: unknown[] = [];
  const record = (...args: unknown[]) => void lines.push(args);
  const log = {
    level: 'info',
    fatal: record,
    error: record,
    warn: record,
    info: record,
    debug: record,
    trace: record,
    silent: record,
    child: () => log,
  };
  // The listener only calls the level methods; the rest of pino's surface is not needed.
  return { lines, log: log as unknown as FastifyBaseLogger };
}

const intake = new RecordingIntake();
const logged = recordingLog();
let listener: SmtpListener;

beforeAll(async () => {
  listener = await startSmtpListener({
    host: '127.0.0.1',
    port: 0,
    domain: DOMAIN,
    maxMessageBytes: LIMIT,
    intake,
    log: logged.log,
    maxRecipients: 3,
    maxRefusedRecipients: 3,
    socketTimeoutMs: 1500,
    maxConnectionMs: 4000,
    closeTimeoutMs: 500,
  });
});
afterAll(() => listener.close());

const ACME = `acme-1a2b3c@${DOMAIN}`;
const BETA = `beta-4d5e6f@${DOMAIN}`;

const send = (to: string | string[], extra: object = {}) =>
  smtpSender(listener.port).sendMail({
    from: 'Dobavitelj <racuni@dobavitelj.test>',
    to,
    subject: 'Račun 2025-000123',
    text: 'V prilogi je račun.',
    ...extra,
  });

async function refusal(sending: Promise<unknown>): Promise<SmtpError> {
  const error = await sending.then(
    () => undefined,
    (e: unknown) => e as SmtpError,
  );
  if (!error) throw new Error('the message was accepted');
  return error;
}

describe('recipients', () => {
  it('takes a message for a known intake address and hands it to the intake once, with its envelope sender', async () => {
    const before = intake.imported.length;
    const info = await send(ACME.toUpperCase());
    expect(info.accepted).toHaveLength(1);
    expect(info.response).toMatch(/^250 /);
    const taken = intake.imported.slice(before);
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({
      organizationId: '101',
      source: 'smtp',
      envelopeFrom: 'racuni@dobavitelj.test',
    });
    expect(taken[0]?.raw.toString()).toContain('Subject: =?UTF-8?Q?Ra=C4=8Dun_2025-000123?=');
  });

  it('refuses an unknown address of the intake domain at RCPT time, saying there is no such address', async () => {
    const before = intake.imported.length;
    const error = await refusal(send(`nobody-000000@${DOMAIN}`));
    expect(error.responseCode).toBe(550);
    expect(error.response).toBe(`550 <nobody-000000@${DOMAIN}>: no such intake address`);
    expect(intake.imported).toHaveLength(before);
  });

  it('relays nothing: an address of any other domain is refused, however it is spelt', async () => {
    for (const to of [
      'someone@example.com',
      `acme-1a2b3c@sub.${DOMAIN}`,
      `acme-1a2b3c@${DOMAIN}.example.com`,
    ]) {
      const error = await refusal(send(to));
      expect(error.responseCode, to).toBe(550);
      expect(error.response, to).toBe(
        `550 <${to}>: relaying denied, this server takes mail for @${DOMAIN} intake addresses only`,
      );
    }
  });

  it('takes the known recipients of a message and refuses the rest, each with its text', async () => {
    const before = intake.imported.length;
    const info = await send([ACME, 'x@example.com', `nobody@${DOMAIN}`]);
    expect(info.accepted).toEqual([ACME]);
    expect(info.rejected).toEqual(['x@example.com', `nobody@${DOMAIN}`]);
    const texts = (info as unknown as SmtpError).rejectedErrors?.map((e) => e.response);
    expect(texts).toEqual([
      `550 <x@example.com>: relaying denied, this server takes mail for @${DOMAIN} intake addresses only`,
      `550 <nobody@${DOMAIN}>: no such intake address`,
    ]);
    expect(intake.imported.slice(before).map((m) => m.organizationId)).toEqual(['101']);
  });

  it('hands a message for two organisations to each once, however often each address is given', async () => {
    const before = intake.imported.length;
    await send([ACME, BETA, ACME.toUpperCase()]);
    expect(intake.imported.slice(before).map((m) => m.organizationId)).toEqual(['101', '202']);
  });

  it('takes at most three recipients of a message (452 beyond)', async () => {
    intake.addresses[`c-1@${DOMAIN}`] = '303';
    intake.addresses[`d-1@${DOMAIN}`] = '404';
    const info = await send([ACME, BETA, `c-1@${DOMAIN}`, `d-1@${DOMAIN}`]);
    expect(info.accepted).toEqual([ACME, BETA, `c-1@${DOMAIN}`]);
    expect((info as unknown as SmtpError).rejectedErrors?.[0]?.response).toBe(
      '452 Error: too many recipients',
    );
  });

  it('closes a connection that guesses addresses (421 after three refused recipients)', async () => {
    const smtp = await smtpDialogue(listener.port);
    await smtp.command('EHLO guesser.test');
    await smtp.command('MAIL FROM:<g@example.com>');
    for (const guess of ['a', 'b', 'c'])
      expect(await smtp.command(`RCPT TO:<${guess}@${DOMAIN}>`)).toMatch(/^550 /);
    expect(await smtp.command(`RCPT TO:<d@${DOMAIN}>`)).toBe(
      '421 Too many unknown recipients, closing connection\r\n',
    );
    await smtp.closed;
  });

  it('offers no AUTH and no STARTTLS, and states its size limit', async () => {
    const smtp = await smtpDialogue(listener.port);
    expect(smtp.greeting).toMatch(new RegExp(`^220 ${DOMAIN} `));
    const ehlo = await smtp.command('EHLO client.test');
    expect(ehlo).toMatch(new RegExp(`^250[- ]SIZE ${LIMIT}\\r$`, 'm'));
    expect(ehlo).not.toMatch(/AUTH|STARTTLS/);
    expect(await smtp.command('AUTH PLAIN AGFsaWNlAHNlY3JldA==')).toMatch(/^50[02] /);
    expect(await smtp.command('STARTTLS')).toMatch(/^50[02] /);
    smtp.end();
  });
  it('ends a message only at CR LF . CR LF: a bare LF . LF smuggles no second message in', async () => {
    const before = intake.imported.length;
    const smtp = await smtpDialogue(listener.port);
    await smtp.command('EHLO smuggler.test');
    await smtp.command('MAIL FROM:<a@example.com>');
    await smtp.command(`RCPT TO:<${ACME}>`);
    await smtp.command('DATA');
    smtp.write(
      'From: a@example.com\r\nSubject: one\r\n\r\ntext\n.\nMAIL FROM:<ceo@supplier.test>\r\n' +
        `RCPT TO:<${ACME}>\r\nDATA\r\nFrom: ceo@supplier.test\r\nSubject: two\r\n\r\nforged\r\n.\r\n`,
    );
    expect(await smtp.reply()).toMatch(/^250 /);
    smtp.end();
    const taken = intake.imported.slice(before);
    expect(taken).toHaveLength(1);
    expect(taken[0]?.raw.toString()).toContain('\n.\nMAIL FROM:<ceo@supplier.test>');
  });
});

describe('size limit', () => {
  it('refuses a message over the limit with 552 after its data, and has the intake log it with its sender and subject', async () => {
    const before = intake.imported.length;
    const error = await refusal(
      send(ACME, {
        messageId: '<big-1@dobavitelj.test>',
        attachments: [{ filename: 'scan.pdf', content: Buffer.alloc(LIMIT, 0x41) }],
      }),
    );
    expect(error.responseCode).toBe(552);
    expect(error.response).toMatch(
      new RegExp(`^552 Message too large \\(\\d+ bytes\\): the limit is ${LIMIT} bytes$`),
    );
    expect(intake.imported).toHaveLength(before);
    const refused = intake.refused.at(-1);
    expect(refused).toMatchObject({
      organizationId: '101',
      source: 'smtp',
      messageId: 'big-1@dobavitelj.test',
      sender: 'racuni@dobavitelj.test',
      subject: 'Račun 2025-000123',
      reason: { code: 'intake.reason.tooLarge' },
    });
    expect(refused?.size).toBeGreaterThan(LIMIT);
  });

  it('refuses a message declared too large at MAIL FROM, before any data', async () => {
    const smtp = await smtpDialogue(listener.port);
    await smtp.command('EHLO client.test');
    expect(await smtp.command(`MAIL FROM:<a@example.com> SIZE=${LIMIT + 1}`)).toMatch(/^552 /);
    smtp.end();
  });
});

describe('committing', () => {
  it('answers 250 only once the intake has committed the message', async () => {
    let open: (() => void) | undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    intake.gate = () => opened;
    let isAnswered = false;
    const sending = send(ACME).then(() => (isAnswered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAnswered).toBe(false);
    intake.gate = undefined;
    open?.();
    await sending;
    expect(isAnswered).toBe(true);
  });

  it('answers 451 when the intake fails, so that the sender tries again later', async () => {
    intake.gate = () => Promise.reject(new Error('database went away'));
    const error = await refusal(send(ACME));
    intake.gate = undefined;
    expect(error.responseCode).toBe(451);
    expect(error.response).toBe('451 Temporary failure taking the message, try again later');
    // The retry is taken.
    await expect(send(ACME)).resolves.toMatchObject({ accepted: [ACME] });
  });

  it('logs addresses and sizes, never the subject or the content', () => {
    const text = JSON.stringify(logged.lines);
    expect(text).toContain(ACME);
    expect(text).not.toMatch(/Račun|Ra=C4=8Dun|V prilogi/);
  });
});

describe('connections', () => {
  it('takes nothing from a sender that hangs up in the middle of DATA, and goes on', async () => {
    const before = intake.imported.length;
    const smtp = await smtpDialogue(listener.port);
    await smtp.command('EHLO flaky.test');
    await smtp.command('MAIL FROM:<flaky@example.com>');
    await smtp.command(`RCPT TO:<${ACME}>`);
    await smtp.command('DATA');
    smtp.write('From: flaky@example.com\r\nSubject: half\r\n\r\nhalf a mess');
    smtp.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(intake.imported).toHaveLength(before);
    await expect(send(ACME)).resolves.toMatchObject({ accepted: [ACME] });
  });

  it('closes an idle connection after its socket timeout', async () => {
    const smtp = await smtpDialogue(listener.port);
    const started = Date.now();
    expect(await smtp.reply()).toMatch(/^421 Timeout/);
    await smtp.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('closes a connection that trickles data for longer than a connection may last', async () => {
    const smtp = await smtpDialogue(listener.port);
    await smtp.command('EHLO slow.test');
    await smtp.command('MAIL FROM:<slow@example.com>');
    await smtp.command(`RCPT TO:<${ACME}>`);
    await smtp.command('DATA');
    const started = Date.now();
    const trickle = setInterval(() => smtp.write('x'), 200);
    await smtp.closed;
    clearInterval(trickle);
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

const corpus = (name: string) =>
  readFileSync(new URL(`../capture/real-corpus/${name}`, import.meta.url));

describe('through the intake service of the app', () => {
  const MB = 2 ** 20;
  let t: TestApp;
  let headers: Record<string, string>;
  let organizationId: string;
  let address: string;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      INTAKE_SMTP_PORT: String(port),
      INTAKE_DOMAIN: DOMAIN,
      INTAKE_MAX_MESSAGE_BYTES: String(2 * MB),
      // Capture stays queued: what is asserted is that it was started, not what it read.
      CAPTURE_WORKERS: '0',
    });
    const member = await soleMember(t, ['orgadmin']);
    headers = { ...member.headers, 'content-language': 'en-gb' };
    organizationId = String(member.org.id);
    const res = await t.app.inject({ url: '/api/intake/address', headers });
    expect(res.statusCode, res.body).toBe(200);
    address = res.json<IntakeAddress>().address;
    expect(address).toMatch(new RegExp(`^[a-z0-9-]+-[0-9a-f]{6}@${DOMAIN.replace(/\./g, '\\.')}$`));
  });
  afterAll(() => t.close());

  const mail = (extra: object) =>
    smtpSender(port).sendMail({
      from: 'Dobavitelj d.o.o. <racuni@dobavitelj.test>',
      to: address,
      subject: 'Račun',
      text: 'V prilogi je račun.',
      ...extra,
    });

  /** The Intake page's row of a message, by its subject. */
  async function logRow(subject: string): Promise<IntakeMessage> {
    const res = await t.app.inject({
      url: `/api/intake/message?search=${encodeURIComponent(subject)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ rows: IntakeMessage[] }>().rows.filter((r) => r.subject === subject);
    const [row, ...others] = rows;
    if (!row || others.length > 0) throw new Error(`${rows.length} log rows for ${subject}`);
    return row;
  }

  /** A document's files as stored, main first, and its capture job. */
  async function documentOf(key: string) {
    const { rows: files } = await sql<{ name: string; kind: string; file_type_code: string }>`
      select f.name, f.kind, f.file_type_code from doc_file f join doc d on d.id = f.doc_id
      where d.key = ${key} order by f.file_type_code <> 'main', f.id
    `.execute(t.database.db);
    const { rows: jobs } = await sql<{ state: string }>`
      select state from job where kind = 'capture' and subject like ${`%${key}%`}
    `.execute(t.database.db);
    const res = await t.app.inject({ url: `/api/doc/${key}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return { files, jobs, record: res.json<TableRecord>() };
  }

  it('makes one document of an e-SLOG invoice, its PDF rendering and the .eml attached, and starts its capture', async () => {
    const info = await mail({
      subject: 'Račun 2025-000123 (e-SLOG)',
      messageId: '<eslog-1@dobavitelj.test>',
      attachments: [
        {
          filename: 'racun-2025-000123.xml',
          content: fixture('eslog20_constructed_minimal_invoice.xml'),
        },
        { filename: 'racun-2025-000123.pdf', content: fixture('sample.pdf') },
      ],
    });
    expect(info.response).toMatch(/^250 /);
    const row = await logRow('Račun 2025-000123 (e-SLOG)');
    expect(row).toMatchObject({
      source: 'smtp',
      sender: 'racuni@dobavitelj.test',
      senderName: 'Dobavitelj d.o.o.',
      result: 'imported',
      reason: null,
      attachmentCount: 2,
    });
    const [made, ...others] = row.documents;
    expect(others).toEqual([]);
    const document = await documentOf(made?.key ?? '');
    expect(document.files.map((f) => [f.name, f.file_type_code])).toEqual([
      ['racun-2025-000123.xml', 'main'],
      ['racun-2025-000123.pdf', 'attachment'],
      ['Račun 2025-000123 (e-SLOG).eml', 'attachment'],
    ]);
    expect(document.jobs).toEqual([{ state: 'queued' }]);
    expect(document.record.captureState).toBe('pending');
  });

  it('makes a document of each of three PDFs, each with the .eml, and queues the capture of each', async () => {
    const names = ['janez-novak-1.pdf', 'janez-novak-2.pdf', 'janez-novak-3.pdf'];
    await mail({
      subject: 'Trije računi',
      attachments: names.map((filename) => ({ filename, content: corpus(filename) })),
    });
    const row = await logRow('Trije računi');
    expect(row.result).toBe('imported');
    expect(row.documents).toHaveLength(3);
    const documents = await Promise.all(row.documents.map((d) => documentOf(d.key)));
    expect(documents.map((d) => d.files.map((f) => f.name))).toEqual(
      names.map((name) => [name, 'Trije računi.eml']),
    );
    expect(documents.map((d) => d.jobs)).toEqual([
      [{ state: 'queued' }],
      [{ state: 'queued' }],
      [{ state: 'queued' }],
    ]);
  });

  it('quarantines a message without attachments, saying why, and makes no document', async () => {
    const before = await docCount();
    await mail({ subject: 'Samo besedilo', text: 'Račun pošljemo jutri.' });
    const row = await logRow('Samo besedilo');
    expect(row).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.noAttachment' },
      reasonText: 'The message has no PDF, image or e-invoice to make a document of.',
      documents: [],
      hasEml: true,
    });
    expect(await docCount()).toBe(before);
  });

  it('takes a message sent again (the sender retried) once: no second document', async () => {
    const message = {
      subject: 'Ponovljeni račun',
      messageId: '<retry-1@dobavitelj.test>',
      attachments: [{ filename: 'racun.pdf', content: corpus('kraxi-1.pdf') }],
    };
    await mail(message);
    const before = await docCount();
    const again = await mail(message);
    expect(again.response).toMatch(/^250 /);
    expect(await docCount()).toBe(before);
    const row = await logRow('Ponovljeni račun');
    expect(row.result).toBe('imported');
    expect(row.documents).toHaveLength(1);
  });

  it('shows a second message with an invoice already imported as a duplicate of its document', async () => {
    const before = await docCount();
    await mail({
      subject: 'Isti račun še enkrat',
      attachments: [{ filename: 'kopija.pdf', content: corpus('janez-novak-2.pdf') }],
    });
    expect(await docCount()).toBe(before);
    const row = await logRow('Isti račun še enkrat');
    expect(row).toMatchObject({
      result: 'duplicate',
      reasonText: 'Every invoice in it is already in a document.',
      documents: [],
    });
    expect(row.duplicateOf).not.toBeNull();
  });

  it('refuses a message over INTAKE_MAX_MESSAGE_BYTES with 552 and shows it on the Intake page as too large', async () => {
    const error = await refusal(
      mail({
        subject: 'Prevelik račun',
        messageId: '<too-big-1@dobavitelj.test>',
        attachments: [{ filename: 'scan.pdf', content: Buffer.alloc(2 * MB, 0x25) }],
      }),
    );
    expect(error.responseCode).toBe(552);
    const row = await logRow('Prevelik račun');
    expect(row).toMatchObject({
      result: 'quarantined',
      sender: 'racuni@dobavitelj.test',
      reason: { code: 'intake.reason.tooLarge' },
      documents: [],
      hasEml: false,
    });
    expect(row.reasonText).toMatch(/^The message is 2[.,]\d MB; at most 2[.,]0 MB are taken\./);
  });

  it('refuses at RCPT time another organisation code and the right code at another domain', async () => {
    const [local] = address.split('@');
    for (const [to, text] of [
      [`x${address}`, `550 <x${address}>: no such intake address`],
      [
        `${local}@example.com`,
        `550 <${local}@example.com>: relaying denied, this server takes mail for @${DOMAIN} intake addresses only`,
      ],
    ] as const) {
      const error = await refusal(mail({ to }));
      expect(error.response).toBe(text);
    }
    expect(
      await t.app.inject({ url: '/api/intake/summary', headers }).then((r) => r.statusCode),
    ).toBe(200);
  });

  async function docCount() {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from doc where organization_id = ${organizationId}
    `.execute(t.database.db);
    return rows[0]?.n ?? 0;
  }
});
