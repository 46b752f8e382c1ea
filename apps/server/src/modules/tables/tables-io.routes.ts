import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROOT_TABLES, rootTableIoRoutes, tableIoRoutes } from '@listina/contract';
import type { Db } from '../../db/create-db';
import { attachment } from '../../lib/content-disposition';
import { AppError, badRequest } from '../../lib/errors';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { createTableExporter, type TableExporter } from './export';
import { createTableImporter, IMPORT_MAX_BYTES, type TableImporter } from './import';
import { codeListName } from './registry';
import type { WriteHooks } from './write-hooks';
import { multipartParts } from '../files/multipart-parts';

type IoRoutes = ReturnType<typeof rootTableIoRoutes>;

/**
 * Export and import of every table: POST /api/cl/{name}/export and /import for the code lists,
 * /api/{name}/export and /import for the root tables (doc).
 */
export async function registerTableIoRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  db: Db,
  hooks: WriteHooks,
) {
  const exporter = createTableExporter(db);
  const importer = createTableImporter(db, hooks);
  const tables: [IoRoutes, (params: Record<string, string>) => string][] = [
    [tableIoRoutes, (params) => codeListName(params.name)],
    ...ROOT_TABLES.map((name): [IoRoutes, () => string] => [rootTableIoRoutes(name), () => name]),
  ];
  for (const [r, tableOf] of tables)
    await registerIo(app, auth, { exporter, importer }, r, tableOf);
}

async function registerIo(
  app: FastifyInstance,
  auth: AuthResolver,
  { exporter, importer }: { exporter: TableExporter; importer: TableImporter },
  r: IoRoutes,
  tableOf: (params: Record<string, string>) => string,
) {
  addRoute(app, auth, r.export, async ({ params, user, organization, body, query, ctx, reply }) => {
    const file = await exporter.exportTable(
      tableOf(params),
      { user, organization },
      { ...body, format: query.format, locale: ctx.locale, timeZone: ctx.timeZone },
    );
    // Awaiting the reply keeps the handler alive until the stream has been sent.
    await reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.stream);
    return undefined;
  });

  // Multipart only where it is needed, with the import's limits.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    });
    // Any other body reaches the handler unread, which answers 415 saying what to send.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    addRoute(scope, auth, r.import, async ({ params, user, organization, query, raw }) => {
      const entity = importer.writableEntity(tableOf(params), { user, organization });
      const bytes = await readUpload(raw);
      return importer.importFile(entity, { user, organization }, bytes, {
        dryRun: query.dryRun ?? false,
        ignoreWarnings: query.ignoreWarnings ?? false,
      });
    });
  });
}

/** The one file of a multipart request, in memory (at most IMPORT_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, [{ code: 'errors.importNotMultipart', field: 'file' }]);
  }
  let file: Buffer | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'file') file = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!file) throw badRequest('errors.importNoFile', [], 'file');
  return file;
}

function uploadError(error: unknown): AppError {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, [
        { code: 'errors.importTooLarge', parameters: [IMPORT_MAX_BYTES / 2 ** 20], field: 'file' },
      ]);
    case 'FST_FILES_LIMIT':
      return badRequest('errors.importOneFile', [], 'file');
    default:
      // Busboy's own failures (a cut-off or malformed body) are the client's.
      return new AppError(400, [{ code: 'errors.importNotMultipart', field: 'file' }]);
  }
}
