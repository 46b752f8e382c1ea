import fs from 'node:fs';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { memberKeyOf } from './approval';
import { approvedDocument, payingOrganization, SUPPLIER_IBAN } from './payments';
import { readZip } from './zip';

/**
 * Shared setup of the report specs (issue 27): the data of the spend, approval times and
 * payments reports made through the API, and an exported sheet read back.
 */

/** The account Tiskarna is paid to (a valid Slovenian IBAN). */
const TISKARNA_IBAN = 'SI56191000000123438';

/** Today in the users' time zone (the reports' days are theirs), moved by some days. */
export function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Ljubljana' }).format(
    new Date(),
  );
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const invoice = (net: string, vat: string, total: string) => ({
  currencyCode: 'EUR',
  dueDate: '2026-12-31',
  netAmount: net,
  vatAmount: vat,
  totalAmount: total,
  costLines: [],
});

/**
 * A paying organisation (its admin approves at its one approval step) with two suppliers and
 * eight invoices, each decided on today through the workflow API:
 *
 * | doc | supplier  | issued     | net + VAT = gross      | workflow           | order            |
 * |-----|-----------|------------|------------------------|--------------------|------------------|
 * | S1  | Čistilni  | 2026-03-10 | 200.00 + 44.00 = 244.00 | confirmed          |                  |
 * | S2  | Čistilni  | 2025-06-05 | 500.00 + 110.00 = 610.00| confirmed          |                  |
 * | S3  | Tiskarna  | 2026-04-15 | 100.00 + 22.00 = 122.00 | waiting            |                  |
 * | R1  | Tiskarna  | 2026-04-20 | 50.00 + 11.00 = 61.00   | rejected           |                  |
 * | F1  | Tiskarna  | 2026-05-05 | 80.00 + 17.60 = 97.60   | forwarded, waiting |                  |
 * | P1  | Čistilni  | 2026-02-02 | 300.00 + 66.00 = 366.00 | confirmed          | sent, paid       |
 * | P2  | Čistilni  | 2026-02-03 | 400.00 + 88.00 = 488.00 | confirmed          | sent, returned   |
 * | P3  | Tiskarna  | 2026-02-04 | 150.00 + 33.00 = 183.00 | confirmed          | draft            |
 *
 * P1 was received 20 days ago and fell due 5 days ago: paid today, 20 days after receipt and
 * 5 days late. Every order is executed today (a due date passed makes it today).
 */
export async function activityData(request: APIRequestContext) {
  const paying = await payingOrganization(request, 'ractivity');
  const { org, headers } = paying;
  const partner = (code: string, name: string, iban: string) =>
    paying.api.create('partner', {
      code,
      name,
      countryCode: 'SI',
      isActive: true,
      bankAccounts: [{ id: -1, code: iban, isDefault: true, isActive: true }],
    });
  const cistilni = (await partner('CIST', 'Čistilni servis Žnidaršič d.o.o.', SUPPLIER_IBAN)).item
    .key;
  const tiskarna = (await partner('TISK', 'Tiskarna Tisk d.o.o.', TISKARNA_IBAN)).item.key;
  const suffix = Date.now().toString(36);
  const numbers = Object.fromEntries(
    ['S1', 'S2', 'S3', 'R1', 'F1', 'P1', 'P2', 'P3'].map((name) => [name, `R27-${name}-${suffix}`]),
  );
  const post = async (url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return response;
  };
  const approved = (name: string, customerKey: string, fields: Record<string, unknown>) =>
    approvedDocument(request, paying, {
      number: numbers[name] ?? name,
      customerKey,
      paymentIban: customerKey === cistilni ? SUPPLIER_IBAN : TISKARNA_IBAN,
      ...fields,
    });
  /** Created and activated: it stands at the approval step; its key and version. */
  const activated = async (name: string, fields: Record<string, unknown>) => {
    const created = await request.post('/api/doc', {
      headers,
      data: { documentTypeId: paying.documentTypeId, number: numbers[name], ...fields },
    });
    expect(created.status(), await created.text()).toBe(201);
    const key = ((await created.json()) as { item: { key: string } }).item.key;
    const answer = await post('/api/doc/activate?ignoreWarnings=true', { keys: [key] });
    const { items } = (await answer.json()) as { items: { version: number }[] };
    return { key, version: items[0]?.version };
  };

  await approved('S1', cistilni, {
    issueDate: '2026-03-10',
    ...invoice('200.00', '44.00', '244.00'),
  });
  await approved('S2', cistilni, {
    issueDate: '2025-06-05',
    ...invoice('500.00', '110.00', '610.00'),
  });
  const s3 = await activated('S3', {
    customerKey: tiskarna,
    issueDate: '2026-04-15',
    ...invoice('100.00', '22.00', '122.00'),
  });
  const r1 = await activated('R1', {
    customerKey: tiskarna,
    issueDate: '2026-04-20',
    ...invoice('50.00', '11.00', '61.00'),
  });
  await post(`/api/wf/action/${r1.key}?ignoreWarnings=true`, {
    workflowStepResultCode: 'rejected',
    extras: { version: r1.version, comment: 'Not ordered by us.' },
  });
  const f1 = await activated('F1', {
    customerKey: tiskarna,
    issueDate: '2026-05-05',
    ...invoice('80.00', '17.60', '97.60'),
  });
  // The admin, the step's only member, takes it over personally.
  await post(`/api/wf/action/${f1.key}?ignoreWarnings=true`, {
    workflowStepResultCode: 'forwarded',
    extras: { version: f1.version, userId: await memberKeyOf(request, org, org.username) },
  });
  const paid = { receivedDate: dayFromToday(-20), dueDate: dayFromToday(-5) };
  const p1 = await approved('P1', cistilni, {
    issueDate: '2026-02-02',
    ...invoice('300.00', '66.00', '366.00'),
    ...paid,
  });
  const p2 = await approved('P2', cistilni, {
    issueDate: '2026-02-03',
    ...invoice('400.00', '88.00', '488.00'),
    ...paid,
  });
  const p3 = await approved('P3', tiskarna, {
    issueDate: '2026-02-04',
    ...invoice('150.00', '33.00', '183.00'),
    ...paid,
  });

  const order = async (documentKey: string) => {
    const made = await post('/api/payOrder/fromDocuments?ignoreWarnings=true', {
      documentKeys: [documentKey],
    });
    return ((await made.json()) as { items: { key: string }[] }).items[0]?.key ?? '';
  };
  const mark = (key: string, state: string) => post('/api/payOrder/mark', { keys: [key], state });
  const [o1, o2] = [await order(p1), await order(p2)];
  await order(p3);
  for (const key of [o1, o2]) await mark(key, 'ready');
  await post('/api/payOrder/pay', { keys: [o1, o2] });
  await mark(o1, 'paid');
  await mark(o2, 'rejected');
  return { paying, org, cistilni, tiskarna, numbers, waiting: { s3: s3.key, f1: f1.key } };
}

/** A cell of a sheet read back: its text, or its number. */
type Cell = string | number | null;

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A column's letters as its index from 0 (A 0, AA 26). */
const columnIndex = (letters: string) =>
  [...letters].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0) - 1;

/**
 * Exports the report shown with its button and reads the .xlsx back: its file name and its
 * first sheet's rows as a spreadsheet shows them (shared strings resolved, numbers as numbers,
 * empty rows empty), so a spec compares them with the table on the page.
 */
export async function exportedRows(page: Page, testInfo: TestInfo) {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const entries = readZip(fs.readFileSync(file));
  const text = (name: string) =>
    entries.find((entry) => entry.name === name)?.content.toString('utf8') ?? '';
  const strings = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map((match) =>
    unescapeXml([...(match[1] ?? '').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const rows: Cell[][] = [];
  for (const row of text('xl/worksheets/sheet1.xml').matchAll(
    /<row r="(\d+)"[^>]*>(.*?)<\/row>/gs,
  )) {
    const cells: Cell[] = [];
    for (const cell of (row[2] ?? '').matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const value = /<v>([^<]*)<\/v>/.exec(cell[3] ?? '')?.[1];
      const index = columnIndex(cell[1] ?? 'A');
      while (cells.length < index) cells.push(null);
      if (value === undefined) cells.push(null);
      else if (/t="s"/.test(cell[2] ?? '')) cells.push(strings[Number(value)] ?? null);
      else if (/t="(str|inlineStr)"/.test(cell[2] ?? '')) cells.push(unescapeXml(value));
      else cells.push(Number(value));
    }
    rows[Number(row[1]) - 1] = cells;
  }
  return { fileName: download.suggestedFilename(), rows: Array.from(rows, (row) => row ?? []) };
}
