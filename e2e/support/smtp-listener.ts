import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The suite's mail server (issue 26): a real SMTP listener on 127.0.0.1 that the product under
 * test sends every mail to (SMTP_URL). Each message it receives is written for each recipient
 * as `<ms>-<n>-<to-address>.eml` in MAIL_DIR, the names the product itself writes when it has
 * no SMTP server, so the specs read mails the same way whichever path they came by.
 *
 * Playwright starts it as one of the config's web servers (`npx tsx e2e/support/smtp-listener.ts`)
 * and stops it with SIGTERM at the end of the run.
 */
const port = Number(process.env.SMTP_PORT);
const mailDir = process.env.MAIL_DIR;
if (!port || !mailDir) throw new Error('SMTP_PORT and MAIL_DIR must be set');
fs.mkdirSync(mailDir, { recursive: true });

let received = 0;

/** Whole or not at all: a spec polling the folder never reads a file still being written. */
function keep(to: string, raw: Buffer) {
  received += 1;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const file = path.join(mailDir ?? '', `${Date.now()}-smtp${received}-${safeTo}.eml`);
  fs.writeFileSync(`${file}.part`, raw);
  fs.renameSync(`${file}.part`, file);
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // 25 MB, as a mail server in front of ordinary mailboxes would take.
  size: 25 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      try {
        for (const recipient of session.envelope.rcptTo) keep(recipient.address, raw);
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    });
  },
});

server.on('error', (error) => console.error('smtp listener:', error));
server.listen(port, '127.0.0.1', () => {
  console.log(`smtp listener on 127.0.0.1:${port}, mail into ${mailDir}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
