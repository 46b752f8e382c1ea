import { z } from 'zod';
import type { RouteDef } from './route';
import { ApiErrorSchema } from './common';

type Json = Record<string, unknown>;

const toJson = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const BINARY = { type: 'string', format: 'binary' };

const binaryContent = (types: readonly string[]): Json =>
  Object.fromEntries(types.map((type) => [type, { schema: BINARY }]));

const uploadBody = (upload: NonNullable<RouteDef['upload']>): Json => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { [upload.file]: BINARY },
        required: [upload.file],
      },
      encoding: { [upload.file]: { contentType: upload.accept.join(', ') } },
    },
  },
});

/** One query parameter per property of the route's query schema (count, cursor, sort, ...). */
function queryParameters(query: z.ZodType | undefined): Json[] {
  if (!query) return [];
  const schema = toJson(query, 'input') as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property as Json & { description?: string };
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** OpenAPI 3.1 document of the given routes, generated from the contract's zod schemas. */
export function buildOpenApi(routes: RouteDef[], version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Json = {
      summary: route.summary,
      security: route.access === 'anonymous' ? [] : [{ apikey: [] }],
      parameters: [
        ...params,
        ...queryParameters(route.query),
        ...(route.access === 'organization'
          ? [{ name: 'organization-id', in: 'header', required: true, schema: { type: 'string' } }]
          : []),
      ],
      responses: {
        [String(route.status ?? 200)]: {
          description: 'Success',
          ...(route.response
            ? { content: { 'application/json': { schema: toJson(route.response, 'output') } } }
            : {}),
          ...(route.download ? { content: binaryContent(route.download) } : {}),
        },
        '4XX': {
          description: 'Refused; the spec §8 error shape says why.',
          content: { 'application/json': { schema: toJson(ApiErrorSchema, 'output') } },
        },
      },
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJson(route.body, 'input') } },
      };
    }
    if (route.upload) operation.requestBody = uploadBody(route.upload);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Listina API', version },
    components: {
      securitySchemes: { apikey: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}
