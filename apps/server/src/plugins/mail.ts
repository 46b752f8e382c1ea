import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import type { MailAttachment } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML, sent beside the text (multipart/alternative). */
  html?: string;
  /** Further headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** Files from the blob store, read when the mail is delivered. */
  attachments?: MailAttachment[];
}

export type { MailAttachment };

export interface Mailer {
  /** Adds a mail to the outbox inside the caller's transaction: it leaves only if that commits. */
  enqueue(db: Db, mail: OutgoingMail): Promise<void>;
  /** Delivers what is due now; called after commits and on a timer. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 5;
const POLL_MS = 5000;

/**
 * The outbox: SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file
 * under DATA_DIR/mail and logged, so registration works with no mail server.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
  /** Opens an attachment's content; without it mails go without their attachments. */
  openBlob?: (id: string) => Promise<Readable>;
}): Mailer {
  const { db, log } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** The attachments whose content is still there (a file deleted since is left out). */
  async function attachmentsOf(mail: OutgoingMail) {
    const found: { filename: string; contentType: string; content: Readable }[] = [];
    for (const a of mail.attachments ?? []) {
      if (!options.openBlob) break;
      try {
        found.push({
          filename: a.filename,
          contentType: a.contentType,
          content: await options.openBlob(a.blobId),
        });
      } catch (error) {
        log.warn({ err: error, to: mail.to, file: a.filename }, 'mail attachment left out');
      }
    }
    return found;
  }

  async function deliver(mail: OutgoingMail, id: string): Promise<void> {
    const info = (await transport.sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.headers ? { headers: mail.headers } : {}),
      attachments: await attachmentsOf(mail),
    })) as {
      message?: Buffer;
    };
    if (options.smtpUrl) return;
    fs.mkdirSync(options.mailDir, { recursive: true });
    const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const file = path.join(options.mailDir, `${Date.now()}-${id}-${safeTo}.eml`);
    // Whole or not at all: a reader (a mail client, the end-to-end suite) never sees a file
    // that is still being written.
    fs.writeFileSync(`${file}.part`, info.message ?? '');
    fs.renameSync(`${file}.part`, file);
    log.info({ to: mail.to, file }, `mail "${mail.subject}" written to ${file}`);
  }

  /**
   * Claims one due mail by leasing it for a minute (so other processes skip it and a crash
   * only delays it), delivers it outside any transaction, then records the outcome.
   */
  async function claim() {
    return db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now() + interval '60 seconds'` })
      .where(
        'id',
        '=',
        db
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function flushOnce(): Promise<number> {
    let sent = 0;
    for (let row = await claim(); row; row = await claim()) {
      try {
        await deliver(
          {
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body ?? undefined,
            headers: row.headers,
            attachments: row.attachments,
          },
          row.id,
        );
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
        sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        log.warn({ err: error, to: row.to_address, attempts }, 'mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: String(error).slice(0, 1000),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_at: new Date(Date.now() + 2 ** attempts * 1000),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return sent;
  }

  return {
    async enqueue(executor, mail) {
      await executor
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
          headers: JSON.stringify(mail.headers ?? {}),
          attachments: JSON.stringify(mail.attachments ?? []),
        })
        .execute();
    },
    flush() {
      // One flush at a time per process; a caller during a run waits for it, then runs again.
      const next = (running ?? Promise.resolve(0)).catch(() => 0).then(flushOnce);
      running = next;
      return next;
    },
    start() {
      timer = setInterval(() => {
        this.flush().catch((error: unknown) => log.error({ err: error }, 'outbox flush failed'));
      }, POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
