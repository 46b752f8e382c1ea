import { z } from 'zod';
import { SchemaSchema } from '@listina/forms';
import { defineRoute } from './route';

/** spec §9: table page size 300 by default. */
export const DEFAULT_PAGE_SIZE = 300;
export const MAX_PAGE_SIZE = 1000;

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Filter values one list call takes at most. */
export const MAX_FILTERS = 100;
const filterParam = z
  .string()
  .max(300)
  .regex(/^[A-Za-z]\w*:/, { message: 'validation.filter' });
/**
 * A list's filters as a list (a saved filter, spec §3 serverFilters): `field:value` each, or
 * `field:from..to` on a range field (see ListQuerySchema.filter).
 */
export const ListFilterSchema = z.array(filterParam).max(MAX_FILTERS);
/** The separator of a range filter's bounds: `totalAmount:100..250.50`, `issueDate:2026-01-01..`. */
export const RANGE_SEPARATOR = '..';

/** spec §3 list query parameters: count, cursor, sort ("name asc,code desc"), plus search and mode. */
export const ListQuerySchema = z.strictObject({
  count: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(2000).optional(),
  sort: z
    .string()
    .max(300)
    .regex(/^\s*[A-Za-z][\w]*(\s+(asc|desc))?\s*(,\s*[A-Za-z][\w]*(\s+(asc|desc))?\s*)*$/i, {
      message: 'validation.sort',
    })
    .optional(),
  search: z.string().max(200).optional(),
  /** Lean rows of active items only, for lookups (spec §7). */
  mode: z.enum(['cache', 'dropdown']).optional(),
  /** Rows of a nested array of this parent, e.g. a partner's bank accounts (spec §7). */
  customerKey: z.string().max(64).optional(),
  /**
   * Filters on the table's declared filter fields (spec §3 serverFilters): `field:value` each,
   * a field given more than once matching any of its values; on a range field (dates, amounts)
   * also `field:from..to`, inclusive, either bound left out for an open end.
   */
  filter: z.union([filterParam, ListFilterSchema]).optional(),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

export const IgnoreWarningsQuerySchema = z.strictObject({
  ignoreWarnings: booleanParam.optional(),
});

/** spec §3 validation message: a standing message a record carries (a suspected duplicate). */
export const RecordValidationSchema = z.object({
  validationCodeTypeCode: z.enum(['comment', 'error', 'warning', 'notification']),
  /** A catalogue key, translated by the client with its parameters. */
  validationCode: z.string(),
  validationParameters: z.array(z.union([z.string(), z.number()])).optional(),
  /** The field it is about, when it is about one. */
  field: z.string().optional(),
});
export type RecordValidation = z.infer<typeof RecordValidationSchema>;

/**
 * spec §3 generic record: id, key, displayTitle, code, version and the entity's fields; a
 * record read alone (or just saved) also carries its standing messages in `validations`.
 */
export const RecordSchema = z
  .object({
    id: z.number(),
    key: z.string(),
    displayTitle: z.string(),
    version: z.number().optional(),
    validations: z.array(RecordValidationSchema).optional(),
  })
  .catchall(z.unknown());
export type TableRecord = z.infer<typeof RecordSchema>;

export const ListResponseSchema = z.object({
  items: z.array(RecordSchema),
  nextCursor: z.string().nullable(),
});

/** A saved record and the id that undoes the save for 8 s in the UI (spec §4). */
export const SaveResponseSchema = z.object({ item: RecordSchema, undoId: z.string() });
/** Keys one delete call takes at most; a larger selection is deleted in several calls. */
export const MAX_DELETE_KEYS = 1000;
export const DeleteBodySchema = z.strictObject({
  keys: z.array(z.string().max(64)).min(1).max(MAX_DELETE_KEYS),
});
export const DeleteResponseSchema = z.object({ deleted: z.number(), undoId: z.string() });
export const ModelBodySchema = z.record(z.string(), z.unknown());

export const EntityInfoSchema = z.object({
  name: z.string(),
  labelId: z.string(),
  label: z.string(),
  /** May change records (update); create and delete are asked apart. */
  canWrite: z.boolean(),
  /** May add records: the table allows it and the user has the write right. */
  canCreate: z.boolean(),
  /** May delete records: the table allows it and the user has the write right. */
  canDelete: z.boolean(),
  /** The declared sort keys, as the list call's sort parameter accepts them. */
  sortKeys: z.array(z.string()),
  /** A root table (doc): served at /api/{name}, not a code list of the sidebar. */
  root: z.boolean(),
});
export type EntityInfo = z.infer<typeof EntityInfoSchema>;
export const EntityListSchema = z.object({ items: z.array(EntityInfoSchema) });

export const AuditEntrySchema = z.object({
  action: z.enum(['create', 'update', 'delete', 'undo']),
  at: z.string(),
  user: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export const AuditResponseSchema = z.object({ items: z.array(AuditEntrySchema) });

export const UndoResponseSchema = z.object({ ok: z.literal(true), tables: z.array(z.string()) });

export const tableRoutes = {
  entities: defineRoute({
    method: 'GET',
    path: '/api/cl',
    summary: 'The tables this user may see in the active organisation.',
    access: 'organization',
    response: EntityListSchema,
  }),
  schema: defineRoute({
    method: 'GET',
    path: '/api/cl/schema/:name',
    summary: 'The spec §3 form schema of a table.',
    access: 'organization',
    response: SchemaSchema,
  }),
  defaultModel: defineRoute({
    method: 'GET',
    path: '/api/cl/default.model/:name',
    summary: 'The model of a new record of a table.',
    access: 'organization',
    response: ModelBodySchema,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/cl/:name',
    summary: 'List rows: count, keyset cursor, sort over declared keys, search, mode.',
    access: 'organization',
    query: ListQuerySchema,
    response: ListResponseSchema,
  }),
  read: defineRoute({
    method: 'GET',
    path: '/api/cl/:name/:key',
    summary: 'One record with its nested arrays.',
    access: 'organization',
    response: RecordSchema,
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/cl/:name/:key/audit',
    summary: 'Who changed what in a record, field by field.',
    access: 'organization',
    response: AuditResponseSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/cl/:name',
    summary: 'Create a record (with nested arrays); warnings refuse until ignoreWarnings.',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: ModelBodySchema,
    response: SaveResponseSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/cl/:name/:key',
    summary: 'Update a record; a stale version is refused with 409.',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: ModelBodySchema,
    response: SaveResponseSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/cl/:name',
    summary: 'Delete records by key (nested rows with them).',
    access: 'organization',
    query: IgnoreWarningsQuerySchema,
    body: DeleteBodySchema,
    response: DeleteResponseSchema,
  }),
  undo: defineRoute({
    method: 'POST',
    path: '/api/undo/:id',
    summary: 'Reverse exactly one earlier action of this user, if nothing changed since.',
    access: 'organization',
    response: UndoResponseSchema,
  }),
};

/**
 * Tables the spec serves at /api/{name} instead of /api/cl/{name} (spec §7: doc, payOrder,
 * payPackage), with the same generic calls. Their schema and default model are still asked
 * for under /api/cl/schema/{name} and /api/cl/default.model/{name}.
 */
export const ROOT_TABLES = ['doc', 'payOrder', 'payPackage'] as const;
export type RootTable = (typeof ROOT_TABLES)[number];

/** The list, read, audit, create, update and delete calls of a root table. */
export function rootTableRoutes(name: RootTable) {
  const at = <D extends { path: string }>(def: D, path: string): D => ({ ...def, path });
  return {
    list: at(tableRoutes.list, `/api/${name}`),
    read: at(tableRoutes.read, `/api/${name}/:key`),
    audit: at(tableRoutes.audit, `/api/${name}/:key/audit`),
    create: at(tableRoutes.create, `/api/${name}`),
    update: at(tableRoutes.update, `/api/${name}/:key`),
    remove: at(tableRoutes.remove, `/api/${name}`),
  };
}

/** The path of a table's list call: /api/cl/{name}, or /api/{name} for a root table. */
export const tablePath = (name: string) =>
  (ROOT_TABLES as readonly string[]).includes(name) ? `/api/${name}` : `/api/cl/${name}`;

export const PartnerSuggestionSchema = z.object({
  /** The partner's id, as a reference to it holds it (a payment order's recipientId). */
  id: z.number(),
  key: z.string(),
  code: z.string(),
  name: z.string(),
  vatId: z.string().nullable(),
  /** Why it is suggested: same VAT ID, a bank account with the IBAN, or a similar name. */
  matchedBy: z.enum(['vatId', 'iban', 'name']),
  /** 0..1, higher is better. */
  score: z.number(),
  /** The matching bank account, when matched by IBAN. */
  bankAccountKey: z.string().nullable(),
});
export type PartnerSuggestion = z.infer<typeof PartnerSuggestionSchema>;
export const PartnerSuggestionsSchema = z.object({ items: z.array(PartnerSuggestionSchema) });

export const partnerRoutes = {
  suggestions: defineRoute({
    method: 'GET',
    path: '/api/cl/partner/:vatId/:iban/:name',
    summary:
      'Partners matching a VAT ID, then an IBAN, then a similar name ("-" for an unknown part).',
    access: 'organization',
    response: PartnerSuggestionsSchema,
  }),
};
