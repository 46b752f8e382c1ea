import type { InjectOptions } from 'fastify';
import type { TableRecord } from '@listina/contract';
import { planDocuments, type PlannedDocument } from '../src/modules/demo/demo-document-plan';
import { renderInvoice, type Buyer } from '../src/modules/demo/demo-invoice-pdf';
import { profileSuppliers } from '../src/modules/demo/profile-suppliers';
import type { TestApp } from './factories';

/*
 * Multipart bodies and document uploads for the tests: through app.inject, or over real HTTP
 * to a spawned server (…Over). Re-exported by factories.ts.
 */

/** One part of a multipart/form-data body: a file (with a filename) or a text field. */
export type FormPart =
  | { name: string; filename: string; content: Buffer; type?: string }
  | { name: string; value: string };

/** A multipart/form-data body built by hand, as a browser sends it. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----listina${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'filename' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    return [
      Buffer.from(head),
      'filename' in part ? part.content : Buffer.from(part.value),
      Buffer.from('\r\n'),
    ];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart request through app.inject, its body built by multipartBody; the answer as it came. */
export function injectMultipart(
  t: TestApp,
  request: { method?: InjectOptions['method']; url: string; headers?: Record<string, string> },
  parts: FormPart[],
) {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: { ...request.headers, 'content-type': contentType },
    payload,
  });
}

/** A document's main file as uploaded: its name, bytes and (else octet-stream) content type. */
export interface UploadFile {
  filename: string;
  content: Buffer;
  type?: string;
}

/** What an upload sends besides its main file: the warnings accepted, more parts (attachments). */
export interface UploadOptions {
  ignoreWarnings?: boolean;
  parts?: FormPart[];
}

/** The URL and parts of POST /api/uploadDoc, as the web app sends them. */
export function uploadRequest(file: UploadFile, fields: object = {}, options: UploadOptions = {}) {
  return {
    url: `/api/uploadDoc${options.ignoreWarnings ? '?ignoreWarnings=true' : ''}`,
    parts: [
      { name: 'main', ...file },
      ...(options.parts ?? []),
      { name: 'json', value: JSON.stringify(fields) },
    ] satisfies FormPart[],
  };
}

/**
 * A new document with one main file, uploaded as the web app does (POST /api/uploadDoc);
 * the answer as it came, for the caller to check.
 */
export function uploadDocument(
  t: TestApp,
  headers: Record<string, string>,
  ...upload: Parameters<typeof uploadRequest>
) {
  const { url, parts } = uploadRequest(...upload);
  return injectMultipart(t, { url, headers }, parts);
}

/** A new document uploaded with its warnings accepted (the user went on); an error if refused. */
export async function uploadedDocument(
  t: TestApp,
  headers: Record<string, string>,
  file: UploadFile,
  fields: object = {},
): Promise<TableRecord> {
  const res = await uploadDocument(t, headers, file, fields, { ignoreWarnings: true });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json<{ item: TableRecord }>().item;
}

/** The upload of uploadRequest over real HTTP (a spawned server, a proxy); the answer as it came. */
export function uploadDocumentOver(
  baseUrl: string,
  headers: Record<string, string>,
  ...upload: Parameters<typeof uploadRequest>
) {
  const { url, parts } = uploadRequest(...upload);
  const { payload, contentType } = multipartBody(parts);
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body: new Uint8Array(payload),
  });
}

/** The organisation the test invoices are addressed to. */
export const BUYER: Buyer = {
  name: 'Kupec d.o.o.',
  address: 'Ulica 1',
  postCode: '1000',
  town: 'Ljubljana',
  taxNumber: 'SI12345678',
};

/** The invoices (INV) of the demo plan from these suppliers, the first profile's by default. */
export function plannedInvoices(
  seed: string,
  count: number,
  suppliers = profileSuppliers().slice(0, 1),
): PlannedDocument[] {
  return planDocuments({
    seed,
    count,
    today: '2026-11-24',
    suppliers,
    costCenters: ['100'],
  }).filter((d) => d.type === 'INV');
}

/** A planned invoice printed as a PDF with a text layer, ready to upload as a main file. */
export async function invoicePdf(invoice: PlannedDocument): Promise<UploadFile> {
  const pdf = await renderInvoice(invoice, BUYER);
  return { filename: 'racun.pdf', content: pdf.content, type: 'application/pdf' };
}
