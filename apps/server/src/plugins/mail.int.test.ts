import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/factories';
import { startSmtpSink } from '../../test/smtp-sink';

describe('mail through SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Listina <noreply@listina.test>' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
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
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.from).toBe('noreply@listina.test');
    expect(sink.received[0]?.to).toEqual(['smtp.user@example.test']);
    expect(sink.received[0]?.raw.toString('utf8')).toContain(
      'Subject: Confirm your Listina account',
    );
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
