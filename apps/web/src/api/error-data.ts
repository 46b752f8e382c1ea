import { z } from 'zod';
import { ApiMessageSchema, type ApiError } from '@listina/contract';

// Accepts the §8 shape a little more loosely than the contract (parameters may be missing,
// one of the lists may be absent) so that a proxy's or an older server's answer still shows.
const LooseMessageSchema = ApiMessageSchema.partial({ parameters: true });
const LooseErrorSchema = z.object({
  error: z.array(LooseMessageSchema).optional(),
  warning: z.array(LooseMessageSchema).optional(),
  errorId: z.string().optional(),
});

/** spec §8: errors are read from the first element of the response data, or the data itself. */
export function readErrorData(data: unknown): ApiError | null {
  const candidate: unknown = Array.isArray(data) ? data[0] : data;
  const parsed = LooseErrorSchema.safeParse(candidate);
  if (!parsed.success) return null;
  const { error, warning, errorId } = parsed.data;
  if (!error && !warning) return null;
  const withParameters = (list: z.infer<typeof LooseMessageSchema>[] = []) =>
    list.map((item) => ({ ...item, parameters: item.parameters ?? [] }));
  return {
    error: withParameters(error),
    warning: withParameters(warning),
    ...(errorId ? { errorId } : {}),
  };
}
