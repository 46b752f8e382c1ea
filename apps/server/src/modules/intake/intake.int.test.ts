import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeMessage, TableRecord } from '@listina/contract';
import {
  captureSettled,
  createDocumentType,
  createOrganization,
  createTestApp,
  createUser,
  createWorkflow,
  memberHeaders,
  type TestApp,
} from '../../../test/factories';
import { composeMail } from '../../../test/mail';
import { invoicePdf, plannedInvoices } from '../../../test/upload';
import PDFDocument from 'pdfkit';
import { SERVER_ROOT } from '../../lib/paths';
import { zip } from '../files/fixtures/builders';
import type { IntakeService } from './intake-types';
import { unseal } from './secret-box';

/**
 * The intake service (issue 25) over the whole app, as the poller and the SMTP listener use it:
 * what documents a message becomes, with which files; rules; duplicates by Message-ID and by
 * content; a second arrival that changes nothing; quarantine, release and delete as an admin
 * sees them on the Intake page; the sender learned for the supplier; each organisation apart.
 * Sources of the real e-invoice: capture/einvoice/corpus/SOURCES.md.
 */

const ESLOG = fs.readFileSync(
  path.join(SERVER_ROOT, 'src/modules/capture/einvoice/corpus/eslog/2025-581-racun.xml'),
);

let t: TestApp;
let intake: IntakeService;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let other: Record<string, string>;
let organizationId = '';
let otherOrganizationId = '';
const pdfs: Buffer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  intake = t.services.intake;
  const owner = await createUser(t);
  const typist = await createUser(t);
  const org = await createOrganization(t, { [owner.id]: ['orgadmin'], [typist.id]: ['dataentry'] });
  organizationId = String(org.id);
  admin = await memberHeaders(t, owner, org);
  clerk = await memberHeaders(t, typist, org);
  const stranger = await createUser(t);
  const otherOrg = await createOrganization(t, { [stranger.id]: ['orgadmin'] });
  otherOrganizationId = String(otherOrg.id);
  other = await memberHeaders(t, stranger, otherOrg);
  for (const invoice of plannedInvoices('intake-service', 30).slice(0, 6)) {
    pdfs.push((await invoicePdf(invoice)).content);
  }
  expect(pdfs).toHaveLength(6);
}, 120_000);
afterAll(() => t.close());

let copies = 0;
/**
 * Invoice n as a PDF attachment. Each call's content is new (a comment line added at the end,
 * which a PDF reader skips), so only a test that sends the same bytes twice meets a duplicate.
 */
const pdf = (n: number, filename = `racun-${n}.pdf`) => ({
  filename,
  content: Buffer.concat([pdfs[n] ?? Buffer.alloc(0), Buffer.from(`\n%copy ${copies++}\n`)]),
  contentType: 'application/pdf',
});

let sequence = 0;
const nextId = () => `intake-${Date.now()}-${sequence++}@dobavitelj.si`;

async function receive(
  mail: Parameters<typeof composeMail>[0],
  org = organizationId,
  source: 'imap' | 'smtp' = 'smtp',
) {
  const raw = await composeMail({ messageId: nextId(), ...mail });
  return { raw, outcome: await intake.importMessage({ organizationId: org, raw, source }) };
}

/** A one-page PDF encrypted by pdfkit: with a user password it opens only with it. */
function encryptedPdf(passwords: {
  userPassword?: string;
  ownerPassword: string;
}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({
      ...passwords,
      pdfVersion: '1.7',
      permissions: { printing: 'lowResolution' },
    });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.text(`Račun ${copies++}`);
    document.end();
  });
}

async function logRows(headers = admin, query = ''): Promise<IntakeMessage[]> {
  const res = await t.app.inject({ url: `/api/intake/message${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ rows: IntakeMessage[] }>().rows;
}

async function filesOf(key: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/doc/${key}/preview.info`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ files: { name: string; fileTypeCode: string; fileType: string }[] }>()
    .files.map((f) => `${f.fileTypeCode}:${f.fileType}:${f.name}`);
}

async function createRule(model: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cl/intakeRule',
    headers: admin,
    payload: {
      position: 10,
      senderPattern: '',
      subjectPattern: '',
      attachmentPattern: '',
      ...model,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: TableRecord }>().item;
}

async function removeRule(key: string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: '/api/cl/intakeRule',
    headers: admin,
    payload: { keys: [key] },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('what a message becomes', () => {
  it('an e-SLOG invoice with its PDF rendering is one document: the XML main, the PDF and the .eml attached', async () => {
    const { outcome } = await receive({
      subject: 'Račun 2025-581',
      attachments: [
        { filename: '2025-581.xml', content: ESLOG, contentType: 'application/xml' },
        pdf(0, '2025-581.pdf'),
      ],
    });
    expect(outcome).toMatchObject({ result: 'imported', seenBefore: false });
    expect(outcome.documentKeys).toHaveLength(1);
    const key = outcome.documentKeys[0] ?? '';
    expect(await filesOf(key)).toEqual([
      'main:einvoice-xml:2025-581.xml',
      'attachment:pdf:2025-581.pdf',
      'attachment:eml:Račun 2025-581.eml',
    ]);
    // Capture started at once and read the e-invoice.
    const doc = await captureSettled(t, key, admin);
    expect(doc).toMatchObject({ number: '2025-581', totalAmount: '1094.19', captureState: 'done' });
    const [row] = await logRows();
    expect(row).toMatchObject({
      result: 'imported',
      sender: 'racuni@dobavitelj.si',
      senderName: 'Dobavitelj',
      subject: 'Račun 2025-581',
      documents: [{ key, title: '2025-581' }],
      canRelease: false,
    });
  });

  it('three PDFs are three documents, each with the message kept', async () => {
    const { outcome } = await receive({ attachments: [pdf(1), pdf(2), pdf(3)] });
    expect(outcome.result).toBe('imported');
    expect(outcome.documentKeys).toHaveLength(3);
    for (const [index, key] of outcome.documentKeys.entries()) {
      expect(await filesOf(key)).toEqual([
        `main:pdf:racun-${index + 1}.pdf`,
        'attachment:eml:Račun.eml',
      ]);
    }
  });

  it('a message with nothing to make a document of waits in quarantine, and says so', async () => {
    const { outcome } = await receive({ subject: 'Pozdrav', text: 'Samo besedilo.' });
    expect(outcome).toMatchObject({
      result: 'quarantined',
      documentKeys: [],
      reason: { code: 'intake.reason.noAttachment' },
    });
    const [row] = await logRows(admin, '?result=quarantined');
    expect(row).toMatchObject({
      subject: 'Pozdrav',
      reasonText: 'The message has no PDF, image or e-invoice to make a document of.',
      hasEml: true,
      canRelease: true,
      canDelete: true,
    });
    const summary = await t.app.inject({ url: '/api/intake/summary', headers: admin });
    expect(summary.json<{ quarantined: number }>().quarantined).toBeGreaterThanOrEqual(1);
  });

  it('a program among the attachments quarantines the whole message; released, it is left out', async () => {
    const { outcome } = await receive({
      subject: 'Nujno: račun',
      attachments: [
        pdf(4),
        {
          filename: 'racun.exe',
          content: Buffer.from('MZ\x90\x00program'),
          contentType: 'application/octet-stream',
        },
      ],
    });
    expect(outcome).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.program', parameters: ['racun.exe'] },
    });
    // Only admins release.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/intake/message/${outcome.logKey}/release`,
      headers: clerk,
    });
    expect(refused.statusCode).toBe(403);
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/intake/message/${outcome.logKey}/release`,
      headers: admin,
    });
    expect(released.statusCode, released.body).toBe(200);
    const answer = released.json<{ result: string; documentKeys: string[] }>();
    expect(answer.result).toBe('released');
    expect(answer.documentKeys).toHaveLength(1);
    expect(await filesOf(answer.documentKeys[0] ?? '')).toEqual([
      'main:pdf:racun-4.pdf',
      'attachment:eml:Nujno_ račun.eml',
    ]);
    const row = (await logRows()).find((r) => r.key === outcome.logKey);
    expect(row).toMatchObject({ result: 'released', canRelease: false, hasEml: false });
    expect(row?.notes).toEqual([
      'racun.exe is a program or script: such files are never imported.',
    ]);
    // A second release finds nothing to release.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/intake/message/${outcome.logKey}/release`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a PDF that opens only with a password, or an Office file with macros, waits in quarantine; a PDF with only an owner password is imported', async () => {
    const locked = await encryptedPdf({ userPassword: 'odpri', ownerPassword: 'lastnik' });
    const passwordOnly = await receive({
      attachments: [{ filename: 'zaklenjen.pdf', content: locked, contentType: 'application/pdf' }],
    });
    expect(passwordOnly.outcome).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.encryptedPdf', parameters: ['zaklenjen.pdf'] },
    });
    const macros = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/vbaProject.bin', data: 'x' },
    ]);
    const withMacros = await receive({
      attachments: [
        pdf(2, 'racun-m.pdf'),
        { filename: 'navodila.docx', content: macros, contentType: 'application/octet-stream' },
      ],
    });
    expect(withMacros.outcome).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.macros', parameters: ['navodila.docx'] },
    });
    // Printing restricted, as many invoices are: it opens without a password.
    const restricted = await encryptedPdf({ ownerPassword: 'lastnik' });
    const ownerOnly = await receive({
      attachments: [
        { filename: 'omejen.pdf', content: restricted, contentType: 'application/pdf' },
      ],
    });
    expect(ownerOnly.outcome.result).toBe('imported');
  });

  it('a quarantined message deleted by an admin keeps its log row, without its content', async () => {
    const { outcome } = await receive({ subject: 'Brez priloge' });
    const eml = await t.app.inject({
      url: `/api/intake/message/${outcome.logKey}/eml`,
      headers: admin,
    });
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.body).toContain('Subject: Brez priloge');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/intake/message/${outcome.logKey}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(204);
    const row = (await logRows()).find((r) => r.key === outcome.logKey);
    expect(row).toMatchObject({ result: 'deleted', hasEml: false, canDelete: false });
    const gone = await t.app.inject({
      url: `/api/intake/message/${outcome.logKey}/eml`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('which file is the invoice', () => {
  const FACTURX = fs.readFileSync(
    path.join(SERVER_ROOT, 'src/modules/capture/einvoice/corpus/facturx/Facture_F20180027.pdf'),
  );

  it('a PDF/A-3 carrying an e-invoice is the document; another PDF goes with it', async () => {
    const { outcome } = await receive({
      attachments: [
        pdf(3, 'pogoji.pdf'),
        { filename: 'Facture_F20180027.pdf', content: FACTURX, contentType: 'application/pdf' },
      ],
    });
    expect(outcome.result).toBe('imported');
    expect(outcome.documentKeys).toHaveLength(1);
    expect(await filesOf(outcome.documentKeys[0] ?? '')).toEqual([
      'main:pdf:Facture_F20180027.pdf',
      'attachment:pdf:pogoji.pdf',
      'attachment:eml:Račun.eml',
    ]);
  });

  it('small inline images (a logo) are left out with a note', async () => {
    const logo = fs.readFileSync(path.join(SERVER_ROOT, 'src/modules/files/fixtures/sample.png'));
    const raw = await composeMail({
      messageId: nextId(),
      attachments: [
        pdf(4, 'racun-logo.pdf'),
        { filename: 'logo.png', content: logo, contentType: 'image/png', cid: 'logo@x' },
      ],
    });
    const outcome = await intake.importMessage({ organizationId, raw, source: 'smtp' });
    expect(outcome.documentKeys).toHaveLength(1);
    expect(await filesOf(outcome.documentKeys[0] ?? '')).toEqual([
      'main:pdf:racun-logo.pdf',
      'attachment:eml:Račun.eml',
    ]);
    const row = (await logRows()).find((r) => r.key === outcome.logKey);
    expect(row?.notes).toEqual(['1 small images in the text (logos, signatures) left out.']);
  });
});

describe('imported once', () => {
  it('the same message again makes nothing new; from another way in it is counted', async () => {
    const raw = await composeMail({ messageId: nextId(), attachments: [pdf(5)] });
    const first = await intake.importMessage({
      organizationId,
      raw,
      source: 'imap',
      mailboxUid: '7',
    });
    // A poller that restarted before it marked the message fetches it again.
    const again = await intake.importMessage({
      organizationId,
      raw,
      source: 'imap',
      mailboxUid: '7',
    });
    expect(again).toMatchObject({ seenBefore: true, logKey: first.logKey, documentKeys: [] });
    const bySmtp = await intake.importMessage({ organizationId, raw, source: 'smtp' });
    expect(bySmtp.seenBefore).toBe(true);
    const row = (await logRows()).find((r) => r.key === first.logKey);
    expect(row).toMatchObject({ timesSeen: 2, result: 'imported' });
    expect(row?.documents).toHaveLength(1);
  });

  it('two imports of one message at once make one log row and one document', async () => {
    const raw = await composeMail({ messageId: nextId(), attachments: [pdf(0, 'isti.pdf')] });
    const docs = sql<{
      n: string;
    }>`select count(*) as n from doc where organization_id = ${organizationId}`;
    const before = await docs.execute(t.database.db);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => intake.importMessage({ organizationId, raw, source: 'smtp' })),
    );
    expect(outcomes.filter((o) => !o.seenBefore)).toHaveLength(1);
    const after = await docs.execute(t.database.db);
    expect(Number(after.rows[0]?.n)).toBe(Number(before.rows[0]?.n) + 1);
    const logged = outcomes.find((o) => !o.seenBefore);
    expect(outcomes.every((o) => o.logKey === logged?.logKey)).toBe(true);
  });

  it('another message with an invoice the organisation has is a duplicate naming its document', async () => {
    const invoice = pdf(1);
    expect((await receive({ attachments: [invoice] })).outcome.result).toBe('imported');
    const { outcome } = await receive({ subject: 'Ponovno pošiljamo', attachments: [invoice] });
    expect(outcome).toMatchObject({ result: 'duplicate', documentKeys: [] });
    const row = (await logRows()).find((r) => r.key === outcome.logKey);
    expect(row?.duplicateOf?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.notes[0]).toMatch(/^racun-1\.pdf is already in document /);
  });
});

describe('rules', () => {
  it('skip, quarantine, one document per message, document type and workflow', async () => {
    const skip = await createRule({ name: 'Novice', subjectPattern: '*novice*', action: 'skip' });
    const skipped = await receive({ subject: 'Mesečne NOVICE', attachments: [pdf(2, 'n.pdf')] });
    expect(skipped.outcome).toMatchObject({
      result: 'skipped',
      reason: { code: 'intake.reason.ruleSkip', parameters: ['Novice'] },
    });
    await removeRule(String(skip.key));

    const hold = await createRule({
      name: 'Sumljivo',
      senderPattern: '*@phish.example',
      action: 'quarantine',
    });
    const held = await receive({ from: 'a@phish.example', attachments: [pdf(3, 'x.pdf')] });
    expect(held.outcome).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.ruleQuarantine' },
    });
    await removeRule(String(hold.key));

    const typeId = await createDocumentType(t, admin, 'POSTA');
    const workflowKey = await createWorkflow(t, admin, typeId, [
      { systemTileCode: 'approval', name: 'Odobritev', roles: ['orgadmin'] },
    ]);
    const workflowId = String(
      (
        await sql<{ id: string }>`select id from workflow where key = ${workflowKey}`.execute(
          t.database.db,
        )
      ).rows[0]?.id,
    );
    const whole = await createRule({
      name: 'Skupaj',
      senderPattern: 'skupaj@*',
      action: 'oneDocument',
      documentTypeId: typeId,
      workflowId,
    });
    const together = await receive({
      from: 'skupaj@dobavitelj2.si',
      attachments: [pdf(4, 'a.pdf'), pdf(4, 'b.pdf')],
    });
    expect(together.outcome.result).toBe('imported');
    expect(together.outcome.documentKeys).toHaveLength(1);
    const key = together.outcome.documentKeys[0] ?? '';
    expect(await filesOf(key)).toEqual([
      'main:pdf:a.pdf',
      'attachment:pdf:b.pdf',
      'attachment:eml:Račun.eml',
    ]);
    const { rows } = await sql<{ document_type_id: string; preferred_workflow_id: string }>`
      select document_type_id, preferred_workflow_id from doc where key = ${key}
    `.execute(t.database.db);
    expect(String(rows[0]?.document_type_id)).toBe(String(typeId));
    expect(String(rows[0]?.preferred_workflow_id)).toBe(String(workflowId));
    await removeRule(String(whole.key));
  });

  it('a rule matches an attachment name', async () => {
    const rule = await createRule({
      name: 'Ponudbe',
      attachmentPattern: 'ponudba*.pdf',
      action: 'skip',
    });
    const offer = await receive({ attachments: [pdf(1, 'Ponudba-17.pdf')] });
    expect(offer.outcome).toMatchObject({ result: 'skipped', reason: { parameters: ['Ponudbe'] } });
    const invoice = await receive({ attachments: [pdf(1, 'racun-17.pdf')] });
    expect(invoice.outcome.result).toBe('imported');
    await removeRule(String(rule.key));
  });

  it("known senders only: an unknown sender waits in quarantine; a partner's address goes through", async () => {
    const rule = await createRule({ name: 'Samo znani', action: 'knownSendersOnly' });
    const unknown = await receive({ from: 'neznan@drugje.si', attachments: [pdf(2, 'u.pdf')] });
    expect(unknown.outcome).toMatchObject({
      result: 'quarantined',
      reason: {
        code: 'intake.reason.unknownSender',
        parameters: ['neznan@drugje.si', 'Samo znani'],
      },
    });
    const partner = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: admin,
      payload: {
        code: 'ZNAN',
        name: 'Znani dobavitelj d.o.o.',
        email: 'Racuni@Znani.si',
        isActive: true,
      },
    });
    expect(partner.statusCode, partner.body).toBe(201);
    const known = await receive({ from: 'racuni@znani.si', attachments: [pdf(3, 'k.pdf')] });
    expect(known.outcome.result).toBe('imported');
    await removeRule(String(rule.key));
  });
});

describe('the sender as a learned signal', () => {
  it('a document from mail saved with its partner teaches the address; the next is matched by it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/partner',
      headers: admin,
      payload: { code: 'POSTA1', name: 'Pošiljatelj brez ID d.o.o.', isActive: true },
    });
    const partner = created.json<{ item: TableRecord }>().item;
    const first = await receive({
      from: 'fakture@posiljatelj.si',
      attachments: [pdf(5, 'p1.pdf')],
    });
    const key = first.outcome.documentKeys[0] ?? '';
    const doc = await captureSettled(t, key, admin);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/doc/${key}`,
      headers: admin,
      payload: { ...doc, customerKey: partner.key },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { rows } = await sql<{ address: string }>`
      select address from partner_sender where organization_id = ${organizationId}
    `.execute(t.database.db);
    expect(rows.map((r) => r.address)).toContain('fakture@posiljatelj.si');

    const next = await receive({
      from: 'Fakture <fakture@posiljatelj.si>',
      attachments: [pdf(5, 'p2.pdf')],
    });
    const captured = await captureSettled(t, next.outcome.documentKeys[0] ?? '', admin);
    // Matched by VAT ID or IBAN when the partner had them; this one has neither: by sender.
    expect(captured.customerKey).toBe(partner.key);

    // Another address of the same domain: the one partner that sends from it.
    const colleague = await receive({
      from: 'knjigovodstvo@posiljatelj.si',
      attachments: [pdf(5, 'p3.pdf')],
    });
    const byDomain = await captureSettled(t, colleague.outcome.documentKeys[0] ?? '', admin);
    expect(byDomain.customerKey).toBe(partner.key);
  });
});

describe('each organisation apart', () => {
  it('another organisation sees none of this log and may not release it', async () => {
    const { outcome } = await receive({ subject: 'Samo naše' });
    expect((await logRows(other)).map((r) => r.key)).not.toContain(outcome.logKey);
    const release = await t.app.inject({
      method: 'POST',
      url: `/api/intake/message/${outcome.logKey}/release`,
      headers: other,
    });
    expect(release.statusCode).toBe(404);
    const mine = await intake.importMessage({
      organizationId: otherOrganizationId,
      raw: await composeMail({ messageId: nextId(), subject: 'Njihovo' }),
      source: 'smtp',
    });
    expect((await logRows()).map((r) => r.key)).not.toContain(mine.logKey);
  });

  it('an intake address names its organisation, and no other domain does', async () => {
    const res = await t.app.inject({ url: '/api/intake/address', headers: admin });
    const { address } = res.json<{ address: string }>();
    expect(address).toMatch(/^[a-z0-9-]+-[0-9a-f]{6}@intake\.listina\.local$/);
    expect(await intake.organizationOfAddress(address)).toBe(organizationId);
    expect(await intake.organizationOfAddress(address.toUpperCase())).toBe(organizationId);
    expect(await intake.organizationOfAddress(address.replace('@', '@x.'))).toBeUndefined();
    expect(await intake.organizationOfAddress('nobody@intake.listina.local')).toBeUndefined();
  });
});

describe('mailbox passwords', () => {
  it('are stored sealed, come back sealed and stay the same when saved unchanged', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cl/intakeMailbox',
      headers: admin,
      payload: {
        name: 'Računi',
        host: 'IMAP.Podjetje.si',
        username: 'racuni',
        password: 'skrito-geslo-1',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json<{ item: TableRecord }>().item;
    expect(item.host).toBe('imap.podjetje.si');
    expect(String(item.password)).toMatch(/^sealed:v1:/);
    expect(unseal(String(item.password))).toBe('skrito-geslo-1');
    const { rows } = await sql<{ password: string }>`
      select password from intake_mailbox where key = ${item.key}
    `.execute(t.database.db);
    expect(rows[0]?.password).not.toContain('skrito');
    const audit = await sql<{ text: string }>`select row_to_json(a)::text as text from audit_log a`
      .execute(t.database.db)
      .catch(() => ({ rows: [] as { text: string }[] }));
    expect(audit.rows.some((r) => r.text.includes('skrito-geslo'))).toBe(false);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/intakeMailbox/${item.key}`,
      headers: admin,
      payload: { ...item, folder: 'Racuni' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(unseal(String(saved.json<{ item: TableRecord }>().item.password))).toBe(
      'skrito-geslo-1',
    );
    // Members who are not admins read mailboxes but may not change them.
    const clerkSave = await t.app.inject({
      method: 'PUT',
      url: `/api/cl/intakeMailbox/${item.key}`,
      headers: clerk,
      payload: { ...item, folder: 'X' },
    });
    expect(clerkSave.statusCode).toBe(403);
  });
});
