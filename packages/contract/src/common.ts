import { z } from 'zod';

/** One message of the spec §8 error shape. `msg` is already translated; `code` is its key. */
export const ApiMessageSchema = z.object({
  msg: z.string(),
  code: z.string().optional(),
  parameters: z.array(z.string()),
  field: z.string().optional(),
  /** A value the field could take instead (a warning's one-click fix in the form). */
  suggestion: z.string().optional(),
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

/** spec §8: every failed call answers with lists of errors and warnings. */
export const ApiErrorSchema = z.object({
  error: z.array(ApiMessageSchema),
  warning: z.array(ApiMessageSchema),
  /** Present on 500 answers: the id under which the server logged the failure. */
  errorId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });

/** Texts typed by people: trimmed, bounded. */
export const text = (max: number) => z.string().trim().max(max);
export const requiredText = (max: number) => z.string().trim().min(1).max(max);
