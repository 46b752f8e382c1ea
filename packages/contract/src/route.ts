import type { z } from 'zod';

/**
 * One call of the API. Both sides import the same definition: the server registers its
 * handler with it (and validates with its schemas), the web client builds requests from it,
 * and the OpenAPI document is generated from the list of them.
 */
export type Access = 'anonymous' | 'user' | 'organization';

export interface RouteDef<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** anonymous: no apikey; user: a valid apikey; organization: apikey + organization-id of a membership. */
  access: Access;
  body?: B;
  query?: Q;
  response?: R;
  /** HTTP status of a successful answer (200 when not given). */
  status?: number;
  /** A download: the media types of the binary answer (there is no JSON response schema). */
  download?: readonly string[];
  /** An upload: the request is multipart/form-data with one file part of this name. */
  upload?: { file: string; accept: readonly string[] };
}

export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(def: RouteDef<B, Q, R>): RouteDef<B, Q, R> {
  return def;
}

export type BodyOf<T> =
  T extends RouteDef<infer B, z.ZodType | undefined, z.ZodType | undefined>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type ResponseOf<T> =
  T extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, infer R>
    ? R extends z.ZodType
      ? z.output<R>
      : undefined
    : never;

/** Headers every request carries (spec §7). */
export const HEADERS = {
  authorization: 'authorization',
  organizationId: 'organization-id',
  timeZone: 'time-zone',
  timeZoneOffset: 'time-zone-offset',
  contentLanguage: 'content-language',
} as const;
