import { z } from 'zod';
import { defineRoute } from './route';
import { IgnoreWarningsQuerySchema, RecordSchema } from './tables';

/** spec §3 workflow result codes. */
export const WORKFLOW_RESULT_CODES = [
  'confirmed',
  'forwarded',
  'returnToBeginning',
  'supplementData',
  'rejected',
  'oneStepBack',
  'movedToArchive',
  'switchWorkflow',
] as const;
export type WorkflowResultCode = (typeof WORKFLOW_RESULT_CODES)[number];

/** Documents one bulk workflow action takes at most. */
export const MAX_WORKFLOW_KEYS = 1000;
/** Longest comment of an action. */
export const MAX_WORKFLOW_COMMENT = 2000;

/** What an action carries besides its result code, on one document or many (spec §7 extras). */
const WorkflowExtrasFields = {
  /** Why: required to reject, to ask for more data, and where the step says so to return. */
  comment: z.string().max(MAX_WORKFLOW_COMMENT).optional(),
  /** forwarded: the member (member key or user key) who takes the step over. */
  userId: z.string().max(64).optional(),
  /** switchWorkflow: the workflow (its key or id) the document moves to. */
  workflowId: z.union([z.string().max(64), z.number().int().positive()]).optional(),
};

/** A document's version as the user saw it; missing, the action is refused (issue 22). */
const SeenVersionSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? 'validation.wf.versionRequired' : undefined),
  })
  .int()
  .positive();

/**
 * spec §7 extras of POST /api/wf/action/{id}. The version names the state the user acted on:
 * a document moved on since (by someone else, or by the same click sent twice) is refused
 * with 409 saying where it stands now, never acted on at its next step.
 */
export const WorkflowExtrasSchema = z.strictObject({
  ...WorkflowExtrasFields,
  version: SeenVersionSchema,
});
export type WorkflowExtras = z.infer<typeof WorkflowExtrasSchema>;

/**
 * spec §7 extras of POST /api/wf/actions/: as for one document, with each document's version
 * by its key. A document whose version is missing or stale is refused on its own.
 */
export const WorkflowBulkExtrasSchema = z.strictObject({
  ...WorkflowExtrasFields,
  versions: z.record(z.string().max(64), SeenVersionSchema, {
    error: (issue) => (issue.input === undefined ? 'validation.wf.versionsRequired' : undefined),
  }),
});
export type WorkflowBulkExtras = z.infer<typeof WorkflowBulkExtrasSchema>;

/** spec §7 POST /api/wf/action/{id}: workflowStepResultCode, extras. */
export const WorkflowActionBodySchema = z.strictObject({
  workflowStepResultCode: z.enum(WORKFLOW_RESULT_CODES),
  extras: WorkflowExtrasSchema,
});
export const WorkflowActionResponseSchema = z.object({
  item: RecordSchema,
  undoId: z.string(),
});

/** spec §7 POST /api/wf/actions/: documentKeys, workflowStepResultCode, extras. */
export const WorkflowBulkBodySchema = z.strictObject({
  documentKeys: z.array(z.string().max(64)).min(1).max(MAX_WORKFLOW_KEYS),
  workflowStepResultCode: z.enum(WORKFLOW_RESULT_CODES),
  extras: WorkflowBulkExtrasSchema,
});
export const WorkflowBulkResultSchema = z.object({
  documentKey: z.string(),
  ok: z.boolean(),
  /** The document after the action, when it was taken. */
  item: RecordSchema.optional(),
  /** Why it was not (spec §8 messages, translated). */
  errors: z.array(z.object({ code: z.string(), msg: z.string() })).optional(),
  /** Refused for these warnings alone: asked again with ignoreWarnings, it is taken. */
  warnings: z.array(z.object({ code: z.string(), msg: z.string() })).optional(),
});
export const WorkflowBulkResponseSchema = z.object({
  items: z.array(WorkflowBulkResultSchema),
  done: z.number(),
  refused: z.number(),
  /** One undo for every document the action was taken on; null when none was. */
  undoId: z.string().nullable(),
});

/** One line of a document's workflow log (GET /api/wf/{id}/log, GET /api/doc/{id}/wflog). */
export const WorkflowLogEntrySchema = z.object({
  key: z.string(),
  at: z.string(),
  user: z.string(),
  userName: z.string(),
  resultCode: z.string(),
  /** The result in the user's language (activated, confirmed, ...). */
  result: z.string(),
  comment: z.string().nullable(),
  fromTile: z.string().nullable(),
  toTile: z.string().nullable(),
  /** The steps' names, else their tiles' labels, in the user's language. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  fromWorkflow: z.string().nullable(),
  toWorkflow: z.string().nullable(),
  /** Time the document spent in the step it left, in seconds (shown as a timespan). */
  secondsInStep: z.number().nullable(),
});
export type WorkflowLogEntry = z.infer<typeof WorkflowLogEntrySchema>;
export const WorkflowLogResponseSchema = z.object({
  items: z.array(WorkflowLogEntrySchema),
  /** Whether the signed-in user may act on the document now (its actions are offered). */
  canAct: z.boolean(),
  /** Whether the signed-in user may change the document's fields and files now (docs/roles.md). */
  canEdit: z.boolean(),
});

export const workflowRoutes = {
  action: defineRoute({
    method: 'POST',
    path: '/api/wf/action/:id',
    summary:
      'Take a workflow action (a result code) on one document, as its current assignee. Confirming at an approval step warns of a suspected duplicate invoice (ignoreWarnings).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: WorkflowActionBodySchema,
    response: WorkflowActionResponseSchema,
  }),
  actions: defineRoute({
    method: 'POST',
    path: '/api/wf/actions/',
    summary:
      'Take one workflow action on many documents; each is checked on its own (a suspected duplicate is refused with its warnings unless ignoreWarnings).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: WorkflowBulkBodySchema,
    response: WorkflowBulkResponseSchema,
  }),
  log: defineRoute({
    method: 'GET',
    path: '/api/wf/:id/log',
    summary: "A document's workflow log: who, when, from which step to which, result, comment.",
    access: 'organization',
    response: WorkflowLogResponseSchema,
  }),
  docLog: defineRoute({
    method: 'GET',
    path: '/api/doc/:id/wflog',
    summary: "A document's workflow log (the same as /api/wf/{id}/log).",
    access: 'organization',
    response: WorkflowLogResponseSchema,
  }),
};

/**
 * What a notification tells (issue 26): a task for the user (assigned, forwarded), a document
 * of theirs sent back (rejected, supplement), a comment on a document they took part in, a
 * payment the bank rejected or returned, and the reminders of a task near or past its due date
 * (dueSoon, overdue; escalated: to the organisation's admins).
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'forwarded',
  'rejected',
  'supplement',
  'comment',
  'paymentRejected',
  'dueSoon',
  'overdue',
  'escalated',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds a user chooses a channel for; the three reminder kinds share `reminder`. */
export const NOTIFICATION_PREFERENCE_KINDS = [
  'assigned',
  'forwarded',
  'rejected',
  'supplement',
  'comment',
  'paymentRejected',
  'reminder',
] as const;
export type NotificationPreferenceKind = (typeof NOTIFICATION_PREFERENCE_KINDS)[number];

/** In the app only; an e-mail at once; or in the daily digest. */
export const NOTIFICATION_CHANNELS = ['app', 'mail', 'digest'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** New tasks and reminders at once, the rest in the digest (issue 26). */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<
  NotificationPreferenceKind,
  NotificationChannel
> = {
  assigned: 'mail',
  forwarded: 'mail',
  rejected: 'digest',
  supplement: 'digest',
  comment: 'digest',
  paymentRejected: 'digest',
  reminder: 'mail',
};

/** The preference a notification of this kind follows. */
export function preferenceKindOf(kind: NotificationKind): NotificationPreferenceKind {
  return kind === 'dueSoon' || kind === 'overdue' || kind === 'escalated' ? 'reminder' : kind;
}

/** spec §3 notification: id, read; count.unread. Across every organisation of the user. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  read: z.boolean(),
  createdAt: z.string(),
  /** What happened, in the user's language. */
  text: z.string(),
  /** The organisation it happened in (its key, as in /o/{key}), and its name. */
  organizationKey: z.string(),
  organizationName: z.string(),
  documentKey: z.string().nullable(),
  documentTitle: z.string().nullable(),
  actor: z.string().nullable(),
  resultCode: z.string().nullable(),
  tile: z.string().nullable(),
  comment: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationQuerySchema = z.strictObject({
  count: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(40).optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  count: z.object({ unread: z.number() }),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** spec §7 PUT /api/notification/{id}/read: read true (the default) or false (unread again). */
export const NotificationReadBodySchema = z.strictObject({
  read: z.boolean().default(true),
});

/** Hours of the day a digest may be sent at, in the user's time zone. */
export const DIGEST_HOURS = { min: 0, max: 23 } as const;

/**
 * A user's notification settings (issue 26, profile page): a channel per kind, and when the
 * daily digest goes out: the hour and the days of the week (ISO: 1 Monday … 7 Sunday) in the
 * time zone. Mails are written in the language of the user's profile.
 */
export const NotificationSettingsSchema = z.strictObject({
  channels: z.strictObject(
    Object.fromEntries(
      NOTIFICATION_PREFERENCE_KINDS.map((kind) => [kind, z.enum(NOTIFICATION_CHANNELS)]),
    ) as Record<
      NotificationPreferenceKind,
      z.ZodEnum<{ app: 'app'; mail: 'mail'; digest: 'digest' }>
    >,
  ),
  digestHour: z.number().int().min(DIGEST_HOURS.min).max(DIGEST_HOURS.max),
  digestDays: z
    .array(z.number().int().min(1).max(7))
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'validation.unique' }),
  /** An IANA time zone, e.g. Europe/Ljubljana. */
  timeZone: z.string().min(1).max(64),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/notification',
    summary:
      "The signed-in user's notifications in every organisation they belong to, newest first.",
    access: 'user',
    query: NotificationQuerySchema,
    response: NotificationListSchema,
  }),
  read: defineRoute({
    method: 'PUT',
    path: '/api/notification/:id/read',
    summary: 'Mark a notification read, or unread again with read false.',
    access: 'user',
    body: NotificationReadBodySchema,
    response: z.object({ ok: z.literal(true), count: z.object({ unread: z.number() }) }),
  }),
  events: defineRoute({
    method: 'GET',
    path: '/api/notification/events',
    summary:
      'Server-sent events: the unread count of the signed-in user whenever it changes (text/event-stream).',
    access: 'user',
    download: ['text/event-stream'],
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/notification/settings',
    summary:
      "The signed-in user's notification settings: a channel per kind, the digest's hour and days.",
    access: 'user',
    response: NotificationSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/notification/settings',
    summary: "Saves the signed-in user's notification settings.",
    access: 'user',
    body: NotificationSettingsSchema,
    response: NotificationSettingsSchema,
  }),
};
