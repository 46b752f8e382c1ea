import { z } from 'zod';
import { defineRoute } from './route';
import { RecordSchema } from './tables';

/** Documents one activation takes at most. */
export const MAX_ACTIVATE_KEYS = 500;

/** spec §7 POST /api/doc/activate: keys. */
export const ActivateBodySchema = z.strictObject({
  keys: z.array(z.string().max(64)).min(1).max(MAX_ACTIVATE_KEYS),
});
export const ActivateResponseSchema = z.object({
  items: z.array(RecordSchema),
  undoId: z.string(),
});

/** spec §7 GET /api/doc/customerHistory: documentKey, documentTypeId, customerKey, filterId. */
export const CustomerHistoryQuerySchema = z.strictObject({
  customerKey: z.string().max(64),
  /** The document being edited, left out of its partner's history. */
  documentKey: z.string().max(64).optional(),
  /** Only documents of this type. */
  documentTypeId: z.coerce.number().int().positive().optional(),
  /** The tile or list the document was opened from (kept for the caller; not a filter). */
  filterId: z.string().max(50).optional(),
  count: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomerHistoryQuery = z.infer<typeof CustomerHistoryQuerySchema>;
export const CustomerHistoryResponseSchema = z.object({ items: z.array(RecordSchema) });

/** spec §3 Tile: a count on the home page that opens the document list filtered by it. */
export const TileSchema = z.object({
  /** The list's filterId (spec §2: /work/index?filterId=…). */
  filterId: z.string(),
  labelId: z.string(),
  label: z.string(),
  count: z.number(),
  /** The list call's filters that show the tile's documents (field:value each). */
  filter: z.array(z.string()),
});
export type Tile = z.infer<typeof TileSchema>;
export const TilesResponseSchema = z.object({ items: z.array(TileSchema) });

export const documentRoutes = {
  activate: defineRoute({
    method: 'POST',
    path: '/api/doc/activate',
    summary:
      'Activate draft documents: each must be complete for its type; all or nothing, undoable.',
    access: 'organization',
    body: ActivateBodySchema,
    response: ActivateResponseSchema,
  }),
  customerHistory: defineRoute({
    method: 'GET',
    path: '/api/doc/customerHistory',
    summary: "A partner's earlier documents, newest first, without the one being edited.",
    access: 'organization',
    query: CustomerHistoryQuerySchema,
    response: CustomerHistoryResponseSchema,
  }),
  tiles: defineRoute({
    method: 'GET',
    path: '/api/tile',
    summary: 'The home tiles: document counts by state, each with the list filter it opens.',
    access: 'organization',
    response: TilesResponseSchema,
  }),
};
