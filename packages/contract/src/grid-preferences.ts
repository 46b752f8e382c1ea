import { z } from 'zod';
import { defineRoute } from './route';

/** spec §9 column width bounds. */
const WIDTH_MIN = 10;
const WIDTH_MAX = 300;
/** More columns than any table lists, so a body cannot grow without bound. */
const MAX_COLUMNS = 100;
const ColumnNameSchema = z.string().min(1).max(100);

/**
 * A user's grid of a table (issue 24): the columns shown and their order, and the widths the
 * user gave them, kept per user, organisation and table on the server so that they follow
 * the user to another browser. No columns (null) means the table's default set.
 */
export const GridPreferenceSchema = z.object({
  table: z.string(),
  /** The shown columns in their order; null: the table's default set (schema gridColumns). */
  columns: z.array(z.string()).nullable(),
  /** Widths in pixels of the columns the user resized; the others keep their default. */
  widths: z.record(z.string(), z.number()),
  /** When they were last saved (ISO time); null when the user never chose any. */
  updatedAt: z.string().nullable(),
});
export type GridPreference = z.infer<typeof GridPreferenceSchema>;

export const SaveGridPreferenceBodySchema = z.strictObject({
  columns: z.array(ColumnNameSchema).min(1).max(MAX_COLUMNS).nullable(),
  widths: z
    .record(ColumnNameSchema, z.int().min(WIDTH_MIN).max(WIDTH_MAX))
    .refine((widths) => Object.keys(widths).length <= MAX_COLUMNS, {
      message: `at most ${MAX_COLUMNS} widths`,
    }),
});
export type SaveGridPreferenceBody = z.infer<typeof SaveGridPreferenceBodySchema>;

export const gridPreferenceRoutes = {
  read: defineRoute({
    method: 'GET',
    path: '/api/gridPreference/:table',
    summary: "The signed-in user's columns and widths of a table's grid in this organisation.",
    access: 'organization',
    response: GridPreferenceSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/gridPreference/:table',
    summary: "Save the signed-in user's columns (shown, in order) and widths of a table's grid.",
    access: 'organization',
    body: SaveGridPreferenceBodySchema,
    response: GridPreferenceSchema,
  }),
  reset: defineRoute({
    method: 'DELETE',
    path: '/api/gridPreference/:table',
    summary: "Back to the table's default columns and widths for the signed-in user.",
    access: 'organization',
    response: GridPreferenceSchema,
  }),
};
