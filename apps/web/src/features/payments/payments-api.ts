import {
  paymentRoutes,
  type PAY_ORDER_MARK_STATES,
  type PAY_PACKAGE_MARK_STATES,
} from '@listina/contract';
import { buildUrl, callApi, callMultipart, fetchApi } from '../../api/client';
import { fetchPage } from '../../schema-ui/api';
import { filenameFromDisposition, saveFile } from '../../schema-ui/grid/table-files';

/**
 * The payments calls of spec §7 (issue 8; docs/payments.md) beyond the generic table calls of
 * payOrder and payPackage: marks, split, packages, the pain.001 and UPN downloads, uploads
 * of orders and bank statements.
 */

export const PAY_ORDER_TABLE = 'payOrder';
export const PAY_PACKAGE_TABLE = 'payPackage';
/** Both tables: an action on orders changes their packages' counts and states, and back. */
export const PAYMENT_TABLES = [PAY_ORDER_TABLE, PAY_PACKAGE_TABLE];

export type OrderMarkState = (typeof PAY_ORDER_MARK_STATES)[number];
export type PackageMarkState = (typeof PAY_PACKAGE_MARK_STATES)[number];

export function markOrders(keys: string[], state: OrderMarkState) {
  return callApi(paymentRoutes.mark, { body: { keys, state } });
}

export function markPackages(keys: string[], state: PackageMarkState) {
  return callApi(paymentRoutes.markPackages, { body: { keys, state } });
}

export function splitOrder(key: string, splitVal: string, version: number) {
  return callApi(paymentRoutes.split, { params: { key }, body: { splitVal, version } });
}

export function buildPackages(keys: string[]) {
  return callApi(paymentRoutes.buildPackages, { body: { keys } });
}

/** A download of a payments call, saved under its content-disposition name (spec §7). */
async function download(
  url: string,
  init: RequestInit,
  fallback: string,
): Promise<{ filename: string; blob: Blob }> {
  const response = await fetchApi(url, init);
  const filename = filenameFromDisposition(response.headers.get('content-disposition'), fallback);
  const blob = await response.blob();
  saveFile(blob, filename);
  return { filename, blob };
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** POST /api/payOrder/pay: the orders (or packages) are sent; the answer is the pain.001 file. */
export function payOrders(target: { keys: string[] } | { packageKeys: string[] }) {
  return download(paymentRoutes.pay.path, postJson(target), 'pain001.xml');
}

/** POST /api/payOrder/exportXML: the pain.001 file of the orders, nothing changes. */
export function exportOrdersXml(keys: string[]) {
  return download(paymentRoutes.exportXml.path, postJson({ keys }), 'pain001.xml');
}

/** GET /api/payOrder/{key}/upn: the order's UPN form as a PDF. */
export function downloadUpn(key: string) {
  return download(buildUrl(paymentRoutes.upn.path, { key }), { method: 'GET' }, 'upn.pdf');
}

/** POST /api/payOrder/upload: orders from files (multipart 'files'). */
export function uploadOrders(files: readonly File[], ignoreWarnings = false) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const query = ignoreWarnings ? { ignoreWarnings: 'true' as const } : {};
  return callMultipart(paymentRoutes.upload, { query, form });
}

/** POST /api/payOrder/statement: a camt.053 or camt.054 file (multipart 'file'). */
export function importStatement(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return callMultipart(paymentRoutes.statement, { form });
}

/** A partner's active bank accounts, as a lookup lists them (the default first). */
export async function partnerAccounts(partnerKey: string) {
  const page = await fetchPage('partnerBankAccount', {
    customerKey: partnerKey,
    mode: 'dropdown',
    count: 100,
  });
  return page.items;
}
