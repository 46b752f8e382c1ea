import { checkBic, checkIban } from '@listina/forms';
import { PAYMENT_PURPOSES } from '../../../db/reference-data';
import { amount } from '../einvoice/captured-fields';
import { checkReference, splitReference } from '../einvoice/payment-reference';
import { parseDate } from '../text/dates';

/**
 * The payment a QR code on an invoice holds (issue 7, source 2), read from the code's bytes:
 * - UPN QR, the Slovenian payment slip's code (ZBS Priloga 7.3; shared/domain/
 *   PAYMENTS-AND-EINVOICES.md §3): 'UPNQR' and 19 more fields, each ending in LF, the 20th the
 *   count of characters in fields 1–19 with their LFs, in ISO 8859-2;
 * - EPC QR (EPC069-12, "GiroCode"): 'BCD', version, character set, 'SCT', BIC, name, IBAN,
 *   'EUR' and the amount, purpose, structured or unstructured remittance, one a line.
 * Only what concerns the payee is kept (the UPN's payer fields are the buyer's). Every value
 * is checked as the other sources check it; a wrong one is kept with a problem naming it.
 */

export type PaymentQrKind = 'upnqr' | 'epc';

export type QrField =
  | 'supplierName'
  | 'iban'
  | 'bic'
  | 'totalAmount'
  | 'currencyCode'
  | 'referenceModel'
  | 'reference'
  | 'purposeCode'
  | 'dueDate'
  | 'description';

export interface QrProblem {
  /** The value it concerns; none when it concerns the whole code. */
  field?: QrField;
  /** A catalogue key (capture-sources.json, capture.json or the shared validation.*). */
  code: string;
  parameters: string[];
}

export interface PaymentQr {
  kind: PaymentQrKind;
  values: Partial<Record<QrField, string>>;
  problems: QrProblem[];
}

/**
 * The payment in a QR code's bytes, or undefined when the code is neither UPN QR nor EPC QR.
 * `text` is the reader's decoding, used when the code declared its character set (ECI).
 */
export function readPaymentQr(bytes: Uint8Array, text?: string): PaymentQr | undefined {
  const head = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
  if (head.startsWith('UPNQR')) return readUpnQr(text ?? upnText(bytes));
  if (/^BCD\r?\n/.test(head)) return readEpcQr(bytes);
  return undefined;
}

/**
 * UPN QR is ISO 8859-2 by the standard; some generators write UTF-8 without saying so, which
 * shows as valid multi-byte sequences (ISO 8859-2 letters one after another almost never are).
 */
function upnText(bytes: Uint8Array): string {
  if (bytes.some((byte) => byte >= 0x80)) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // Not UTF-8: the standard's encoding.
    }
  }
  return new TextDecoder('iso-8859-2').decode(bytes);
}

/** Field numbers of the UPN QR (Priloga 7.3) that concern the payee, from 1. */
const UPN = {
  leader: 1,
  amount: 9,
  purposeCode: 12,
  purpose: 13,
  dueDate: 14,
  iban: 15,
  reference: 16,
  name: 17,
  controlSum: 20,
} as const;

export function readUpnQr(text: string): PaymentQr {
  const fields = text.split('\n');
  const field = (n: number) => fields[n - 1] ?? '';
  const result: PaymentQr = { kind: 'upnqr', values: {}, problems: [] };
  if (fields.length < UPN.controlSum || field(UPN.leader) !== 'UPNQR') {
    result.problems.push({ code: 'capture.qr.format', parameters: ['UPN QR'] });
    return result;
  }
  const counted = fields.slice(0, UPN.controlSum - 1).reduce((sum, f) => sum + f.length + 1, 0);
  const written = field(UPN.controlSum).trim();
  if (!/^\d{3}$/.test(written) || Number(written) !== counted) {
    result.problems.push({
      code: 'capture.qr.controlSum',
      parameters: [written, String(counted).padStart(3, '0')],
    });
  }
  const put = putter(result);
  const cents = field(UPN.amount).trim();
  if (!/^\d{11}$/.test(cents)) put('totalAmount', undefined, 'capture.amount.invalid', cents);
  else if (/[1-9]/.test(cents)) {
    put('totalAmount', euros(cents));
    put('currencyCode', 'EUR');
  }
  putIban(put, field(UPN.iban));
  putReference(put, field(UPN.reference), true);
  putPurposeCode(put, field(UPN.purposeCode));
  put('description', field(UPN.purpose).trim());
  put('supplierName', field(UPN.name).trim());
  const due = field(UPN.dueDate).trim();
  if (due) {
    const iso = /^\d{2}\.\d{2}\.\d{4}$/.test(due) ? parseDate(due) : undefined;
    // An impossible date is left out: the document's date field would refuse it.
    if (iso) put('dueDate', iso);
    else put('dueDate', undefined, 'capture.date.invalid', due);
  }
  return result;
}

/** EPC069-12 §3.2: the character set line names one of these. */
const EPC_CHARSETS = [
  'utf-8',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-7',
  'iso-8859-10',
  'iso-8859-15',
];

export function readEpcQr(bytes: Uint8Array): PaymentQr {
  const result: PaymentQr = { kind: 'epc', values: {}, problems: [] };
  const latin = Buffer.from(bytes).toString('latin1').split(/\r?\n/);
  const charset = EPC_CHARSETS[Number(latin[2]) - 1];
  const [version = '', identification = ''] = [latin[1], latin[3]];
  if (!charset || !/^00[12]$/.test(version) || !['SCT', 'INST'].includes(identification)) {
    result.problems.push({ code: 'capture.qr.format', parameters: ['EPC QR'] });
    return result;
  }
  const lines = new TextDecoder(charset).decode(bytes).split(/\r?\n/);
  const line = (n: number) => (lines[n] ?? '').trim();
  const put = putter(result);
  const bic = line(4).toUpperCase();
  if (bic) {
    const problem = checkBic(bic);
    put('bic', bic, problem && `validation.bic.${problem}`);
  }
  put('supplierName', line(5));
  putIban(put, line(6));
  const written = line(7);
  if (written) {
    const match = /^EUR(\d{1,9}(?:\.\d{1,2})?)$/.exec(written);
    const value = match?.[1] && amount(match[1]);
    if (value && value !== '0.00') {
      put('totalAmount', value);
      put('currencyCode', 'EUR');
    } else put('totalAmount', undefined, 'capture.amount.invalid', written);
  }
  putPurposeCode(put, line(8));
  putReference(put, line(9), false);
  put('description', line(10));
  return result;
}

type Put = (
  field: QrField,
  value: string | undefined,
  problem?: string | false,
  ...parameters: string[]
) => void;

/** Keeps a value (when there is one) and its problem (when it has one). */
function putter(result: PaymentQr): Put {
  return (field, value, problem, ...parameters) => {
    if (value !== undefined && value !== '') result.values[field] = value;
    if (problem) result.problems.push({ field, code: problem, parameters });
  };
}

/** Eleven digits of cents as a decimal: '00000126874' is '1268.74'. */
function euros(cents: string): string {
  const digits = cents.replace(/^0+(?=\d{3})/, '');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function putIban(put: Put, written: string): void {
  const iban = written.replace(/\s+/g, '').toUpperCase();
  if (!iban) return;
  const problem = checkIban(iban);
  put('iban', iban, problem && `validation.iban.${problem}`);
}

/**
 * Model and reference as the other sources split them (SI12 + 1234…, RF18 + 5390…). UPN QR
 * allows only SI and RF references; EPC's structured remittance may hold others (kept as NRC).
 */
function putReference(put: Put, written: string, isSiOrRfOnly: boolean): void {
  if (!written) return;
  const split = splitReference(written);
  if (split.model === 'NRC' && isSiOrRfOnly) {
    put('reference', undefined, 'capture.reference.format', '', written);
    return;
  }
  const problem = checkReference(split);
  put('referenceModel', split.model);
  put(
    'reference',
    split.reference,
    problem && `capture.reference.${problem}`,
    split.model,
    split.reference,
  );
}

function putPurposeCode(put: Put, written: string): void {
  const code = written.trim().toUpperCase();
  if (!code) return;
  const isKnown = PAYMENT_PURPOSES.some((each) => each.code === code);
  put('purposeCode', code, !isKnown && 'capture.purposeCode.unknown', code);
}
