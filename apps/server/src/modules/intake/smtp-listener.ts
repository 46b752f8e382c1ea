import { createHash } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import PostalMime from 'postal-mime';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import { megabytes } from '../../lib/number-text';
import type { IntakeService } from './intake-types';
import { oneLine } from './parse-message';

/**
 * The optional SMTP listener of the worker role (issue 25, INTAKE_SMTP_PORT): mail for
 * `<intake code>@<INTAKE_DOMAIN>` goes straight into the intake.
 *
 * It is a final destination, never a relay: a recipient that is not a known intake address is
 * refused at RCPT time, and nothing it receives is ever sent on. There is no AUTH (nobody sends
 * *from* it) and no STARTTLS: it sits behind the operator's MX (or a TLS-terminating proxy),
 * which takes the mail from the internet with TLS and hands it on inside the operator's
 * network; offering STARTTLS here with smtp-server's bundled certificate would only pretend.
 *
 * A message is answered 250 only once the intake has committed its documents and log row for
 * every organisation it is addressed to: a crash before that leaves the sender's MTA to retry,
 * and the retry is a no-op for the organisations that already have it (the intake is
 * idempotent by Message-ID or content hash). An unexpected failure is 451 for the same reason.
 */
export interface SmtpListenerOptions {
  host: string;
  /** 0: any free port (tests). */
  port: number;
  /** The intake domain; recipients at any other domain are refused. */
  domain: string;
  /** Advertised as SIZE; a larger message is refused with 552 and logged. */
  maxMessageBytes: number;
  intake: IntakeService;
  log: FastifyBaseLogger;
  /** Accepted recipients per message (452 beyond). */
  maxRecipients?: number;
  /** Refused recipients per connection before it is closed (421): no address guessing. */
  maxRefusedRecipients?: number;
  maxClients?: number;
  /** Inactivity on a connection before it is closed. */
  socketTimeoutMs?: number;
  /** The longest a connection may last, however busy (a slow sender ties up memory). */
  maxConnectionMs?: number;
  /** How long close() waits for connections still open. */
  closeTimeoutMs?: number;
}

export interface SmtpListener {
  /** The port it listens on (the one given, or the one chosen for 0). */
  port: number;
  close(): Promise<void>;
}

const DEFAULTS = {
  maxRecipients: 20,
  maxRefusedRecipients: 10,
  maxClients: 20,
  socketTimeoutMs: 60_000,
  maxConnectionMs: 10 * 60_000,
  closeTimeoutMs: 10_000,
};

/** Of a message over the limit, this much is kept to log its sender and subject. */
const HEAD_BYTES = 64 * 1024;

/** An SMTP reply: smtp-server answers with the error's responseCode and message. */
function reply(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const settings = { ...DEFAULTS, ...options };
  const domain = options.domain.toLowerCase();
  const { intake, log } = options;
  // The organisation each accepted recipient belongs to: the parsed address object
  // smtp-server passes to onRcptTo is the one it keeps in session.envelope.rcptTo.
  const organizationOf = new WeakMap<SMTPServerAddress, string>();
  const refusedRecipients = new WeakMap<SMTPServerSession, number>();

  async function checkRecipient(address: SMTPServerAddress, session: SMTPServerSession) {
    const recipient = address.address.trim().toLowerCase();
    const at = recipient.lastIndexOf('@');
    const isOurs = at > 0 && recipient.slice(at + 1) === domain;
    let organizationId: string | undefined;
    try {
      organizationId = isOurs ? await intake.organizationOfAddress(recipient) : undefined;
    } catch (error) {
      log.error(
        { err: error, smtpSession: session.id, to: recipient },
        'intake address lookup failed',
      );
      throw reply(451, `<${recipient}>: temporary failure looking the address up, try again later`);
    }
    if (organizationId !== undefined) {
      organizationOf.set(address, organizationId);
      return;
    }
    const refused = (refusedRecipients.get(session) ?? 0) + 1;
    refusedRecipients.set(session, refused);
    log.info({ smtpSession: session.id, to: recipient, isOurs }, 'smtp recipient refused');
    if (refused > settings.maxRefusedRecipients)
      throw reply(421, 'Too many unknown recipients, closing connection');
    throw reply(
      550,
      isOurs
        ? `<${recipient}>: no such intake address`
        : `<${recipient}>: relaying denied, this server takes mail for @${domain} intake addresses only`,
    );
  }

  async function deliver(stream: SMTPServerDataStream, session: SMTPServerSession) {
    const { chunks, size, isOverLimit } = await readMessage(stream, options.maxMessageBytes);
    const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const organizationIds = [
      ...new Set(session.envelope.rcptTo.flatMap((address) => organizationOf.get(address) ?? [])),
    ];
    const to = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
    const logged = { smtpSession: session.id, from: envelopeFrom, to, bytes: size };
    if (isOverLimit || stream.sizeExceeded) {
      await logTooLarge(Buffer.concat(chunks), size, envelopeFrom, organizationIds, logged);
      throw reply(
        552,
        `Message too large (${size} bytes): the limit is ${options.maxMessageBytes} bytes`,
      );
    }
    const raw = Buffer.concat(chunks);
    try {
      for (const organizationId of organizationIds) {
        const outcome = await intake.importMessage({
          organizationId,
          raw,
          source: 'smtp',
          envelopeFrom,
        });
        log.info(
          { ...logged, result: outcome.result, seenBefore: outcome.seenBefore },
          'smtp message taken',
        );
      }
    } catch (error) {
      log.error({ ...logged, err: error }, 'smtp message not taken');
      throw reply(451, 'Temporary failure taking the message, try again later');
    }
  }

  /** Logs a message refused for its size with every organisation it was for; best effort. */
  async function logTooLarge(
    head: Buffer,
    size: number,
    envelopeFrom: string,
    organizationIds: string[],
    logged: object,
  ) {
    log.info({ ...logged, limit: options.maxMessageBytes }, 'smtp message too large');
    const headers = await readHeaders(head);
    for (const organizationId of organizationIds) {
      try {
        await intake.logRefused({
          organizationId,
          source: 'smtp',
          // A retry of the same message is the same log row.
          messageId:
            headers.messageId || `sha256:${createHash('sha256').update(head).digest('hex')}`,
          sender: headers.from || envelopeFrom,
          subject: headers.subject,
          size,
          reason: {
            code: 'intake.reason.tooLarge',
            parameters: [megabytes(size / 2 ** 20), megabytes(options.maxMessageBytes / 2 ** 20)],
          },
        });
      } catch (error) {
        log.error({ ...logged, err: error }, 'smtp message too large: not logged');
      }
    }
  }

  const server = new SMTPServer({
    name: domain,
    size: options.maxMessageBytes,
    disabledCommands: ['AUTH', 'STARTTLS'],
    maxRecipients: settings.maxRecipients,
    maxClients: settings.maxClients,
    socketTimeout: settings.socketTimeoutMs,
    closeTimeout: settings.closeTimeoutMs,
    // No DNS look-ups for a log line: a slow resolver would stall every greeting.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, session, callback) {
      checkRecipient(address, session).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      deliver(stream, session).then(() => callback(null, 'OK: message taken'), callback);
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'smtp listener'));
  // smtp-server has an inactivity timeout only: a sender trickling bytes would hold a
  // connection and its buffered message forever.
  server.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), settings.maxConnectionMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  log.info({ host: options.host, port, domain }, 'smtp intake listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The message's bytes, up to the limit; past it only the first HEAD_BYTES are kept (for the
 * log) and the rest is read and dropped, so that the sender hears the 552 after its DATA.
 */
function readMessage(stream: SMTPServerDataStream, limit: number) {
  return new Promise<{ chunks: Buffer[]; size: number; isOverLimit: boolean }>(
    (resolve, reject) => {
      let chunks: Buffer[] = [];
      let size = 0;
      let isOverLimit = false;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (isOverLimit) return;
        if (size <= limit) {
          chunks.push(chunk);
          return;
        }
        isOverLimit = true;
        chunks = [Buffer.concat([...chunks, chunk]).subarray(0, HEAD_BYTES)];
      });
      stream.once('end', () => resolve({ chunks, size, isOverLimit }));
      stream.once('error', reject);
    },
  );
}

/** Sender, subject and Message-ID from the header of a message too large to be read whole. */
async function readHeaders(head: Buffer) {
  const end = head.indexOf('\r\n\r\n');
  const headerBytes = end >= 0 ? head.subarray(0, end + 4) : head;
  try {
    const email = await PostalMime.parse(headerBytes, { maxNestingDepth: 1 });
    // As parseMail reads them, so that the log row is the one a smaller retry would make.
    return {
      messageId: oneLine((email.messageId ?? '').replace(/^<|>$/g, ''), 998),
      from: oneLine(email.from?.address, 320).toLowerCase(),
      subject: oneLine(email.subject, 500),
    };
  } catch {
    return { messageId: '', from: '', subject: '' };
  }
}
