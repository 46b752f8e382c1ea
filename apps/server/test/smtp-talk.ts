import net, { type AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';

/**
 * Clients for the SMTP intake tests (issue 25): nodemailer as a real sender, and a raw
 * line-by-line dialogue for what nodemailer will not do (idle, trickle, read the EHLO).
 */

/** A nodemailer transport to a listener on 127.0.0.1, plain text as from an MX inside. */
export const smtpSender = (port: number) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    name: 'mx.sender.test',
    connectionTimeout: 10_000,
    socketTimeout: 30_000,
  });

/** The SMTP error nodemailer rejects with: its reply code and text. */
export interface SmtpError {
  responseCode?: number;
  response?: string;
  rejected?: string[];
  rejectedErrors?: SmtpError[];
}

export interface SmtpDialogue {
  /** The server's next complete reply (all lines of a multi-line one). */
  reply(): Promise<string>;
  /** Sends one command line and answers the server's reply to it. */
  command(line: string): Promise<string>;
  write(data: string | Buffer): void;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
  end(): void;
}

/** A raw connection to the listener; the greeting is read already. */
export async function smtpDialogue(port: number): Promise<SmtpDialogue & { greeting: string }> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const replies: string[] = [];
  const waiting: ((reply: string) => void)[] = [];
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.on('data', (data: Buffer) => {
    buffer += data.toString('latin1');
    // A reply ends with a line "NNN text" (a space after the code, not a dash).
    for (let match = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\r?\n/.exec(buffer); match;) {
      buffer = buffer.slice(match[0].length);
      const next = waiting.shift();
      if (next) next(match[0]);
      else replies.push(match[0]);
      match = /^(?:\d{3}-[^\n]*\n)*\d{3}(?: [^\n]*)?\r?\n/.exec(buffer);
    }
  });
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      const ready = replies.shift();
      if (ready !== undefined) return resolve(ready);
      waiting.push(resolve);
      void closed.then(() => reject(new Error(`connection closed; unread: ${buffer}`)));
    });
  const dialogue: SmtpDialogue = {
    reply,
    command(line) {
      socket.write(`${line}\r\n`);
      return reply();
    },
    write: (data) => socket.write(data),
    closed,
    end: () => socket.destroy(),
  };
  return { ...dialogue, greeting: await reply() };
}

/** A port free on 127.0.0.1 now (the app's listener is configured by port, not 0). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Sends a message exactly as given (dot-stuffed `data`, see hostile-mail.ts smtpData) and
 * answers the server's reply to it: what a sender's MTA would be told.
 */
export async function sendRaw(port: number, from: string, to: string, data: Buffer) {
  const smtp = await smtpDialogue(port);
  try {
    await smtp.command('EHLO mx.sender.test');
    await smtp.command(`MAIL FROM:<${from}>`);
    const rcpt = await smtp.command(`RCPT TO:<${to}>`);
    if (!rcpt.startsWith('250')) return rcpt;
    const go = await smtp.command('DATA');
    if (!go.startsWith('354')) return go;
    smtp.write(data);
    const answer = await smtp.reply();
    await smtp.command('QUIT');
    return answer;
  } finally {
    smtp.end();
  }
}
