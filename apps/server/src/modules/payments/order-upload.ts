import { toIsoDate } from '@listina/forms';
import { sql } from 'kysely';
import type { Trx } from '../../db/scope';
import { AppError, badRequest, type MessageSpec } from '../../lib/errors';
import { readPages, type PageFileKind } from '../capture/pages/page-images';
import { readPaymentQr } from '../capture/qr/payment-qr';
import { findQrCodes } from '../capture/qr/qr-scan';
import { readPain001, type PainOrder } from './iso20022';
import type { Locale } from '../../plugins/i18n';
import { paymentTypeOf } from './payment-type';
import { painProblem, type UploadPlace } from './upload-messages';

/** One file of an upload, as the multipart request brought it. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** An order an upload would make: the payOrder model, and where in which file it was. */
export interface UploadedOrder {
  file: string;
  fileIndex: number;
  /** A pain.001 transaction or a QR code: how its messages name it. */
  kind: UploadPlace['kind'];
  row: number;
  model: Record<string, unknown>;
}

/** Pages of an image or PDF searched for UPN QR codes, and how long that may take. */
const QR_LIMITS = {
  maxPages: 20,
  dpi: () => 200,
  maxRenderPixels: 40_000_000,
  maxImagePixels: 60_000_000,
};
const QR_TIME_MS = 60_000;

export type UploadKind = 'pain001' | 'spreadsheet' | PageFileKind;

/** What a file is, by its first bytes (never by its name alone). */
export function uploadKindOf(file: UploadedFile): UploadKind | undefined {
  const head = file.bytes.subarray(0, 8);
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 2).toString('latin1') === 'PK') return 'spreadsheet';
  const text = file.bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<')) return 'pain001';
  if (/\.csv$/i.test(file.filename) || /[;,\t]/.test(text.split('\n')[0] ?? ''))
    return 'spreadsheet';
  return undefined;
}

/** The paying accounts of the organisation by IBAN. */
async function accountsByIban(trx: Trx, organizationId: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ id: string; code: string }>`
    select id::text, code from organization_bank_account where organization_id = ${organizationId}
  `.execute(trx);
  return new Map(rows.map((row) => [row.code, Number(row.id)]));
}

/** A pain.001 order as a payment order's model (the reverse of painOrderOf). */
function modelOfPainOrder(order: PainOrder, accountId: number | undefined) {
  const sepaReference =
    order.referenceType === 'SI'
      ? {
          recipientModel: order.reference.slice(0, 4),
          recipientReference: order.reference.slice(4),
        }
      : { recipientModel: null, recipientReference: order.reference };
  const bank = (prefix: string, value: PainOrder['recipientBank']) => ({
    [`${prefix}BIC`]: value?.bic ?? null,
    [`${prefix}Name`]: value?.name ?? null,
    [`${prefix}Address`]: value?.address ?? null,
    [`${prefix}Town`]: value?.town ?? null,
    [`${prefix}CountryCode`]: value?.countryCode ?? null,
    // A bank without a BIC named by its clearing code (only the recipient's bank has one).
    ...(prefix === 'recipientBank'
      ? {
          recipientBankClearingId:
            value?.clearingSystem && value.clearingMemberId
              ? `${value.clearingSystem}${value.clearingMemberId}`
              : null,
        }
      : {}),
  });
  return {
    recipientIdCb: order.recipientName,
    recipientIBAN: order.recipientIban,
    recipientBIC: order.recipientBic ?? null,
    recipientAddress: order.recipientAddress ?? null,
    recipientTown: order.recipientTown ?? null,
    recipientCountryCode: order.recipientCountryCode ?? null,
    paymentType: order.paymentType,
    recipientReferenceType: order.referenceType,
    ...sepaReference,
    amount: order.amount,
    currencyCode: order.currency,
    purposeCode: order.purposeCode ?? null,
    description: order.description ?? null,
    executionDate: order.executionDate,
    organizationBankAccountId: accountId ?? null,
    ...(order.paymentType === 'NONSEPA'
      ? {
          ...bank('recipientBank', order.recipientBank),
          ...bank('intermediaryBank', order.intermediaryBank),
        }
      : {}),
  };
}

/** The orders of a pain.001: its own problems and unknown paying accounts are errors. */
async function painOrders(
  trx: Trx,
  organizationId: string,
  file: UploadedFile,
  fileIndex: number,
  locale: Locale,
): Promise<{ orders: UploadedOrder[]; errors: MessageSpec[] }> {
  const read = readPain001(file.bytes);
  const accounts = await accountsByIban(trx, organizationId);
  const errors: MessageSpec[] = read.problems.map((problem) =>
    painProblem(locale, file.filename, fileIndex, read.orders, problem),
  );
  const orders = read.orders.map((order, index) => {
    const accountId = accounts.get(order.debtorIban);
    if (accountId === undefined)
      errors.push({
        code: 'errors.payOrder.upload.unknownAccount',
        parameters: [file.filename, index + 1, order.debtorIban],
        field: `files.${fileIndex}.rows.${index + 1}.organizationBankAccountId`,
      });
    return {
      file: file.filename,
      fileIndex,
      kind: 'transaction' as const,
      row: index + 1,
      model: modelOfPainOrder(order, accountId),
    };
  });
  return { orders, errors };
}

/** Orders from the UPN (or EPC) QR codes of an image or PDF: one per code. */
async function qrOrders(
  kind: PageFileKind,
  file: UploadedFile,
  fileIndex: number,
): Promise<{ orders: UploadedOrder[]; errors: MessageSpec[] }> {
  const orders: UploadedOrder[] = [];
  const limits = { ...QR_LIMITS, deadline: Date.now() + QR_TIME_MS };
  for await (const page of readPages(kind, file.bytes, limits)) {
    for (const code of await findQrCodes(page)) {
      const qr = readPaymentQr(code.bytes, code.hasEci ? code.text : undefined);
      if (!qr) continue;
      const v = qr.values;
      const iban = v.iban ?? '';
      const model = v.referenceModel ?? '';
      const today = toIsoDate(new Date());
      const due = v.dueDate && v.dueDate > today ? v.dueDate : today;
      const paymentType = paymentTypeOf(iban, v.currencyCode ?? 'EUR');
      orders.push({
        file: file.filename,
        fileIndex,
        kind: 'qr',
        row: orders.length + 1,
        model: {
          recipientIdCb: v.supplierName ?? '',
          recipientIBAN: iban,
          recipientBIC: v.bic ?? null,
          paymentType,
          ...(/^SI\d{2}$/.test(model)
            ? {
                recipientReferenceType: 'SI',
                recipientModel: model,
                recipientReference: v.reference ?? '',
              }
            : /^RF/.test(model)
              ? {
                  recipientReferenceType: 'RF',
                  recipientModel: null,
                  recipientReference: `${model}${v.reference ?? ''}`,
                }
              : {
                  recipientReferenceType: 'NRC',
                  recipientModel: null,
                  recipientReference: v.reference ?? '',
                }),
          amount: v.totalAmount ?? '',
          currencyCode: v.currencyCode ?? 'EUR',
          purposeCode: v.purposeCode ?? null,
          description: v.description ?? null,
          executionDate: due,
        },
      });
    }
  }
  const errors: MessageSpec[] =
    orders.length === 0
      ? [
          {
            code: 'errors.payOrder.upload.noQr',
            parameters: [file.filename],
            field: `files.${fileIndex}`,
          },
        ]
      : [];
  return { orders, errors };
}

/**
 * The orders of uploaded pain.001 files and UPN QR images or PDFs, with every problem found
 * (a file that is none of them, a file's own problems, an unknown paying account). Throws
 * 400 with all of them; spreadsheets are the table import's (see the service).
 */
export async function readUploadedOrders(
  trx: Trx,
  organizationId: string,
  files: readonly UploadedFile[],
  locale: Locale,
): Promise<UploadedOrder[]> {
  const orders: UploadedOrder[] = [];
  const errors: MessageSpec[] = [];
  for (const [fileIndex, file] of files.entries()) {
    const kind = uploadKindOf(file);
    if (kind === undefined || kind === 'spreadsheet' || kind === 'tiff') {
      errors.push({
        code: 'errors.payOrder.upload.kind',
        parameters: [file.filename],
        field: `files.${fileIndex}`,
      });
      continue;
    }
    const found =
      kind === 'pain001'
        ? await painOrders(trx, organizationId, file, fileIndex, locale)
        : await qrOrders(kind, file, fileIndex);
    orders.push(...found.orders);
    errors.push(...found.errors);
  }
  if (errors.length) throw new AppError(400, errors);
  if (orders.length === 0) throw badRequest('errors.payOrder.upload.empty');
  return orders;
}
