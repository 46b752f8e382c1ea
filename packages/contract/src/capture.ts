import { z } from 'zod';
import { defineRoute } from './route';

/** Documents one capture call takes at most. */
export const MAX_CAPTURE_KEYS = 500;

/** Where capture reads from (issue 7): tried in this order unless one is named. */
export const CAPTURE_PROVIDERS = ['auto', 'einvoice', 'qr', 'text', 'ocr'] as const;

/** spec §7 POST /api/doc/ocr: documentKeys, documentTypes, provider, ignoreWarnings. */
export const CaptureBodySchema = z.strictObject({
  documentKeys: z.array(z.string().max(64)).min(1).max(MAX_CAPTURE_KEYS),
  /** Only documents of these types are captured (the others are reported, not queued). */
  documentTypes: z.array(z.number().int().positive()).max(100).optional(),
  provider: z.enum(CAPTURE_PROVIDERS).default('auto'),
  /** Capture again a document already captured (its earlier result is replaced). */
  ignoreWarnings: z.boolean().optional(),
});

export const CaptureItemSchema = z.object({
  documentKey: z.string(),
  queued: z.boolean(),
  errors: z.array(z.object({ code: z.string(), msg: z.string() })).optional(),
  warnings: z.array(z.object({ code: z.string(), msg: z.string() })).optional(),
});
export const CaptureResponseSchema = z.object({
  items: z.array(CaptureItemSchema),
  queued: z.number(),
});

/** spec §7 DELETE /api/doc/ocr: documentKeys. */
export const CaptureCancelBodySchema = z.strictObject({
  documentKeys: z.array(z.string().max(64)).min(1).max(MAX_CAPTURE_KEYS),
});
export const CaptureCancelResponseSchema = z.object({ cancelled: z.number() });

export const captureRoutes = {
  queue: defineRoute({
    method: 'POST',
    path: '/api/doc/ocr',
    summary:
      'Queue data capture of documents (e-invoice, QR, text layer, OCR); each checked on its own.',
    access: 'organization',
    body: CaptureBodySchema,
    response: CaptureResponseSchema,
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: '/api/doc/ocr',
    summary: 'Cancel the capture of documents and clear its results.',
    access: 'organization',
    body: CaptureCancelBodySchema,
    response: CaptureCancelResponseSchema,
  }),
};

/**
 * The document field each captured field fills, by capture's names (the server's
 * FILLED_COLUMNS fills their columns; the web flags and highlights them on these fields).
 */
export const CAPTURED_DOC_FIELDS: Readonly<Record<string, string>> = {
  invoiceNumber: 'number',
  issueDate: 'issueDate',
  dueDate: 'dueDate',
  netAmount: 'netAmount',
  vatAmount: 'vatAmount',
  totalAmount: 'totalAmount',
  prepaidAmount: 'prepaidAmount',
  roundingAmount: 'roundingAmount',
  amountDue: 'amountDue',
  currencyCode: 'currencyCode',
  iban: 'paymentIban',
  bic: 'paymentBic',
  referenceModel: 'paymentReferenceModel',
  reference: 'paymentReference',
  purposeCode: 'paymentPurposeCode',
};
