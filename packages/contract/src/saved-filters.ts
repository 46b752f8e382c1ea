import { z } from 'zod';
import { defineRoute } from './route';
import { ListFilterSchema } from './tables';

/**
 * A user's saved list filters (issue 5: the document list's filters by type, partner, dates and
 * amount range, saved per user): the list call's `filter` values, kept per user, organisation
 * and table, and checked against the table's filter fields when saved.
 */
export const SavedFilterSchema = z.object({
  table: z.string(),
  filter: z.array(z.string()),
  /** When they were last saved (ISO time); null when the user never saved any. */
  updatedAt: z.string().nullable(),
});
export type SavedFilter = z.infer<typeof SavedFilterSchema>;

export const SaveFilterBodySchema = z.strictObject({ filter: ListFilterSchema });

export const savedFilterRoutes = {
  read: defineRoute({
    method: 'GET',
    path: '/api/savedFilter/:table',
    summary: "The signed-in user's saved filters of a list in this organisation.",
    access: 'organization',
    response: SavedFilterSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/savedFilter/:table',
    summary: "Save the signed-in user's filters of a list (an empty list clears them).",
    access: 'organization',
    body: SaveFilterBodySchema,
    response: SavedFilterSchema,
  }),
};
