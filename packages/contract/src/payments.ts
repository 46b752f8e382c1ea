import { z } from 'zod';
import { defineRoute } from './route';
import { IgnoreWarningsQuerySchema, RecordSchema } from './tables';

/**
 * Payments (spec §7 Payments; issue 8; docs/payments.md): payment orders made from approved
 * documents or uploaded files, split, marked, grouped into packages, written to pain.001
 * files for the bank, printed as UPN forms and settled by bank statements.
 */

/** Orders or packages one call takes at most. */
export const MAX_PAYMENT_KEYS = 10_000;
/** A payment file or statement upload, at most. */
export const PAYMENT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

export const PAY_ORDER_MARK_STATES = ['draft', 'ready', 'paid', 'rejected', 'cancelled'] as const;
export const PAY_PACKAGE_MARK_STATES = ['paid', 'rejected', 'cancelled'] as const;

const keys = z.array(z.string().max(64)).min(1).max(MAX_PAYMENT_KEYS);

export const PAIN_TYPES = ['application/xml'] as const;

const ItemsResponseSchema = z.object({ items: z.array(RecordSchema), undoId: z.string() });

/** How orders are made from documents: one per document, or one per supplier and account. */
export const FromDocumentsBodySchema = z.strictObject({
  documentKeys: keys,
  grouping: z.enum(['each', 'supplier']).default('each'),
  /** The paying account (organisation bank account id); its default account when absent. */
  organizationBankAccountId: z.number().int().positive().optional(),
  /** yyyy-mm-dd; each document's due date (today at the earliest) when absent. */
  executionDate: z.iso.date().optional(),
});

export const SplitBodySchema = z.strictObject({
  splitVal: z.union([z.string().max(30), z.number()]),
  /** The order's version the user split: an order changed since is refused (issue 22: a split sent twice splits once). */
  version: z.number().int().positive(),
});

export const MarkOrdersBodySchema = z.strictObject({
  keys,
  state: z.enum(PAY_ORDER_MARK_STATES),
});
export const MarkPackagesBodySchema = z.strictObject({
  keys,
  state: z.enum(PAY_PACKAGE_MARK_STATES),
});

export const OrderKeysBodySchema = z.strictObject({ keys });

/** pay: the orders (ready or in open packages) or the open packages to send. */
export const PayBodySchema = z
  .strictObject({
    keys: keys.optional(),
    packageKeys: keys.optional(),
  })
  .refine((body) => body.keys !== undefined || body.packageKeys !== undefined, {
    message: 'validation.required',
    path: ['keys'],
  });

export const UploadQuerySchema = IgnoreWarningsQuerySchema.extend({
  dryRun: IgnoreWarningsQuerySchema.shape.ignoreWarnings,
});

/** One order an upload made (or, dry, would make): where it came from and what it is. */
export const UploadRowSchema = z.object({
  file: z.string(),
  /** The row, transaction or page in its file, from 1. */
  row: z.number(),
  recipient: z.string(),
  amount: z.string(),
  key: z.string().nullable(),
});
export const UploadResponseSchema = z.object({
  rows: z.array(UploadRowSchema),
  created: z.number(),
  dryRun: z.boolean(),
  undoId: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** A statement entry no order was found for, as the statement has it. */
export const UnmatchedEntrySchema = z.object({
  endToEndId: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string(),
  /** A returned payment's reason as the bank gave it (RtrInf: AC04, or its own text). */
  bankReason: z.string().nullable().optional(),
});
export const StatementResponseSchema = z.object({
  entries: z.number(),
  paid: z.array(RecordSchema),
  rejected: z.array(RecordSchema),
  unmatched: z.array(UnmatchedEntrySchema),
  undoId: z.string().nullable(),
});
export type StatementResponse = z.infer<typeof StatementResponseSchema>;

const XML_UPLOAD = ['application/xml', 'text/xml'];
const ORDER_UPLOAD = [
  ...XML_UPLOAD,
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'application/pdf',
];

export const paymentRoutes = {
  fromDocuments: defineRoute({
    method: 'POST',
    path: '/api/payOrder/fromDocuments',
    summary:
      'Payment orders from approved documents: one each, or one per supplier and account. Each document is linked to its order; all or nothing, undoable. Warnings (a duplicate, due date passed) wait for ignoreWarnings.',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: FromDocumentsBodySchema,
    response: ItemsResponseSchema,
  }),
  split: defineRoute({
    method: 'POST',
    path: '/api/payOrder/:key/split',
    summary:
      'Split a draft or ready order in two that add up to it: the new one takes splitVal, the original keeps the rest. Refused when splitVal is not above 0 and below the amount.',
    access: 'organization',
    body: SplitBodySchema,
    response: ItemsResponseSchema,
  }),
  mark: defineRoute({
    method: 'POST',
    path: '/api/payOrder/mark',
    summary:
      'Move orders to a state along the allowed transitions (docs/payments.md); all or nothing, undoable.',
    access: 'organization',
    body: MarkOrdersBodySchema,
    response: ItemsResponseSchema,
  }),
  exportXml: defineRoute({
    method: 'POST',
    path: '/api/payOrder/exportXML',
    summary:
      "A pain.001 file of the orders (the paying account's version), checked against the official XSD; no state changes.",
    access: 'organization',
    body: OrderKeysBodySchema,
    download: PAIN_TYPES,
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/api/payOrder/pay',
    summary:
      'Send orders to the bank: ready orders are packaged, every order and package is marked sent, and the checked pain.001 file is the answer.',
    access: 'organization',
    body: PayBodySchema,
    download: PAIN_TYPES,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/payOrder/upload',
    summary:
      'Orders from files (multipart): pain.001 XML, CSV or XLSX (the payOrder columns), UPN QR images or PDFs. Every row is checked; any problem refuses the whole upload, naming its file and row.',
    access: 'organization',
    query: UploadQuerySchema,
    response: UploadResponseSchema,
    upload: { file: 'files', accept: ORDER_UPLOAD },
  }),
  statement: defineRoute({
    method: 'POST',
    path: '/api/payOrder/statement',
    summary:
      'A bank statement or notice (camt.053 or camt.054, multipart): sent orders are marked paid or rejected by their end-to-end id and amount; entries that match no order are listed.',
    access: 'organization',
    response: StatementResponseSchema,
    upload: { file: 'file', accept: XML_UPLOAD },
  }),
  upn: defineRoute({
    method: 'GET',
    path: '/api/payOrder/:key/upn',
    summary: 'The UPN form of an order as a printable PDF with its UPN QR code.',
    access: 'organization',
    download: ['application/pdf'],
  }),
  buildPackages: defineRoute({
    method: 'POST',
    path: '/api/payPackage/build',
    summary:
      'Group ready orders into open packages, one per paying account and execution date; the orders are locked while in a package.',
    access: 'organization',
    body: OrderKeysBodySchema,
    response: ItemsResponseSchema,
  }),
  markPackages: defineRoute({
    method: 'POST',
    path: '/api/payPackage/mark',
    summary:
      'Mark packages and their orders: a sent package paid or rejected, an open one cancelled (its orders go back to ready).',
    access: 'organization',
    body: MarkPackagesBodySchema,
    response: ItemsResponseSchema,
  }),
};
