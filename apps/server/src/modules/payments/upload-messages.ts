import { AppError, type MessageSpec } from '../../lib/errors';
import { translate, type Locale } from '../../plugins/i18n';
import { labelIdOf, mapHeader } from '../tables/cell-values';
import type { EntityDef } from '../tables/entity';
import { payOrder } from '../tables/entities/pay-order';
import { IMPORT_MAX_ROWS } from '../tables/import';
import { CellError, readSheet, sniffFormat, unneutralise, type Cell } from '../tables/spreadsheet';
import type { OrderProblem, PainOrder } from './iso20022';

/**
 * How a problem with an uploaded order is told (issue 21): the file, the order in it (a
 * pain.001 transaction, a QR code of an image or PDF, a row of a CSV or XLSX table), the
 * field and the value that is wrong, then why, in the inner message's own words and with its
 * own parameters where they were: 'orders.xml, transaction 2, Recipient IBAN “SI56…”: SI56…
 * is not a valid IBAN.' Never the file's name where the value belongs.
 */

/** Which kind of order of its file it is, and its number there (1 = the first). */
export interface UploadPlace {
  file: string;
  fileIndex: number;
  kind: 'transaction' | 'qr' | 'row';
  /** The order's number in its file; for a table the row number the spreadsheet shows. */
  row: number;
}

/** Where a PainOrder field is on a payment order: its payOrder field, or its own label. */
const PAIN_FIELD: Readonly<Record<string, string>> = {
  amount: 'amount',
  currency: 'currencyCode',
  paymentType: 'paymentType',
  executionDate: 'executionDate',
  debtorIban: 'organizationBankAccountId',
  recipientName: 'recipientIdCb',
  recipientIban: 'recipientIBAN',
  recipientBic: 'recipientBIC',
  recipientAddress: 'recipientAddress',
  recipientTown: 'recipientTown',
  recipientCountryCode: 'recipientCountryCode',
  referenceType: 'recipientReferenceType',
  reference: 'recipientReference',
  purposeCode: 'purposeCode',
  description: 'description',
  // A non-SEPA order without its recipient's bank: its BIC is what to give first.
  recipientBank: 'recipientBankBIC',
  'recipientBank.bic': 'recipientBankBIC',
  'recipientBank.name': 'recipientBankName',
  'recipientBank.address': 'recipientBankAddress',
  'recipientBank.town': 'recipientBankTown',
  'recipientBank.countryCode': 'recipientBankCountryCode',
  'intermediaryBank.bic': 'intermediaryBankBIC',
  'intermediaryBank.name': 'intermediaryBankName',
  'intermediaryBank.address': 'intermediaryBankAddress',
  'intermediaryBank.town': 'intermediaryBankTown',
  'intermediaryBank.countryCode': 'intermediaryBankCountryCode',
};

/** pain.001 fields no payment order has: they have labels of their own. */
const PAIN_ONLY_LABEL: Readonly<Record<string, string>> = {
  endToEndId: 'payments.upload.field.endToEndId',
  debtorName: 'payments.upload.field.debtorName',
  debtorBic: 'payments.upload.field.debtorBic',
};

/** The payOrder field of a pain.001 problem's field (the pain field when there is none). */
export const payOrderFieldOf = (painField: string): string => PAIN_FIELD[painField] ?? painField;

/** The label of a payOrder field, or of a pain.001 field no payment order has. */
export const fieldLabel = (locale: Locale, field: string): string =>
  translate(locale, PAIN_ONLY_LABEL[field] ?? labelIdOf(payOrder, field));

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A problem's message in the reader's language: translated here, so it can be nested. */
const say = (locale: Locale, problem: MessageSpec) =>
  translate(locale, problem.code, problem.parameters ?? []);

function placeText(locale: Locale, place: UploadPlace): string {
  return translate(locale, `payments.upload.at.${place.kind}`, [place.row]);
}

/**
 * A problem with one order of an uploaded file, on `field` (a payOrder field, or a pain.001
 * one without a payOrder field), whose value in the file is `value`.
 */
export function uploadProblem(
  locale: Locale,
  place: UploadPlace,
  problem: MessageSpec,
  field: string | undefined,
  value: unknown,
): MessageSpec {
  const at = `files.${place.fileIndex}.rows.${place.row}`;
  const where = placeText(locale, place);
  const why = say(locale, problem);
  if (field === undefined || field === '') {
    return {
      code: 'errors.payOrder.upload.order',
      parameters: [place.file, where, why],
      field: at,
    };
  }
  const label = fieldLabel(locale, field);
  const text = textOf(value);
  return text === ''
    ? {
        code: 'errors.payOrder.upload.emptyValue',
        parameters: [place.file, where, label, why],
        field: `${at}.${field}`,
      }
    : {
        code: 'errors.payOrder.upload.value',
        parameters: [place.file, where, label, text, why],
        field: `${at}.${field}`,
      };
}

/** A problem of a whole file (its control totals, its header): the file, then why. */
export function uploadFileProblem(
  locale: Locale,
  file: string,
  fileIndex: number,
  problem: MessageSpec,
): MessageSpec {
  return {
    code: 'errors.payOrder.upload.file',
    parameters: [file, say(locale, problem)],
    field: `files.${fileIndex}`,
  };
}

/** The value of a PainOrder field ('recipientBank.bic' too) of an order read from a file. */
function painValue(order: PainOrder | undefined, field: string): unknown {
  if (!order) return undefined;
  const [head = '', tail] = field.split('.');
  const value: unknown = (order as unknown as Record<string, unknown>)[head];
  return tail === undefined ? value : (value as Record<string, unknown> | undefined)?.[tail];
}

/** A problem readPain001 found, told with the value from the file. */
export function painProblem(
  locale: Locale,
  file: string,
  fileIndex: number,
  orders: readonly PainOrder[],
  problem: OrderProblem,
): MessageSpec {
  const inner: MessageSpec = { code: problem.code, parameters: problem.parameters };
  if (problem.index < 0) return uploadFileProblem(locale, file, fileIndex, inner);
  const place: UploadPlace = { file, fileIndex, kind: 'transaction', row: problem.index + 1 };
  const field = problem.field === undefined ? undefined : payOrderFieldOf(problem.field);
  return uploadProblem(
    locale,
    place,
    inner,
    field,
    problem.field && painValue(orders[problem.index], problem.field),
  );
}

/**
 * The table import's refusal of an uploaded CSV or XLSX of orders, told as the other uploads
 * are: each problem of a row with the file, the row, the field and the value in its cell.
 */
export async function sheetRefusal(
  locale: Locale,
  file: { filename: string; bytes: Buffer },
  entity: EntityDef,
  error: AppError,
): Promise<AppError> {
  // A file the import could not read has no values to show: its problems are the file's.
  const values = await sheetValues(entity, file.bytes).catch(() => new Map<string, string>());
  const tell = (problem: MessageSpec): MessageSpec => {
    const inner: MessageSpec = { code: problem.code, parameters: problem.parameters ?? [] };
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(problem.field ?? '');
    if (!match) return uploadFileProblem(locale, file.filename, 0, inner);
    const row = Number(match[1]);
    const field = match[2];
    const place: UploadPlace = { file: file.filename, fileIndex: 0, kind: 'row', row };
    return uploadProblem(locale, place, inner, field, field && values.get(`${row}.${field}`));
  };
  return new AppError(error.statusCode, error.errors.map(tell), error.warnings);
}

/** The text of every cell of the file by 'row.field', as the spreadsheet shows it. */
async function sheetValues(entity: EntityDef, bytes: Buffer): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const format = sniffFormat(bytes);
  if (!format || format === 'xls') return values;
  const sheet = await readSheet(bytes, format, IMPORT_MAX_ROWS);
  if (!sheet) return values;
  const { targets } = mapHeader(entity, sheet.header);
  for (const row of sheet.rows) {
    row.cells.forEach((cell, index) => {
      const target = targets[index];
      if (target?.kind === 'column')
        values.set(`${row.number}.${target.column.name}`, cellText(cell));
    });
  }
  return values;
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof CellError) return cell.text;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return typeof cell === 'string' ? unneutralise(cell) : String(cell);
}
