import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/factories';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('mail through SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Listina <noreply@listina.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the registration confirmation to a real SMTP listener', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        username: 'smtp.user',
        email: 'smtp.user@example.test',
        displayName: 'S',
        password: 'long-enough-pw',
      },
    });
    expect(res.statusCode).toBe(201);
    await t.mailer.flush();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('noreply@listina.test');
    expect(received[0]?.to).toEqual(['smtp.user@example.test']);
    expect(received[0]?.data).toContain('Subject: Confirm your Listina account');
    const outbox = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .execute();
    expect(outbox).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('keeps a mail in the outbox for a retry when the server is unreachable', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await down.app.inject({
        method: 'POST',
        url: '/api/account/forgot',
        payload: { username: 'nobody' },
      });
      await down.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: {
          username: 'retry.me',
          email: 'retry@example.test',
          displayName: 'R',
          password: 'long-enough-pw',
        },
      });
      await down.mailer.flush();
      const rows = await down.database.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts', 'last_error'])
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
      expect(rows[0]?.last_error).toMatch(/ECONNREFUSED/);
    } finally {
      await down.close();
    }
  });
});
