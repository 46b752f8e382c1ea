import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { documentDownloadRoutes, documentFileRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { attachment, inline } from '../../lib/content-disposition';
import type { DocumentFilesService } from './files.service';
import { MAX_FILES_PER_REQUEST, MAX_JSON_PART_BYTES, type UploadLimits } from './upload-files';

/** The file calls of spec §7: uploadDoc, a document's files, preview.info and signed content. */
export async function registerDocumentFileRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  files: DocumentFilesService,
  limits: UploadLimits,
) {
  await app.register(async (scope) => {
    // Busboy's own limits are the backstop; the blob store refuses a file over its limit first.
    await scope.register(multipart, {
      limits: {
        fileSize: limits.requestBytes + 1,
        files: MAX_FILES_PER_REQUEST + 1,
        fields: 10,
        fieldSize: MAX_JSON_PART_BYTES,
        parts: MAX_FILES_PER_REQUEST + 11,
      },
    });
    // Any other body reaches the handler unread, which answers 415 saying what to send.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    addRoute(scope, auth, r.uploadDoc, ({ user, organization, raw, query, ctx }) =>
      files.uploadDoc({ user, organization }, raw, query.ignoreWarnings ?? false, ctx.locale),
    );
    addRoute(scope, auth, r.addFile, ({ user, organization, raw, query, ctx, params }) =>
      files.addFile(
        { user, organization },
        params.id ?? '',
        raw,
        query.ignoreWarnings ?? false,
        ctx.locale,
      ),
    );
    addRoute(scope, auth, r.replaceFile, ({ user, organization, raw, query, ctx, params }) =>
      files.replaceFile(
        { user, organization },
        params.id ?? '',
        params.fileKey ?? '',
        raw,
        query.ignoreWarnings ?? false,
        ctx.locale,
      ),
    );
  });
  addRoute(app, auth, r.deleteFile, ({ user, organization, ctx, params }) =>
    files.deleteFile({ user, organization }, params.id ?? '', params.fileKey ?? '', ctx.locale),
  );
  addRoute(app, auth, r.mainFile, ({ user, organization, ctx, params, body }) =>
    files.moveFile({ user, organization }, params.id ?? '', body.fileKey, 'main', ctx.locale),
  );
  addRoute(app, auth, r.moveFile, ({ user, organization, ctx, params, body }) =>
    files.moveFile(
      { user, organization },
      params.id ?? '',
      params.fileKey ?? '',
      body.fileTypeCode,
      ctx.locale,
    ),
  );
  addRoute(app, auth, r.previewInfo, ({ user, organization, ctx, params }) =>
    files.previewInfo({ user, organization }, params.id ?? '', ctx.locale),
  );
  addRoute(
    app,
    auth,
    documentDownloadRoutes.download,
    async ({ user, organization, body, query, ctx, reply }) => {
      const bundle = await files.download({ user, organization }, body.keys, query.mode, ctx);
      await reply
        .header('content-type', bundle.contentType)
        .header('content-disposition', attachment(bundle.filename))
        .header('cache-control', 'no-store')
        .send(bundle.stream);
      return undefined;
    },
  );
  addRoute(app, auth, r.fileContent, async ({ params, reply }) => {
    const { file, download, stream } = await files.openLinked(params.token ?? '');
    await reply
      .header(
        'content-type',
        file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime,
      )
      .header('content-length', String(file.size))
      .header('content-disposition', download ? attachment(file.name) : inline(file.name))
      // The link is the key: kept by this browser only, never run as a page of ours.
      .header('cache-control', 'private, max-age=600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(stream);
    return undefined;
  });
}
