import type { FoundValue, PageBox } from '../text/text-fields';
import type { PaymentQr, PaymentQrKind, QrField, QrProblem } from './payment-qr';

/**
 * The capture fields of the payment QR codes found on a main file's pages. A code's values
 * are exact (confidence 1), as an e-invoice's are; a value that fails its check is kept for
 * the form to show, but marked for review, and a UPN QR whose control sum is wrong (a damaged
 * or hand-edited code) has all its values marked so. The first code found, in page order,
 * gives the fields; the others are listed with their problems.
 */

export const QR_CONFIDENCE = 1;
/** A value that failed its own check (check digits, format). */
export const QR_WRONG_VALUE = 0.5;
/** Every value of a UPN QR whose control sum disagrees is this much less certain. */
const WRONG_CONTROL_SUM = 0.6;

export interface LocatedQr {
  payment: PaymentQr;
  box: PageBox;
}

export interface QrCodeSummary {
  kind: PaymentQrKind;
  page: number;
  problems: QrProblem[];
}

export interface QrCapture {
  fields: Partial<Record<QrField | 'amountDue', FoundValue>>;
  codes: QrCodeSummary[];
}

export function qrFields(found: readonly LocatedQr[]): QrCapture {
  const codes = found.map(({ payment, box }) => ({
    kind: payment.kind,
    page: box.page,
    problems: payment.problems,
  }));
  // The first code that holds a payment at all: a damaged one before it gives nothing.
  const first = found.find(({ payment }) => Object.keys(payment.values).length > 0);
  if (!first) return { fields: {}, codes };
  const { payment, box } = first;
  const isSumWrong = payment.problems.some((p) => p.code === 'capture.qr.controlSum');
  const fields: Partial<Record<QrField, FoundValue>> = {};
  for (const [field, value] of Object.entries(payment.values) as [QrField, string][]) {
    const isWrong = payment.problems.some((p) => p.field === field);
    const confidence =
      (isWrong ? QR_WRONG_VALUE : QR_CONFIDENCE) * (isSumWrong ? WRONG_CONTROL_SUM : 1);
    fields[field] = { value, confidence, source: 'qr', box };
  }
  return { fields: withAmountDue(fields), codes };
}

/**
 * A payment code's amount is what is to be paid (issue 21): the amount due. It is the total
 * only when nothing was prepaid, so as the total it is marked for review, and a total the
 * invoice's text states is taken before it.
 */
export const QR_AS_TOTAL = 0.85;

type QrFields = Partial<Record<QrField | 'amountDue', FoundValue>>;

function withAmountDue(fields: Partial<Record<QrField, FoundValue>>): QrFields {
  const amount = fields.totalAmount;
  if (!amount) return fields;
  return {
    ...fields,
    amountDue: amount,
    totalAmount: { ...amount, confidence: Math.min(amount.confidence, QR_AS_TOTAL) },
  };
}
