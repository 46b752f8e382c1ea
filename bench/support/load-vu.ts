import type { TableRecord } from '@listina/contract';
import { multipartBody } from '../../apps/server/test/factories';
import { pdf } from '../../apps/server/src/modules/files/fixtures/builders';
import type { Answer, LoadClient, Recorder } from './load-client';
import { LOAD_PASSWORD, type Persona, type VuPlan } from './load-seed';

/**
 * One virtual user of the load benchmark: signs in, then loops until the end of the run,
 * each turn an action drawn by the weights of its persona (ACTIONS) and a think time drawn
 * uniformly from [think.min, think.max] seconds. An action is the calls its screen makes; an
 * action that has nothing to work on (no draft to edit yet, its pool of documents used up)
 * opens the document list instead.
 */
export interface VuRun {
  client: LoadClient;
  recorder: Recorder;
  plan: VuPlan;
  think: { min: number; max: number };
  /** performance.now() after which no new action starts. */
  stopAt: number;
}

interface Draft {
  key: string;
  edited: boolean;
}

interface VuState extends VuRun {
  headers: Record<string, string>;
  /** Keys seen in the last list, to open one. */
  seen: string[];
  drafts: Draft[];
  /** Uploads and saves so far, for numbers and amounts of its own. */
  serial: number;
}

type Action = (s: VuState) => Promise<void>;

const pick = <T>(list: readonly T[]): T | undefined =>
  list[Math.floor(Math.random() * list.length)];
const SEARCHES = ['čiščenje', 'vzdrževanje', 'storitve', 'Šumi', 'Lipa', 'LD1-00001', '1220'];
const SORTS = ['totalAmount desc', 'number asc', 'issueDate desc', 'dueDate asc'];

async function call(
  s: VuState,
  name: string,
  method: string,
  path: string,
  body: { json?: unknown; raw?: Buffer; type?: string } = {},
): Promise<Answer & { ok: boolean }> {
  const headers = body.type ? { ...s.headers, 'content-type': body.type } : s.headers;
  const answer = await s.client.call(method, path, { headers, json: body.json, raw: body.raw });
  return { ...answer, ok: s.recorder.record(name, answer) };
}

const items = (a: Answer) => (JSON.parse(a.body) as { items: TableRecord[] }).items;

async function signIn(s: VuState) {
  const answer = await call(s, 'POST /api/account/login', 'POST', '/api/account/login', {
    json: { username: s.plan.username, password: LOAD_PASSWORD, lang: 'sl' },
  });
  if (!answer.ok) return; // counted; the next turn works with the session it had, if any
  const { apikey } = JSON.parse(answer.body) as { apikey: string };
  s.headers = { authorization: apikey, 'organization-id': s.plan.organizationKey };
  // The home page after signing in: its tiles and the bell's count.
  await call(s, 'GET /api/tile', 'GET', '/api/tile');
  await call(s, 'GET /api/notification', 'GET', '/api/notification?count=50');
}

async function list(s: VuState, name: string, query: string) {
  const answer = await call(s, name, 'GET', `/api/doc?${query}`);
  if (answer.ok) s.seen = items(answer).map((r) => String(r.key));
}

/** The document page: the record, its files' links and its workflow log. */
async function open(s: VuState, key: string): Promise<TableRecord | undefined> {
  const record = await call(s, 'GET /api/doc/{key}', 'GET', `/api/doc/${key}`);
  await call(s, 'POST /api/doc/{key}/preview.info', 'POST', `/api/doc/${key}/preview.info`);
  await call(s, 'GET /api/doc/{key}/wflog', 'GET', `/api/doc/${key}/wflog`);
  return record.ok ? (JSON.parse(record.body) as TableRecord) : undefined;
}

const firstPage = (s: VuState) => list(s, 'GET /api/doc (first page)', 'count=300');

async function save(s: VuState, record: TableRecord, fields: Record<string, unknown>) {
  const answer = await call(s, 'PUT /api/doc/{key}', 'PUT', `/api/doc/${record.key}`, {
    json: { version: record.version, ...fields },
  });
  return answer.ok;
}

/** A clerk's upload: a one-page PDF invoice of its own (no two alike) and the number. */
async function upload(s: VuState) {
  s.serial += 1;
  const number = `U${s.plan.vu}-${s.serial}-${Date.now().toString(36)}`;
  const { payload, contentType } = multipartBody([
    { name: 'main', filename: `racun-${number}.pdf`, content: pdf(`Racun ${number}`) },
    { name: 'json', value: JSON.stringify({ number }) },
  ]);
  const answer = await call(s, 'POST /api/uploadDoc', 'POST', '/api/uploadDoc', {
    raw: payload,
    type: contentType,
  });
  if (answer.ok) {
    const { item } = JSON.parse(answer.body) as { item: TableRecord };
    s.drafts.push({ key: String(item.key), edited: false });
  }
}

/** A clerk completes one of its drafts once its data capture is over, as the form allows. */
async function editDraft(s: VuState) {
  const draft = pick(s.drafts);
  if (!draft) return firstPage(s);
  const record = await open(s, draft.key);
  if (!record || record.captureState === 'pending') return;
  // A net amount no other save of the run has: with the same supplier, total and issue date
  // the server rightly warns of a duplicate invoice (a 400 until the user confirms).
  s.serial += 1;
  const n = s.plan.vu * 10_000 + s.serial;
  const net = 10_000 + n;
  const saved = await save(s, record, {
    documentTypeId: s.plan.documentTypeId,
    customerKey: pick(s.plan.partnerKeys),
    issueDate: '2026-11-02',
    dueDate: '2099-12-15',
    receivedDate: '2026-11-03',
    netAmount: `${net}.00`,
    vatAmount: (net * 0.22).toFixed(2),
    totalAmount: (net * 1.22).toFixed(2),
    currencyCode: 'EUR',
    description: `Vnos ${n}: čiščenje in vzdrževanje`,
  });
  if (saved) draft.edited = true;
}

/** A clerk sends a completed draft into its workflow (the approvers are told). */
async function submit(s: VuState) {
  const draft = s.drafts.find((d) => d.edited);
  if (!draft) return editDraft(s);
  const answer = await call(s, 'POST /api/doc/activate', 'POST', '/api/doc/activate', {
    json: { keys: [draft.key] },
  });
  if (answer.ok) s.drafts.splice(s.drafts.indexOf(draft), 1);
}

/** An approver or accountant opens the next document of its step and confirms it. */
async function confirmNext(s: VuState) {
  const key = s.plan.pool[0];
  if (!key) return firstPage(s);
  const record = await open(s, key);
  const answer = await call(s, 'POST /api/wf/action/{key}', 'POST', `/api/wf/action/${key}`, {
    json: { workflowStepResultCode: 'confirmed', extras: { version: record?.version } },
  });
  if (answer.ok) s.plan.pool.shift();
}

/** An accountant corrects the document at its booking step before booking it. */
async function editAtBooking(s: VuState) {
  const key = s.plan.pool[0];
  if (!key) return firstPage(s);
  const record = await open(s, key);
  if (record) await save(s, record, { description: `Knjiženo ${Date.now()}: stroški storitev` });
}

async function notifications(s: VuState) {
  const answer = await call(s, 'GET /api/notification', 'GET', '/api/notification?count=50');
  if (!answer.ok) return;
  const unread = (JSON.parse(answer.body) as { items: { id: string; read: boolean }[] }).items.find(
    (n) => !n.read,
  );
  if (unread)
    await call(s, 'PUT /api/notification/{id}/read', 'PUT', `/api/notification/${unread.id}/read`);
}

async function payOrders(s: VuState, query: string, name: string) {
  const answer = await call(s, name, 'GET', `/api/payOrder?${query}`);
  const key = answer.ok ? pick(items(answer))?.key : undefined;
  if (key && Math.random() < 0.5)
    await call(s, 'GET /api/payOrder/{key}', 'GET', `/api/payOrder/${String(key)}`);
}

/** The actions and their weights per persona (clerk, approver, accountant). */
export const ACTIONS: { name: string; weights: Record<Persona, number>; run: Action }[] = [
  { name: 'sign in again', weights: { clerk: 1, approver: 1, accountant: 1 }, run: signIn },
  {
    name: 'home tiles',
    weights: { clerk: 6, approver: 6, accountant: 6 },
    run: (s) => call(s, 'GET /api/tile', 'GET', '/api/tile').then(),
  },
  {
    name: 'notifications (read one)',
    weights: { clerk: 5, approver: 8, accountant: 6 },
    run: notifications,
  },
  {
    name: 'document list, first page',
    weights: { clerk: 12, approver: 6, accountant: 8 },
    run: firstPage,
  },
  {
    name: 'document list, search',
    weights: { clerk: 6, approver: 4, accountant: 6 },
    run: (s) =>
      list(s, 'GET /api/doc?search=', `search=${encodeURIComponent(pick(SEARCHES) ?? '')}`),
  },
  {
    name: 'document list, sorted',
    weights: { clerk: 5, approver: 3, accountant: 5 },
    run: (s) => list(s, 'GET /api/doc?sort=', `sort=${encodeURIComponent(pick(SORTS) ?? '')}`),
  },
  {
    name: 'my tasks',
    weights: { clerk: 0, approver: 10, accountant: 8 },
    run: (s) => list(s, 'GET /api/doc?filter=task:mine', 'filter=task%3Amine&count=50'),
  },
  {
    name: 'open a listed document',
    weights: { clerk: 12, approver: 10, accountant: 8 },
    run: async (s) => {
      const key = pick(s.seen);
      if (key) await open(s, key);
      else await firstPage(s);
    },
  },
  {
    name: 'partner list',
    weights: { clerk: 4, approver: 0, accountant: 4 },
    run: (s) => call(s, 'GET /api/cl/partner', 'GET', '/api/cl/partner?count=300').then(),
  },
  { name: 'upload a PDF', weights: { clerk: 5, approver: 0, accountant: 0 }, run: upload },
  {
    name: 'edit and save a draft',
    weights: { clerk: 12, approver: 0, accountant: 0 },
    run: editDraft,
  },
  {
    name: 'submit a draft (activate)',
    weights: { clerk: 6, approver: 0, accountant: 0 },
    run: submit,
  },
  {
    name: 'approve (open, confirm)',
    weights: { clerk: 0, approver: 15, accountant: 0 },
    run: confirmNext,
  },
  {
    name: 'edit and save at booking',
    weights: { clerk: 0, approver: 0, accountant: 8 },
    run: editAtBooking,
  },
  {
    name: 'book (open, confirm)',
    weights: { clerk: 0, approver: 0, accountant: 8 },
    run: confirmNext,
  },
  {
    name: 'payment orders, first page',
    weights: { clerk: 0, approver: 0, accountant: 8 },
    run: (s) => payOrders(s, 'count=300', 'GET /api/payOrder (first page)'),
  },
  {
    name: 'payment orders, search and sort',
    weights: { clerk: 0, approver: 0, accountant: 4 },
    run: (s) =>
      payOrders(s, 'search=Dobavitelj&sort=amount%20desc', 'GET /api/payOrder?search=&sort='),
  },
];

function draw(persona: Persona): Action {
  const total = ACTIONS.reduce((sum, a) => sum + a.weights[persona], 0);
  let at = Math.random() * total;
  for (const action of ACTIONS) {
    at -= action.weights[persona];
    if (at < 0) return action.run;
  }
  return firstPage;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runVu(run: VuRun): Promise<void> {
  const s: VuState = { ...run, headers: {}, seen: [], drafts: [], serial: 0 };
  await signIn(s);
  while (!s.headers.authorization && performance.now() < run.stopAt) {
    await sleep(run.think.max * 1000);
    await signIn(s);
  }
  while (performance.now() < run.stopAt) {
    await sleep((run.think.min + Math.random() * (run.think.max - run.think.min)) * 1000);
    if (performance.now() >= run.stopAt) break;
    await draw(run.plan.persona)(s);
  }
}
