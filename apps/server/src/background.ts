import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/create-db';
import { CHANNELS, type Bus } from './db/listen';
import { scheduleBlobSweep } from './modules/documents/blob-sweep';
import { CAPTURE_JOB, type CaptureService } from './modules/capture/capture.service';
import { startMailboxPoller } from './modules/intake/mailbox-poller';
import type { IntakeService } from './modules/intake/intake-types';
import { startSmtpListener } from './modules/intake/smtp-listener';
import { startWorker, type Worker } from './modules/jobs/worker';
import type { NotifyDelivery } from './modules/notify/notify.service';
import type { Retention } from './modules/retention/schedule';
import type { BlobStore } from './plugins/storage/blob-store';

export interface Background {
  /** Tells this process' capture workers that a job is waiting (when it runs any). */
  wakeCapture(): void;
}

/**
 * What a process does besides answering requests, by its role (ADR 0012): capture jobs
 * (CAPTURE_WORKERS), invoices by e-mail (the SMTP listener, the mailbox poller), notification
 * mails, reminders and digests, retention and the blob sweep. Each is stopped when the app
 * closes. buildApp (app.ts) makes the services; this starts their loops.
 */
export async function startBackground(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    blobs: BlobStore;
    bus: Bus | undefined;
    notify: NotifyDelivery;
    retention: Retention | undefined;
    intake: IntakeService;
    capture: CaptureService;
  },
): Promise<Background> {
  const { config, db, blobs, bus, notify, retention, intake, capture } = deps;
  const role = config.processRole;

  // Notifications by mail, reminders and digests (issue 26) are sent by the workers.
  if (role !== 'api' && config.notify.deliveryMs > 0 && config.notify.dailyCheckMs > 0) {
    const stopNotify = notify.schedule(config.notify.deliveryMs, config.notify.dailyCheckMs);
    app.addHook('onClose', () => stopNotify());
  }
  // Retention (ADR 0013) runs in the workers, never in an API process.
  if (retention) {
    const stopRetention = retention.schedule();
    app.addHook('onClose', () => stopRetention());
  }
  if (role !== 'api') {
    const stopSweep = scheduleBlobSweep(db, blobs, app.log);
    app.addHook('onClose', () => stopSweep());
  }

  // Invoices by e-mail (issue 25): the SMTP listener when a port is set.
  if (config.intake.smtpPort > 0) {
    const listener = await startSmtpListener({
      host: config.intake.smtpHost,
      port: config.intake.smtpPort,
      domain: config.intake.domain,
      maxMessageBytes: config.intake.maxMessageBytes,
      intake,
      log: app.log,
    });
    app.addHook('onClose', () => listener.close());
  }
  // The organisations' IMAP mailboxes, polled by the workers (each held by one at a time).
  if (config.intake.mailboxes) {
    const poller = startMailboxPoller({
      db,
      intake,
      log: app.log,
      pollMs: config.intake.pollMs,
      maxMessageBytes: config.intake.maxMessageBytes,
    });
    app.addHook('onClose', () => poller.stop());
    // A mailbox saved through this process is looked at now, not at the next poll.
    app.addHook('onResponse', (request, reply, done) => {
      if (
        request.method !== 'GET' &&
        reply.statusCode < 300 &&
        request.url.startsWith('/api/cl/intakeMailbox')
      )
        poller.wake();
      done();
    });
  }

  // Capture jobs (issue 7) run in this process unless CAPTURE_WORKERS is 0 (another runs them).
  let worker: Worker | undefined;
  if (config.captureWorkers > 0) {
    worker = startWorker({
      db,
      handlers: { [CAPTURE_JOB]: (job, context) => capture.run(job, context) },
      concurrency: config.captureWorkers,
      leaseSeconds: config.captureLeaseSeconds,
      log: app.log,
    });
    const running = worker;
    bus?.on(CHANNELS.jobs, () => running.wake());
    // The jobs in hand finish first; then the OCR engine they may use is ended.
    app.addHook('onClose', async () => {
      await running.stop();
      await capture.close();
    });
  }
  return { wakeCapture: () => worker?.wake() };
}
