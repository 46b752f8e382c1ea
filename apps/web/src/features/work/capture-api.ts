import { CAPTURED_DOC_FIELDS, captureRoutes, type TableRecord } from '@listina/contract';
import type { Model } from '@listina/forms';
import { callApi } from '../../api/client';

/**
 * Data capture of documents (issue 7; spec §7 POST and DELETE /api/doc/ocr), and what a
 * document record says about its capture: its state, why it failed, and what was read.
 */

/** How often an editor asks for a document again while its capture runs. */
export const CAPTURE_POLL_MS = 1000;

/** spec issue 7: a value read with less confidence than this is for the user to check. */
export const LOW_CONFIDENCE = 0.9;

/** POST /api/doc/ocr: each document checked on its own; the rest are queued. */
export function queueCapture(documentKeys: string[], ignoreWarnings = false) {
  return callApi(captureRoutes.queue, {
    body: { documentKeys, ...(ignoreWarnings ? { ignoreWarnings: true } : {}) },
  });
}

export type CaptureResponse = Awaited<ReturnType<typeof queueCapture>>;

/** DELETE /api/doc/ocr: stops the capture and clears what it found. */
export function cancelCapture(documentKeys: string[]) {
  return callApi(captureRoutes.cancel, { body: { documentKeys } });
}

export type CaptureState = 'none' | 'pending' | 'done' | 'failed';

const CAPTURE_STATES: readonly string[] = ['none', 'pending', 'done', 'failed'];

export function captureStateOf(record: TableRecord | Model | null | undefined): CaptureState {
  const state = record?.captureState;
  return typeof state === 'string' && CAPTURE_STATES.includes(state)
    ? (state as CaptureState)
    : 'none';
}

/** The catalogue key of why the capture failed, if the server said. */
export function captureErrorOf(record: TableRecord | Model | null | undefined): string | null {
  const error = record?.captureError;
  return typeof error === 'string' && error !== '' ? error : null;
}

const AMOUNTS: ReadonlySet<string> = new Set([
  'netAmount',
  'vatAmount',
  'totalAmount',
  'prepaidAmount',
  'roundingAmount',
  'amountDue',
]);
const CODES: ReadonlySet<string> = new Set(['paymentIban', 'paymentBic', 'paymentReference']);

/** A rectangle on a page of the main file (first page 1), in fractions of the page's size. */
export interface PageBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One value capture found (server capture text-fields FoundValue, learning). */
export interface FoundValue {
  value: unknown;
  confidence: number;
  source?: string;
  /** Text layer: its character offset in the file's text. */
  at?: number;
  /** QR codes and OCR: where on the page it was read. */
  box?: PageBox;
}

/** captureResult.fields, whether the record carries it as JSON text or as an object. */
function foundFieldsOf(captureResult: unknown): Record<string, FoundValue> {
  const fields = (captureResultOf(captureResult) as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, FoundValue] =>
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        typeof (entry[1] as Partial<FoundValue>).confidence === 'number',
    ),
  );
}

/** doc.captureResult as an object, whether the record carries it as JSON text or not. */
export function captureResultOf(captureResult: unknown): object | null {
  let result = captureResult;
  if (typeof result === 'string') {
    try {
      result = JSON.parse(result) as unknown;
    } catch {
      return null;
    }
  }
  return typeof result === 'object' && result !== null ? result : null;
}

/** Whether the form's value is what capture read: "1.5" is "1.50", "SI56 1910" is "SI561910". */
function isSameValue(field: string, found: unknown, current: unknown): boolean {
  const isPlain = (value: unknown) => typeof value === 'string' || typeof value === 'number';
  if (!isPlain(found) || !isPlain(current)) return false;
  const a = String(found).trim();
  const b = String(current).trim();
  if (a === b) return true;
  if (AMOUNTS.has(field)) return a !== '' && b !== '' && Number(a) === Number(b);
  if (CODES.has(field))
    return a.replace(/\s/g, '').toUpperCase() === b.replace(/\s/g, '').toUpperCase();
  return false;
}

/**
 * The document's fields whose value is one capture read with low confidence, and which the
 * user has not changed since: these are the values to check. By the document's field names.
 */
export function lowConfidenceFields(captureResult: unknown, model: Model | null): string[] {
  if (!model) return [];
  return Object.entries(foundFieldsOf(captureResult)).flatMap(([name, found]) => {
    const field = CAPTURED_DOC_FIELDS[name];
    if (!field || found.confidence >= LOW_CONFIDENCE) return [];
    return isSameValue(field, found.value, model[field]) ? [field] : [];
  });
}

/** Capture's name of a document field: the inverse of CAPTURED_DOC_FIELDS, and the supplier. */
const CAPTURE_FIELD_OF: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(CAPTURED_DOC_FIELDS).map(([name, field]) => [field, name])),
  customerKey: 'supplierName',
  description: 'description',
};

/**
 * What capture found for a document field, when it knows where on the page: a box (QR, OCR)
 * or a text-layer offset. The preview highlights it while the field has the focus (issue 7).
 */
export function foundValueOf(captureResult: unknown, field: string): FoundValue | null {
  const name = CAPTURE_FIELD_OF[field];
  const found = name ? foundFieldsOf(captureResult)[name] : undefined;
  if (!found || (found.box === undefined && found.at === undefined)) return null;
  if (found.source === 'learned') return null;
  return found;
}

/** The supplier capture found: its name, VAT ID and IBAN, each '' when not found. */
export interface FoundSupplier {
  name: string;
  vatId: string;
  iban: string;
  bic: string;
}

export function foundSupplierOf(captureResult: unknown): FoundSupplier | null {
  const fields = foundFieldsOf(captureResult);
  const text = (name: string) => {
    const value = fields[name]?.value;
    return typeof value === 'string' ? value.trim() : '';
  };
  const supplier = {
    name: text('supplierName'),
    vatId: text('vatId'),
    iban: text('iban'),
    bic: text('bic'),
  };
  return supplier.name || supplier.vatId || supplier.iban ? supplier : null;
}
