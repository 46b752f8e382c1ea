import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TableRecord } from '@listina/contract';
import {
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import { uploadedDocument } from '../../../test/upload';

/**
 * Issue 26: a task's mail as a mail client gets it from a real SMTP listener: plain text and
 * HTML alternatives in UTF-8, the List-Unsubscribe header, a link to the document that the
 * app answers, and the invoice's file attached where the organisation allows it.
 */
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
const PUBLIC_URL = 'https://listina.example.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Listina <noreply@listina.test>',
    PUBLIC_URL,
    NOTIFY_MAIL_DELAY_SECONDS: '0',
    CAPTURE_WORKERS: '0',
  });
}, 120_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

it('reaches the approver as a multipart mail in their language, linking to the document', async () => {
  const sam = await createUser(t);
  const ana = await createUser(t);
  await t.database.db
    .updateTable('app_user')
    .set({ lang: 'sl' })
    .where('id', '=', ana.id)
    .execute();
  const org = await createOrganization(
    t,
    { [sam.id]: ['dataentry'], [ana.id]: ['approver', 'orgadmin'] },
    'Čebelica & <Co>',
  );
  await t.database.db
    .updateTable('organization')
    .set({ mail_attaches_file: true } as never)
    .where('id', '=', org.id)
    .execute();
  const hs = await memberHeaders(t, sam, org);
  const ha = await memberHeaders(t, ana, org);
  const type = await createDocumentType(t, ha);
  await createWorkflow(t, ha, type, [{ systemTileCode: 'approval', roles: ['approver'] }]);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const item = await uploadedDocument(
    t,
    hs,
    { filename: 'račun-42.pdf', content: pdf, type: 'application/pdf' },
    { documentTypeId: type, number: '2026-42', totalAmount: '99.90', dueDate: '2026-12-31' },
  );
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/doc/activate',
    headers: hs,
    payload: { keys: [item.key] },
  });
  expect(activated.statusCode, activated.body).toBe(200);

  await t.services.notify.deliver();
  await t.mailer.flush();
  const mine = sink.received.filter((m) => m.to.includes(ana.email));
  expect(mine).toHaveLength(1);
  const mail = await PostalMime.parse(mine[0]?.raw ?? Buffer.alloc(0));
  expect(mail.subject).toBe('[Čebelica & <Co> d.o.o.] Dokument čaka na vas: 2026-42');
  expect(mail.from?.address).toBe('noreply@listina.test');
  const header = (name: string) => mail.headers.find((x) => x.key === name)?.value;
  expect(header('list-unsubscribe')).toBe(`<${PUBLIC_URL}/account/profile#notifications>`);
  expect(header('auto-submitted')).toBe('auto-generated');
  const link = `${PUBLIC_URL}/o/${org.key}/work/edit/${item.key}`;
  expect(mail.text).toContain('Organizacija: Čebelica & <Co> d.o.o.');
  expect(mail.text).toContain('Za plačilo: 99,90 EUR');
  expect(mail.text).toContain('Rok plačila: 31.12.2026');
  expect(mail.text).toContain(link);
  // The HTML is the same message, its values escaped.
  expect(mail.html).toContain('Čebelica &amp; &lt;Co&gt; d.o.o.');
  expect(mail.html).not.toContain('<Co>');
  expect(mail.html).toContain(`href="${link}"`);
  expect(mail.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
    ['račun-42.pdf', 'application/pdf'],
  ]);
  expect(Buffer.from(mail.attachments[0]?.content as ArrayBuffer).equals(pdf)).toBe(true);

  // The link's document is what the approver opens once signed in.
  const path = new URL(link).pathname.split('/');
  const opened = await t.app.inject({ url: `/api/doc/${path.at(-1) ?? ''}`, headers: ha });
  expect(opened.statusCode).toBe(200);
  expect(opened.json<TableRecord>().number).toBe('2026-42');
});
