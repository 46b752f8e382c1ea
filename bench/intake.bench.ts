/**
 * Invoices by e-mail (issue 25): messages per minute imported with capture (target ≥ 60/min
 * on this machine with one worker), and the memory of the worker while it imports 1,000.
 *
 * One process is the worker, as `npm start` runs it: the whole app on PGlite with one capture
 * worker, and the SMTP listener. Each message carries one generated invoice PDF (a different
 * invoice each time) and is sent with nodemailer over a local SMTP connection, one after the
 * other. Two runs:
 *   1. throughput: --messages (default 100) sent; the clock stops when the last document's
 *      capture is done. Also the import alone: from the first message to the last 250.
 *   2. memory: --memory-messages (default 1000) sent with capture left queued (its worker
 *      off), the process's RSS and heap sampled every 100 ms.
 *
 *   npx tsx bench/intake.bench.ts [--messages 100] [--memory-messages 1000]
 *     [--phase throughput|memory]   (one run per process: the other's memory stays out)
 *   DATABASE_URL=postgres://… npx tsx bench/intake.bench.ts   (on PostgreSQL, as workers run:
 *     on PGlite the database's own memory is the process's too)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import { planDocuments } from '../apps/server/src/modules/demo/demo-document-plan';
import { renderInvoice } from '../apps/server/src/modules/demo/demo-invoice-pdf';
import { profileSuppliers } from '../apps/server/src/modules/demo/profile-suppliers';
import { startSmtpListener } from '../apps/server/src/modules/intake/smtp-listener';
import {
  createOrganization,
  createTestApp,
  createUser,
  type TestApp,
} from '../apps/server/test/factories';
import { BUYER } from '../apps/server/test/upload';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100' },
    'memory-messages': { type: 'string', default: '1000' },
    phase: { type: 'string', default: 'both' },
  },
});
const runs = (phase: string) => values.phase === 'both' || values.phase === phase;

/** Distinct invoice PDFs, drawn before any clock starts. */
async function invoices(count: number): Promise<Buffer[]> {
  const plan = planDocuments({
    seed: 'intake-bench',
    count: Math.ceil(count * 1.3) + 10,
    today: '2026-11-24',
    suppliers: profileSuppliers(),
    costCenters: ['100'],
  }).filter((d) => d.type === 'INV');
  const drawn: Buffer[] = [];
  for (const doc of plan.slice(0, Math.min(count, 200))) {
    drawn.push((await renderInvoice(doc, BUYER)).content);
  }
  // More messages than drawn invoices: the same drawing with a trailing comment is new content.
  return Array.from({ length: count }, (_, i) =>
    Buffer.concat([drawn[i % drawn.length] ?? Buffer.alloc(0), Buffer.from(`\n%m${i}\n`)]),
  );
}

async function world(captureWorkers: string) {
  const t = await createTestApp(
    { CAPTURE_WORKERS: captureWorkers },
    { tmpPrefix: 'listina-bench-intake-' },
  );
  const user = await createUser(t);
  const org = await createOrganization(t, { [user.id]: ['orgadmin'] });
  const { rows } = await sql<{ intake_code: string }>`
    select intake_code from organization where id = ${org.id}
  `.execute(t.database.db);
  const address = `${rows[0]?.intake_code ?? ''}@${t.config.intake.domain}`;
  const listener = await startSmtpListener({
    host: '127.0.0.1',
    port: 0,
    domain: t.config.intake.domain,
    maxMessageBytes: t.config.intake.maxMessageBytes,
    intake: t.services.intake,
    log: t.app.log,
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 1,
    maxMessages: Infinity,
  });
  return { t, orgId: String(org.id), address, listener, transport };
}

async function send(
  w: Awaited<ReturnType<typeof world>>,
  pdfs: Buffer[],
  onEach?: () => void,
): Promise<void> {
  for (const [i, pdf] of pdfs.entries()) {
    await w.transport.sendMail({
      from: `Dobavitelj ${i % 10} <racuni${i % 10}@dobavitelj${i % 10}.si>`,
      to: w.address,
      subject: `Račun ${i}`,
      text: 'V prilogi pošiljamo račun.',
      attachments: [{ filename: `racun-${i}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
    onEach?.();
  }
}

async function counts(t: TestApp, orgId: string) {
  const { rows } = await sql<{ docs: string; pending: string; done: string }>`
    select count(*) as docs,
      count(*) filter (where capture_state = 'pending') as pending,
      count(*) filter (where capture_state = 'done') as done
    from doc where organization_id = ${orgId}
  `.execute(t.database.db);
  return {
    docs: Number(rows[0]?.docs ?? 0),
    pending: Number(rows[0]?.pending ?? 0),
    done: Number(rows[0]?.done ?? 0),
  };
}

async function close(w: Awaited<ReturnType<typeof world>>) {
  w.transport.close();
  await w.listener.close();
  await w.t.close();
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

// 1. Throughput with capture.
const messages = Number(values.messages);
if (runs('throughput')) {
  const pdfs = await invoices(messages + 5);
  const w = await world('1');
  // Warm up (pdf.js, the first statements) outside the clock.
  await send(w, pdfs.slice(messages));
  while ((await counts(w.t, w.orgId)).pending > 0) await new Promise((r) => setTimeout(r, 100));
  const before = await counts(w.t, w.orgId);
  const started = performance.now();
  await send(w, pdfs.slice(0, messages));
  const imported = performance.now();
  for (;;) {
    const now = await counts(w.t, w.orgId);
    if (now.docs - before.docs >= messages && now.pending === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const captured = performance.now();
  const after = await counts(w.t, w.orgId);
  const perMinute = (n: number, ms: number) => ((n * 60_000) / ms).toFixed(0);
  console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`);
  console.log(`throughput: ${messages} messages, one invoice PDF each, one capture worker`);
  console.log(
    `  imported (SMTP accepted, documents committed): ${((imported - started) / 1000).toFixed(1)} s, ${perMinute(messages, imported - started)} messages/min`,
  );
  console.log(
    `  imported and captured: ${((captured - started) / 1000).toFixed(1)} s, ${perMinute(messages, captured - started)} messages/min`,
  );
  console.log(
    `  documents made: ${after.docs - before.docs}, captured done: ${after.done - before.done}`,
  );
  await close(w);
}

// 2. Memory while importing many (capture queued, not run).
const many = Number(values['memory-messages']);
if (runs('memory')) {
  const pdfs = await invoices(many);
  const w = await world('0');
  console.log(`database: ${w.t.database.kind}`);
  global.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const started = performance.now();
  let sent = 0;
  const marks: string[] = [];
  await send(w, pdfs, () => {
    sent++;
    if (sent % 250 === 0) {
      const m = process.memoryUsage();
      marks.push(
        `${sent}: rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)} MiB, buffers ${mib(m.arrayBuffers)} MiB`,
      );
    }
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = await counts(w.t, w.orgId);
  console.log(
    `memory: ${many} messages imported in ${(ms / 1000).toFixed(1)} s (${((many * 60_000) / ms).toFixed(0)}/min, capture queued)`,
  );
  console.log(
    `  at start: rss ${mib(start.rss)} MiB, heap ${mib(start.heapUsed)} MiB, buffers ${mib(start.arrayBuffers)} MiB`,
  );
  for (const mark of marks) console.log(`  after ${mark}`);
  console.log(
    `  peak: rss ${mib(peakRss)} MiB, heap ${mib(peakHeap)} MiB; documents made: ${after.docs}`,
  );
  await close(w);
}
