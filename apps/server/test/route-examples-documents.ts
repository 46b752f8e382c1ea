import { sql } from 'kysely';
import type { PreviewInfo } from '@listina/contract';
import { writeCamt053 } from '../src/modules/payments/iso20022/camt-fixture';
import { doc } from '../src/modules/tables/entities/doc';
import { payOrder } from '../src/modules/tables/entities/pay-order';
import { rootTableExamples, type Example } from './route-examples';
import {
  activeDoc,
  approvedInvoice,
  draft,
  draftWithFiles,
  next,
  ok,
  order,
  PAYER_IBAN,
  paymentPackage,
  SECRET,
  send,
  withNoise,
  PDF,
  type World,
} from './route-walk-world';
import { uploadRequest } from './upload';

/** Document, workflow and payments calls, keyed as the matrix names them. */

const post =
  (url: string, payload: (w: World) => Promise<object> | object): Example =>
  async (w) => ({ method: 'POST', url, payload: await payload(w) });

const keysOf = (make: (w: World) => Promise<{ key: string }>) => async (w: World) => ({
  keys: [(await make(w)).key],
});

/** The newest notification of A's approver (activating a document at their step makes one). */
async function approversNotification(w: World): Promise<string> {
  await activeDoc(w);
  const { rows } = await sql<{ id: string }>`
    select id from notification where organization_id = ${w.a.id}
      and user_id = ${w.users.approver.id} order by id desc limit 1`.execute(w.t.database.db);
  const id = rows[0]?.id;
  if (!id) throw new Error('the approver has no notification');
  return String(id);
}

async function exported(w: World, keys: string[]) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/payOrder/exportXML',
    headers: w.accountant,
    payload: { keys },
  });
  return ok(res, 200).rawPayload;
}

const statement = () =>
  writeCamt053(
    [
      {
        endToEndId: 'NOTPROVIDED',
        amount: '12.00',
        currency: 'EUR',
        creditDebit: 'DBIT',
        status: 'BOOK',
        returned: false,
        bookingDate: '2026-11-26',
      },
    ],
    { iban: PAYER_IBAN, statementId: `STMT-${next()}`, messageId: `MSG-${next()}` },
  );

export const documentExamples: Record<string, Example> = {
  ...rootTableExamples(
    'doc',
    (w) => draft(w),
    (w) => ({
      ...doc.sample(next()),
      documentTypeId: w.typeId,
      customerKey: w.supplier.key,
      number: `R-${next()}`,
    }),
    { description: `Popravljeno ${SECRET}` },
  ),
  'POST /api/doc/activate': async (w) => ({
    method: 'POST',
    url: '/api/doc/activate?ignoreWarnings=true',
    payload: await keysOf(draft)(w),
  }),
  'GET /api/doc/customerHistory': async (w) => ({
    method: 'GET',
    url: `/api/doc/customerHistory?customerKey=${w.supplier.key}&documentTypeId=${w.typeId}`,
  }),
  'GET /api/tile': () => Promise.resolve({ method: 'GET', url: '/api/tile' }),
  'POST /api/uploadDoc': () =>
    Promise.resolve({
      method: 'POST',
      ...uploadRequest(
        { filename: 'racun.pdf', content: withNoise(PDF), type: 'application/pdf' },
        { number: `R-${next()}` },
        { ignoreWarnings: true },
      ),
    }),
  'POST /api/doc/{id}/file/add': async (w) => ({
    method: 'POST',
    url: `/api/doc/${(await draft(w)).key}/file/add?ignoreWarnings=true`,
    parts: [
      { name: 'file', filename: 'priloga.pdf', content: withNoise(PDF), type: 'application/pdf' },
    ],
  }),
  'PUT /api/doc/{id}/file/{fileKey}': async (w) => {
    const { key, attachment } = await draftWithFiles(w);
    return {
      method: 'PUT',
      url: `/api/doc/${key}/file/${attachment.key}?ignoreWarnings=true`,
      parts: [
        { name: 'file', filename: 'nova.pdf', content: withNoise(PDF), type: 'application/pdf' },
      ],
    };
  },
  'DELETE /api/doc/{id}/file/{fileKey}': async (w) => {
    const { key, attachment } = await draftWithFiles(w);
    return { method: 'DELETE', url: `/api/doc/${key}/file/${attachment.key}` };
  },
  'POST /api/doc/{id}/mainfile': async (w) => {
    const { key, attachment } = await draftWithFiles(w);
    return {
      method: 'POST',
      url: `/api/doc/${key}/mainfile`,
      payload: { fileKey: attachment.key },
    };
  },
  'POST /api/doc/{id}/file/{fileKey}/move': async (w) => {
    const { key, main } = await draftWithFiles(w);
    return {
      method: 'POST',
      url: `/api/doc/${key}/file/${main.key}/move`,
      payload: { fileTypeCode: 'attachment' },
    };
  },
  'POST /api/doc/{id}/preview.info': async (w) => ({
    method: 'POST',
    url: `/api/doc/${(await draftWithFiles(w)).key}/preview.info`,
  }),
  'GET /api/file/{token}': async (w) => {
    const { key } = await draftWithFiles(w);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/doc/${key}/preview.info`,
      headers: w.boss,
    });
    const url = ok(res, 200).json<PreviewInfo>().files[0]?.url;
    if (!url) throw new Error('no signed link');
    return { method: 'GET', url };
  },
  'POST /api/doc/download': async (w) => ({
    method: 'POST',
    url: '/api/doc/download?mode=original',
    payload: await keysOf(draftWithFiles)(w),
  }),
  // Queued for reading on upload: that reading is cancelled first (one queued is refused).
  'POST /api/doc/ocr': post('/api/doc/ocr', async (w) => {
    const { key } = await draftWithFiles(w);
    ok(
      await send(
        w,
        { method: 'DELETE', url: '/api/doc/ocr', payload: { documentKeys: [key] } },
        w.boss,
      ),
      200,
    );
    return { documentKeys: [key] };
  }),
  'DELETE /api/doc/ocr': async (w) => ({
    method: 'DELETE',
    url: '/api/doc/ocr',
    payload: { documentKeys: [(await draftWithFiles(w)).key] },
  }),
  'GET /api/savedFilter/{table}': () =>
    Promise.resolve({ method: 'GET', url: '/api/savedFilter/doc' }),
  'PUT /api/savedFilter/{table}': () =>
    Promise.resolve({ method: 'PUT', url: '/api/savedFilter/doc', payload: { filter: [] } }),
  'GET /api/gridPreference/{table}': () =>
    Promise.resolve({ method: 'GET', url: '/api/gridPreference/doc' }),
  'PUT /api/gridPreference/{table}': () =>
    Promise.resolve({
      method: 'PUT',
      url: '/api/gridPreference/doc',
      payload: { columns: ['number', 'status'], widths: { number: 120 } },
    }),
  'DELETE /api/gridPreference/{table}': () =>
    Promise.resolve({ method: 'DELETE', url: '/api/gridPreference/doc' }),
  'POST /api/wf/action/{id}': async (w) => {
    const item = await activeDoc(w);
    return {
      method: 'POST',
      url: `/api/wf/action/${item.key}?ignoreWarnings=true`,
      payload: { workflowStepResultCode: 'confirmed', extras: { version: item.version } },
    };
  },
  'POST /api/wf/actions/': post('/api/wf/actions/?ignoreWarnings=true', async (w) => {
    const item = await activeDoc(w);
    return {
      documentKeys: [item.key],
      workflowStepResultCode: 'confirmed',
      extras: { versions: { [item.key]: item.version } },
    };
  }),
  'GET /api/wf/{id}/log': async (w) => ({
    method: 'GET',
    url: `/api/wf/${(await activeDoc(w)).key}/log`,
  }),
  'GET /api/doc/{id}/wflog': async (w) => ({
    method: 'GET',
    url: `/api/doc/${(await activeDoc(w)).key}/wflog`,
  }),
  'GET /api/notification': () => Promise.resolve({ method: 'GET', url: '/api/notification' }),
  'PUT /api/notification/{id}/read': async (w) => ({
    method: 'PUT',
    url: `/api/notification/${await approversNotification(w)}/read`,
    payload: { read: true },
  }),
  'GET /api/notification/events': () =>
    Promise.resolve({ method: 'GET', url: '/api/notification/events', stream: true }),
  'GET /api/report/aging': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/aging?asOf=2026-11-30' }),
  'GET /api/report/cash': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/cash?from=2026-11-30' }),
  'GET /api/report/spend': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/spend?year=2026&by=supplier' }),
  'GET /api/report/approval': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/approval?from=2026-01-01&to=2026-11-30' }),
  'GET /api/report/capture': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/capture?from=2026-01-01&to=2026-11-30' }),
  'GET /api/report/payments': () =>
    Promise.resolve({ method: 'GET', url: '/api/report/payments?from=2026-01-01&to=2026-11-30' }),
  'GET /api/reports/aging': () => Promise.resolve({ method: 'GET', url: '/api/reports/aging' }),
  'GET /api/reports/cash': () => Promise.resolve({ method: 'GET', url: '/api/reports/cash' }),
  'GET /api/notification/settings': () =>
    Promise.resolve({ method: 'GET', url: '/api/notification/settings' }),
  'PUT /api/notification/settings': () =>
    Promise.resolve({
      method: 'PUT',
      url: '/api/notification/settings',
      payload: {
        channels: {
          assigned: 'mail',
          forwarded: 'mail',
          rejected: 'digest',
          supplement: 'app',
          comment: 'digest',
          paymentRejected: 'digest',
          reminder: 'mail',
        },
        digestHour: 8,
        digestDays: [1, 3, 5],
        timeZone: 'Europe/Ljubljana',
      },
    }),
  ...rootTableExamples(
    'payOrder',
    (w) => order(w),
    () => payOrder.sample(next()),
    { description: `Popravljeno ${SECRET}` },
  ),
  ...rootTableExamples(
    'payPackage',
    (w) => paymentPackage(w),
    () => ({ code: `P-${next()}`, executionDate: '2099-01-15' }),
    { executionDate: '2099-02-01' },
  ),
  'POST /api/payOrder/fromDocuments': post(
    '/api/payOrder/fromDocuments?ignoreWarnings=true',
    async (w) => ({
      documentKeys: [(await approvedInvoice(w)).key],
      organizationBankAccountId: w.payingAccountId,
    }),
  ),
  'POST /api/payOrder/{key}/split': async (w) => {
    const item = await order(w);
    return {
      method: 'POST',
      url: `/api/payOrder/${item.key}/split`,
      payload: { splitVal: '10.00', version: item.version },
    };
  },
  'POST /api/payOrder/mark': post('/api/payOrder/mark', async (w) => ({
    ...(await keysOf(order)(w)),
    state: 'ready',
  })),
  'POST /api/payOrder/exportXML': post(
    '/api/payOrder/exportXML',
    keysOf((w) => order(w, 'ready')),
  ),
  'POST /api/payOrder/pay': post(
    '/api/payOrder/pay',
    keysOf((w) => order(w, 'ready')),
  ),
  'POST /api/payOrder/upload': async (w) => ({
    method: 'POST',
    url: '/api/payOrder/upload?dryRun=true&ignoreWarnings=true',
    parts: [
      {
        name: 'files',
        filename: 'nalogi.xml',
        content: await exported(w, [(await order(w, 'ready')).key]),
        type: 'text/xml',
      },
    ],
  }),
  'POST /api/payOrder/statement': () =>
    Promise.resolve({
      method: 'POST',
      url: '/api/payOrder/statement',
      parts: [
        {
          name: 'file',
          filename: 'izpisek.xml',
          content: Buffer.from(statement()),
          type: 'text/xml',
        },
      ],
    }),
  'GET /api/payOrder/{key}/upn': async (w) => ({
    method: 'GET',
    url: `/api/payOrder/${(await order(w)).key}/upn`,
  }),
  'POST /api/payPackage/build': post(
    '/api/payPackage/build',
    keysOf((w) => order(w, 'ready')),
  ),
  'POST /api/payPackage/mark': post('/api/payPackage/mark', async (w) => ({
    ...(await keysOf(paymentPackage)(w)),
    state: 'cancelled',
  })),
};
