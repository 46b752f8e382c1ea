import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpDialogue, smtpSender, type SmtpError } from '../../../test/smtp-talk';
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
