import { z } from 'zod';
import { ApiMessageSchema, text } from './common';
import { defineRoute } from './route';

/**
 * Invoices by e-mail (issue 25): the organisation's intake address, the log of every message
 * that came in (the Intake page), what an admin does with a quarantined one, and the test of a
 * mailbox's settings. Mailboxes and rules themselves are tables (intakeMailbox, intakeRule).
 */

export const INTAKE_RESULTS = [
  'imported',
  'duplicate',
  'quarantined',
  'skipped',
  'released',
  'deleted',
] as const;
export type IntakeResultCode = (typeof INTAKE_RESULTS)[number];

export const IntakeAddressSchema = z.object({
  /** `<intake code>@<INTAKE_DOMAIN>`: mail sent there becomes the organisation's documents. */
  address: z.string(),
  /** Whether this installation receives mail itself (INTAKE_SMTP_PORT is set). */
  receivesMail: z.boolean(),
});
export type IntakeAddress = z.infer<typeof IntakeAddressSchema>;

const DocLinkSchema = z.object({ key: z.string(), title: z.string() });

export const IntakeMessageSchema = z.object({
  key: z.string(),
  /** ISO time the message first came in. */
  receivedAt: z.string(),
  source: z.enum(['imap', 'smtp']),
  /** The mailbox it was fetched from (IMAP), '' otherwise. */
  mailboxName: z.string(),
  sender: z.string(),
  senderName: z.string(),
  subject: z.string(),
  size: z.number(),
  attachmentCount: z.number(),
  result: z.enum(INTAKE_RESULTS),
  /** Why it was quarantined or skipped (a catalogue message), in the call's language too. */
  reason: ApiMessageSchema.nullable(),
  reasonText: z.string(),
  /** Attachments left out of its documents and why, in the call's language. */
  notes: z.array(z.string()),
  /** The documents made from it (those that still exist). */
  documents: z.array(DocLinkSchema),
  /** The document that already had its invoice (result duplicate). */
  duplicateOf: DocLinkSchema.nullable(),
  /** How often it came in: again and again when a mailbox or a sender repeats it. */
  timesSeen: z.number(),
  /** Whether its .eml is kept (quarantined), for GET .../eml. */
  hasEml: z.boolean(),
  /** Whether this user may release or delete it now (admins, quarantined messages). */
  canRelease: z.boolean(),
  canDelete: z.boolean(),
});
export type IntakeMessage = z.infer<typeof IntakeMessageSchema>;

export const IntakeMessagesQuerySchema = z.object({
  /** Only messages with this result. */
  result: z.enum(INTAKE_RESULTS).optional(),
  /** Words of the sender, subject or reason. */
  search: text(200).optional(),
  /** The cursor of the previous page's last row. */
  after: text(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const IntakeMessagePageSchema = z.object({
  rows: z.array(IntakeMessageSchema),
  /** The cursor of the next page; null on the last. */
  next: z.string().nullable(),
});

export const IntakeSummarySchema = z.object({
  /** Messages waiting for an admin to release or delete them (the home tile). */
  quarantined: z.number(),
});

export const IntakeOutcomeSchema = z.object({
  result: z.enum(INTAKE_RESULTS),
  documentKeys: z.array(z.string()),
  reasonText: z.string(),
});

/** A mailbox's settings as the form has them; an unchanged password is the stored (sealed) one. */
export const MailboxTestBodySchema = z.strictObject({
  /** The stored mailbox, whose password is used when `password` is left empty. */
  key: z.string().optional(),
  host: text(253),
  port: z.coerce.number().int().min(1).max(65535),
  tls: z.boolean(),
  username: text(320),
  password: z.string().max(2000),
  folder: text(200),
});

export const MAILBOX_TEST_STAGES = ['dns', 'connect', 'tls', 'login', 'folder'] as const;

export const MailboxTestSchema = z.object({
  ok: z.boolean(),
  /** Where it failed; null when it worked. */
  stage: z.enum(MAILBOX_TEST_STAGES).nullable(),
  /** What worked or what failed and what to do, in the call's language. */
  message: z.string(),
  /** Messages in the folder (when it opened). */
  messages: z.number().nullable(),
});
export type MailboxTest = z.infer<typeof MailboxTestSchema>;

export const intakeRoutes = {
  address: defineRoute({
    method: 'GET',
    path: '/api/intake/address',
    summary: "The organisation's intake address: mail sent to it becomes documents.",
    access: 'organization',
    response: IntakeAddressSchema,
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/intake/message',
    summary: 'The log of incoming mail, newest first: what became of each message.',
    access: 'organization',
    query: IntakeMessagesQuerySchema,
    response: IntakeMessagePageSchema,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/api/intake/summary',
    summary: 'How many incoming messages wait in quarantine.',
    access: 'organization',
    response: IntakeSummarySchema,
  }),
  release: defineRoute({
    method: 'POST',
    path: '/api/intake/message/:key/release',
    summary: 'Import a quarantined message after all (admins).',
    access: 'organization',
    response: IntakeOutcomeSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/intake/message/:key',
    summary: 'Delete a quarantined message: its content goes, its log row stays (admins).',
    access: 'organization',
    status: 204,
  }),
  eml: defineRoute({
    method: 'GET',
    path: '/api/intake/message/:key/eml',
    summary: 'The kept .eml of a quarantined message (admins).',
    access: 'organization',
    download: ['message/rfc822'],
  }),
  testMailbox: defineRoute({
    method: 'POST',
    path: '/api/intake/mailbox/test',
    summary: "Try a mailbox's settings: name lookup, connection, TLS, login and folder (admins).",
    access: 'organization',
    body: MailboxTestBodySchema,
    response: MailboxTestSchema,
  }),
};
