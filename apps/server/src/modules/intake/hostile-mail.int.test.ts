import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeAddress, IntakeMessage } from '@listina/contract';
import { createTestApp, soleMember, type TestApp } from '../../../test/factories';
import {
  attachmentPart,
  base64Lines,
  encodedWord,
  headersOf,
  manyAttachments,
  multipartMessage,
  nestedForwards,
  nestedMultiparts,
  rawMessage,
  smtpData,
  textPart,
  zipBomb,
} from '../../../test/hostile-mail';
import { freePort, sendRaw } from '../../../test/smtp-talk';
import { fixture } from '../capture/einvoice/test-invoices';

/**
 * Hostile mail (issue 25) sent to an organisation's intake address through the app's SMTP
 * listener and the real intake service: header injection, 10,000 attachments, a zip bomb,
 * 10,000 levels of nesting, malformed MIME. Each is answered (the sender's MTA is told 250, or
 * a clear refusal), leaves exactly one log row with a result and, when refused, a reason the
 * Intake page shows; the process neither crashes nor balloons, and no document is written
 * without its log row.
 */

const DOMAIN = 'intake.listina.test';
const GIB = 2 ** 30;
let t: TestApp;
let headers: Record<string, string>;
let organizationId: string;
let address: string;
let port: number;

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    INTAKE_SMTP_PORT: String(port),
    INTAKE_DOMAIN: DOMAIN,
    // Capture stays queued: what is under test is the intake, not what capture reads.
    CAPTURE_WORKERS: '0',
  });
  const member = await soleMember(t, ['orgadmin']);
  headers = { ...member.headers, 'content-language': 'en-gb' };
  organizationId = String(member.org.id);
  const res = await t.app.inject({ url: '/api/intake/address', headers });
  address = res.json<IntakeAddress>().address;
});
afterAll(() => t.close());

let pdfCount = 0;
/** A small PDF no other message has (the same file twice would be a duplicate). */
const uniquePdf = () => Buffer.concat([fixture('sample.pdf'), Buffer.from(`\n%${pdfCount++}\n`)]);

async function logCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from intake_message where organization_id = ${organizationId}
  `.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

/** The newest row of the Intake page, as the user sees it. */
async function newestRow(): Promise<IntakeMessage> {
  const res = await t.app.inject({ url: '/api/intake/message?limit=1', headers });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json<{ rows: IntakeMessage[] }>().rows;
  if (!row) throw new Error('no log row');
  return row;
}

/**
 * Sends a message and answers the SMTP reply and the one new log row: a message the intake
 * took (250) always has exactly one, whatever became of it.
 */
async function deliver(raw: Buffer) {
  const before = await logCount();
  const reply = await sendRaw(port, 'racuni@dobavitelj.test', address, smtpData(raw));
  expect(reply, 'the SMTP reply').toMatch(/^250 /);
  expect(await logCount(), 'one new log row').toBe(before + 1);
  const row = await newestRow();
  if (row.result === 'quarantined' || row.result === 'skipped') {
    expect(row.reason, 'a reason for the Intake page').not.toBeNull();
    expect(row.reasonText, 'the reason in words').toMatch(/\w{3}/);
    expect(row.reasonText).not.toMatch(/intake\.|\{\d\}/);
  }
  return row;
}

async function filesOf(docKey: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select f.name from doc_file f join doc d on d.id = f.doc_id and d.organization_id = f.organization_id
    where d.key = ${docKey} order by f.file_type_code <> 'main', f.id
  `.execute(t.database.db);
  return rows.map((r) => r.name);
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;

describe('header injection', () => {
  it('keeps an encoded CR LF in the subject from making a header: one line on the Intake page and in the .eml name', async () => {
    const subject = encodedWord('Račun 7\r\nBcc: victim@example.com');
    const row = await deliver(
      multipartMessage(subject, [attachmentPart('racun-7.pdf', 'application/pdf', uniquePdf())]),
    );
    expect(row.subject).toBe('Račun 7 Bcc: victim@example.com');
    expect(row.result).toBe('imported');
    const [document] = row.documents;
    const names = await filesOf(document?.key ?? '');
    expect(names).toEqual(['racun-7.pdf', 'Račun 7 Bcc_ victim@example.com.eml']);
    expect(names.join('')).not.toMatch(CONTROL);
  });

  it('keeps a CR LF in the sender name out of the sender shown, and the address is the From address', async () => {
    const row = await deliver(
      rawMessage(
        [
          `From: ${encodedWord('Evil\r\nReply-To: x@evil.test')} <racuni@dobavitelj.test>`,
          'Subject: Ime s prelomom',
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="b-outer"',
        ],
        `--b-outer\r\n${attachmentPart('r.pdf', 'application/pdf', uniquePdf()).headers.join('\r\n')}\r\n\r\n${base64Lines(uniquePdf())}\r\n--b-outer--\r\n`,
      ),
    );
    expect(row.sender).toBe('racuni@dobavitelj.test');
    expect(row.senderName).toBe('Evil Reply-To: x@evil.test');
  });

  it('takes a bare CR, NUL and other control characters out of a raw subject', async () => {
    const row = await deliver(
      multipartMessage('Račun 8\rBcc: victim@example.com\u0000\u0007\u001b[31m', [
        attachmentPart('racun-8.pdf', 'application/pdf', uniquePdf()),
      ]),
    );
    expect(row.subject).not.toMatch(CONTROL);
    expect(row.subject).toMatch(/^Račun 8 ?Bcc: victim@example\.com/);
  });

  it('cuts a subject of 100,000 characters to what the log keeps', async () => {
    const row = await deliver(
      multipartMessage(encodedWord('Dolg '.repeat(20_000)), [
        attachmentPart('dolg.pdf', 'application/pdf', uniquePdf()),
      ]),
    );
    expect(row.subject.length).toBeLessThanOrEqual(500);
    expect(row.subject).toMatch(/^Dolg Dolg/);
  });

  it('stores an attachment named with a path as a plain file name', async () => {
    const name = encodedWord('../../etc/..\\windows\\racun.pdf');
    const row = await deliver(
      multipartMessage('Pot v imenu', [attachmentPart(name, 'application/pdf', uniquePdf())]),
    );
    expect(row.result).toBe('imported');
    const [main] = await filesOf(row.documents[0]?.key ?? '');
    expect(main).toMatch(/racun\.pdf$/);
    expect(main).not.toMatch(/[/\\]|\.\./);
  });

  it('quarantines a program disguised with a right-to-left override (racun‮fdp.exe)', async () => {
    const row = await deliver(
      multipartMessage('Obrnjeno ime', [
        attachmentPart(encodedWord('racun\u202Efdp.exe'), 'application/pdf', uniquePdf()),
      ]),
    );
    expect(row).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.program' },
      documents: [],
    });
  });
});

describe('sizes and counts', () => {
  it('quarantines a message with 1,000 attachments, saying how many it has and how many are taken', async () => {
    const row = await deliver(manyAttachments('Tisoč prilog', 1000));
    expect(row).toMatchObject({
      sender: 'racuni@dobavitelj.test',
      result: 'quarantined',
      reason: { code: 'intake.reason.tooManyAttachments' },
      reasonText: 'The message has 1000 attachments; at most 100 are taken.',
      documents: [],
    });
  });

  it('quarantines a message with 10,000 attachments, and makes no document of it', async () => {
    const row = await deliver(manyAttachments('Deset tisoč prilog', 10_000));
    expect(row).toMatchObject({ result: 'quarantined', documents: [] });
    // Their headers together are over the parser's limit before their count is: the reason
    // given is that limit (intake.reason.malformed), not the count.
    expect(['intake.reason.tooManyAttachments', 'intake.reason.malformed']).toContain(
      row.reason?.code,
    );
  }, 120_000);

  it('reads no zip bomb: a ZIP of 1 GiB of zeros is logged without being inflated', async () => {
    const baseline = process.memoryUsage().rss;
    const row = await deliver(
      multipartMessage('Bomba', [
        textPart('Priloga.'),
        attachmentPart('racun.zip', 'application/zip', zipBomb('racun.pdf', GIB)),
      ]),
    );
    expect(['quarantined', 'imported']).toContain(row.result);
    // maxRSS is in KiB: the process grew by far less than the bomb would inflate to.
    expect(process.resourceUsage().maxRSS * 1024 - baseline).toBeLessThan(GIB / 2);
  }, 120_000);

  it('keeps a document whose attachment is a Word file that inflates to 1 GiB, reading a bounded part of it', async () => {
    const baseline = process.memoryUsage().rss;
    const row = await deliver(
      multipartMessage('Bomba v Wordu', [
        attachmentPart('racun-9.pdf', 'application/pdf', uniquePdf()),
        attachmentPart(
          'priloga.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          zipBomb('word/document.xml', GIB),
        ),
      ]),
    );
    expect(row.result).toBe('imported');
    expect(await filesOf(row.documents[0]?.key ?? '')).toEqual([
      'racun-9.pdf',
      'priloga.docx',
      'Bomba v Wordu.eml',
    ]);
    expect(process.resourceUsage().maxRSS * 1024 - baseline).toBeLessThan(GIB / 2);
  }, 120_000);
});

describe('nesting', () => {
  it('logs a message of 10,000 nested multiparts with a reason, and makes no document of it', async () => {
    const row = await deliver(nestedMultiparts('Globoko', 10_000, uniquePdf()));
    expect(row.result).toBe('quarantined');
    expect(row.documents).toEqual([]);
  }, 120_000);

  it('refuses a message forwarded 10,000 times over before parsing it, naming it by its headers', async () => {
    const row = await deliver(nestedForwards('Posredovano', 10_000, uniquePdf()));
    expect(row).toMatchObject({
      result: 'quarantined',
      subject: 'Posredovano',
      reason: { code: 'intake.reason.tooManyForwards', parameters: ['10000', '20'] },
    });
  }, 120_000);

  it('unpacks a message forwarded five times over only three levels deep, noting what it left', async () => {
    const row = await deliver(nestedForwards('Petkrat', 5, uniquePdf()));
    expect(row).toMatchObject({
      result: 'quarantined',
      reason: { code: 'intake.reason.noAttachment' },
    });
    expect(row.notes.join(' ')).toMatch(/forwarded too many times/);
  });

  it('imports the PDF of a message forwarded twice', async () => {
    const row = await deliver(nestedForwards('Dvakrat posredovano', 2, uniquePdf()));
    expect(row.result).toBe('imported');
    expect(await filesOf(row.documents[0]?.key ?? '')).toEqual([
      'inner.pdf',
      'Dvakrat posredovano.eml',
    ]);
  });
});

describe('malformed MIME', () => {
  const pdfPart = (name: string) => attachmentPart(name, 'application/pdf', uniquePdf());
  const cases: [string, () => Buffer][] = [
    [
      'a multipart without a boundary',
      () =>
        rawMessage(
          [...headersOf('Brez meje'), 'Content-Type: multipart/mixed'],
          `--x\r\n${pdfPart('a.pdf').headers.join('\r\n')}\r\n\r\n${pdfPart('a.pdf').body}\r\n--x--\r\n`,
        ),
    ],
    [
      'a boundary that never closes, cut in the middle of base64',
      () => {
        const whole = multipartMessage('Odrezano', [pdfPart('cut.pdf')]);
        return whole.subarray(0, whole.length - 200);
      },
    ],
    [
      'broken base64',
      () =>
        multipartMessage('Pokvarjen base64', [
          { ...pdfPart('broken.pdf'), body: '@@@!!!***not base64 at all===%%%' },
        ]),
    ],
    [
      'quoted-printable with broken escapes in a PDF',
      () =>
        multipartMessage('Pokvarjen QP', [
          {
            headers: [
              'Content-Type: application/pdf; name="qp.pdf"',
              'Content-Disposition: attachment; filename="qp.pdf"',
              'Content-Transfer-Encoding: quoted-printable',
            ],
            body: '%PDF-1.4 =ZZ =4 =\r\n=G0 trailer',
          },
        ]),
    ],
    [
      'unknown charsets in the subject, the text and a file name',
      () =>
        multipartMessage('=?x-klingon?Q?R=E1=E8un?= =?utf-8?B?!!!?=', [
          {
            headers: ['Content-Type: text/plain; charset="x-klingon"'],
            body: '\xe8\xe1\xff',
          },
          attachmentPart('=?x-klingon?B?cmFjdW4=?=.pdf', 'application/pdf', uniquePdf()),
        ]),
    ],
    ['64 KiB of random bytes', () => randomBytes(64 * 1024)],
    ['headers and no body', () => Buffer.from('From: a@b.test\r\nSubject: Samo glava')],
    [
      'a header line of 1 MB',
      () =>
        multipartMessage('Dolga glava', [pdfPart('h.pdf')], `X-Long: ${'a'.repeat(1024 * 1024)}`),
    ],
    [
      'NUL bytes and 8-bit text in the headers',
      () => {
        const message = multipartMessage('RACUN-8BIT', [pdfPart('nul.pdf')], 'X-Nul: \u0000\u0000');
        // Raw 8-bit bytes (latin-1 č is not in it: è, ÿ, þ), unencoded, as old mailers send.
        const raw = message.toString('latin1').replace('RACUN-8BIT', 'Ra\xe8un\u0000 \xff\xfe');
        return Buffer.from(raw, 'latin1');
      },
    ],
  ];

  it.each(cases)(
    'logs %s with a result, and the service goes on',
    async (_name, make) => {
      const row = await deliver(make());
      expect(['imported', 'quarantined', 'duplicate', 'skipped']).toContain(row.result);
      expect(`${row.subject}${row.sender}${row.senderName}`).not.toMatch(CONTROL);
    },
    60_000,
  );
});

describe('afterwards', () => {
  it('still imports an ordinary invoice', async () => {
    const row = await deliver(
      multipartMessage('Navaden račun', [
        textPart('Lep pozdrav.'),
        attachmentPart('r.pdf', 'application/pdf', uniquePdf()),
      ]),
    );
    expect(row.result).toBe('imported');
    expect(row.documents).toHaveLength(1);
  });

  it('left nothing half-written: every document has its log row and every imported row its documents', async () => {
    const { rows: orphans } = await sql<{ key: string }>`
      select d.key from doc d
      left join intake_message m on m.organization_id = d.organization_id and m.id = d.intake_message_id
      where d.organization_id = ${organizationId}
        and (m.id is null or not d.key = any(m.doc_keys))
    `.execute(t.database.db);
    expect(orphans).toEqual([]);
    const { rows: empty } = await sql<{ subject: string }>`
      select m.subject from intake_message m
      where m.organization_id = ${organizationId} and m.result = 'imported'
        and (cardinality(m.doc_keys) = 0 or exists (
          select 1 from unnest(m.doc_keys) k where not exists (
            select 1 from doc d where d.organization_id = m.organization_id and d.key = k)))
    `.execute(t.database.db);
    expect(empty).toEqual([]);
    const { rows: unexplained } = await sql<{ subject: string }>`
      select subject from intake_message
      where organization_id = ${organizationId} and result in ('quarantined', 'skipped') and reason = ''
    `.execute(t.database.db);
    expect(unexplained).toEqual([]);
  });
});
