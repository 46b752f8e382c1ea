import { checkIban, checkReference, splitReference } from '@listina/forms';
import { UpnError } from './upn-error';

/**
 * The text of a UPN QR code (ZBS Priloga 7.3, "Struktura zapisa QR na obrazcu UPN QR";
 * shared/domain/PAYMENTS-AND-EINVOICES.md §3): 19 fields and a control length, each ending in
 * LF, in ISO 8859-2. Length rules, per kind of field:
 * - the structured fields (IBANs, references, amount, purpose code, dates) are refused when
 *   they do not fit: cut short they would pay the wrong account or amount;
 * - the free-text fields (names, addresses, towns, purpose) are cut to their maximum, as the
 *   boxes of the printed form are: "no leading or trailing spaces" (Priloga 7.3) holds after
 *   the cut too, and a line break or tab becomes a space, since LF ends a field.
 * A character outside ISO 8859-2 is refused (UpnError 'errors.upn.character'): the code has
 * no way to hold it, and replacing it silently would print something the user did not write.
 */

export interface UpnData {
  payerName?: string;
  payerAddress?: string;
  payerTown?: string;
  payerIban?: string;
  /** Model and reference of the payer (field 5), 'SI00225268-32526-222'; usually empty. */
  payerReference?: string;
  /** Euros with a decimal point: '123.45'. */
  amount: string;
  /** The day the payer pays (field 10), yyyy-mm-dd; usually left for the payer to write. */
  paymentDate?: string;
  /** "Nujno" (field 11): an urgent payment. */
  isUrgent?: boolean;
  /** Four letters (ISO 20022 ExternalPurpose1Code): 'GDSV', 'SUPP'. */
  purposeCode: string;
  /** Up to 42 characters. */
  purpose: string;
  /** yyyy-mm-dd */
  dueDate?: string;
  recipientIban: string;
  /** 'SI1212345678909', 'RF18539007547034', or 'SI99' (or empty) for none. */
  recipientReference: string;
  recipientName: string;
  recipientAddress: string;
  recipientTown: string;
}

/** Fields 1–19 of Priloga 7.3 in their order, with their maximum lengths. */
export const UPN_FIELDS = [
  ['leader', 5],
  ['payerIban', 19],
  ['deposit', 1],
  ['withdrawal', 1],
  ['payerReference', 26],
  ['payerName', 33],
  ['payerAddress', 33],
  ['payerTown', 33],
  ['amount', 11],
  ['paymentDate', 10],
  ['urgent', 1],
  ['purposeCode', 4],
  ['purpose', 42],
  ['dueDate', 10],
  ['recipientIban', 34],
  ['recipientReference', 26],
  ['recipientName', 33],
  ['recipientAddress', 33],
  ['recipientTown', 33],
] as const;

export type UpnFieldName = (typeof UPN_FIELDS)[number][0];

/** The fields as the code holds them (and the form prints them); field 20 is `controlLength`. */
export type UpnFields = Record<UpnFieldName, string> & { controlLength: string };

/** Priloga 7.3, footnote: what a version 15 symbol with ECC M, byte mode and ECI 4 holds. */
export const UPN_QR_CAPACITY = 411;

export function upnFields(data: UpnData): UpnFields {
  const recipientName = freeText(data.recipientName, 'recipientName', 33);
  if (!recipientName) throw new UpnError('errors.upn.recipientName', 'recipientName');
  const purpose = freeText(data.purpose, 'purpose', 42);
  if (!purpose) throw new UpnError('errors.upn.purpose', 'purpose');
  const fields: Omit<UpnFields, 'controlLength'> = {
    leader: 'UPNQR',
    payerIban: payerIban(data.payerIban),
    deposit: '',
    withdrawal: '',
    payerReference: reference(data.payerReference ?? '', 'payerReference', ''),
    payerName: freeText(data.payerName, 'payerName', 33),
    payerAddress: freeText(data.payerAddress, 'payerAddress', 33),
    payerTown: freeText(data.payerTown, 'payerTown', 33),
    amount: cents(data.amount),
    paymentDate: date(data.paymentDate, 'paymentDate'),
    urgent: data.isUrgent ? 'X' : '',
    purposeCode: purposeCode(data.purposeCode),
    purpose,
    dueDate: date(data.dueDate, 'dueDate'),
    recipientIban: iban(data.recipientIban, 'recipientIban'),
    recipientReference: reference(data.recipientReference, 'recipientReference', 'SI99'),
    recipientName,
    recipientAddress: freeText(data.recipientAddress, 'recipientAddress', 33),
    recipientTown: freeText(data.recipientTown, 'recipientTown', 33),
  };
  // Field 20: the characters of fields 1–19 with their LFs (the example's 252), 3 digits.
  const length = UPN_FIELDS.reduce((sum, [name]) => sum + fields[name].length + 1, 0);
  return { ...fields, controlLength: String(length).padStart(3, '0') };
}

/** The bytes of the UPN QR code for a payment: fields 1–20, each ending in LF, ISO 8859-2. */
export function upnPayload(data: UpnData): Uint8Array {
  return upnPayloadOf(upnFields(data));
}

/** The bytes of fields already checked by upnFields. */
export function upnPayloadOf(fields: UpnFields): Uint8Array {
  const text = [...UPN_FIELDS.map(([name]) => fields[name]), fields.controlLength]
    .map((field) => `${field}\n`)
    .join('');
  const bytes = latin2(text);
  // Cannot happen: the maximum lengths add up to 409.
  if (bytes.length > UPN_QR_CAPACITY) throw new Error(`UPN QR text of ${bytes.length} bytes`);
  return bytes;
}

const LATIN2 = latin2Table();

function latin2Table(): Map<string, number> {
  const decoder = new TextDecoder('iso-8859-2');
  const table = new Map<string, number>();
  for (let byte = 0x20; byte < 0x100; byte++) {
    if (byte >= 0x7f && byte < 0xa0) continue; // DEL and the C1 controls: not text
    table.set(decoder.decode(Uint8Array.of(byte)), byte);
  }
  table.set('\n', 0x0a);
  return table;
}

/** ISO 8859-2 bytes of a text already checked by freeText (or ASCII by construction). */
function latin2(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => LATIN2.get(char) ?? 0x3f);
}

function freeText(value: string | undefined, field: string, max: number): string {
  const text = (value ?? '')
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  for (const char of text) {
    if (!LATIN2.has(char)) throw new UpnError('errors.upn.character', field, [char, text]);
  }
  return text.slice(0, max).trimEnd();
}

const compact = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase();

function iban(value: string, field: string): string {
  const written = compact(value);
  if (checkIban(written)) throw new UpnError('errors.upn.iban', field, [value]);
  return written;
}

/** Field 2 holds 19 characters: the payer's account is a Slovenian one. */
function payerIban(value: string | undefined): string {
  const written = compact(value);
  if (!written) return '';
  if (!written.startsWith('SI'))
    throw new UpnError('errors.upn.payerIban', 'payerIban', [value ?? '']);
  return iban(written, 'payerIban');
}

/** Model and reference together, no spaces (Priloga 7.3, fields 5 and 16): SI or RF only. */
function reference(value: string, field: string, empty: string): string {
  const written = compact(value);
  if (!written) return empty;
  const split = splitReference(written);
  if (split.model === 'NRC' || checkReference(split)) {
    throw new UpnError('errors.upn.reference', field, [value]);
  }
  return split.model + split.reference;
}

/**
 * '1268.74' → '00000126874': cents, 11 digits with leading zeros; at most 999.999.999,99
 * (nine digits of euros), no sign.
 */
function cents(value: string): string {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new UpnError('errors.upn.amount', 'amount', [value]);
  const total = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return String(total).padStart(11, '0');
}

function purposeCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!/^[A-Z]{4}$/.test(code))
    throw new UpnError('errors.upn.purposeCode', 'purposeCode', [value]);
  return code;
}

/** 'yyyy-mm-dd' → 'dd.mm.yyyy'; an empty field when there is no date. */
function date(value: string | undefined, field: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [, year = '', month = '', day = ''] = match ?? [];
  const parsed = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.getUTCDate() !== Number(day)) {
    throw new UpnError('errors.upn.date', field, [value]);
  }
  return `${day}.${month}.${year}`;
}
