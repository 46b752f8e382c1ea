import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYMENT_UPLOAD_MAX_BYTES, paymentRoutes as r } from '@listina/contract';
import { attachment } from '../../lib/content-disposition';
import { AppError, badRequest } from '../../lib/errors';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { UploadedFile } from './order-upload';
import type { PaymentFilesService } from './payment-files.service';
import type { PaymentsService } from './payments.service';
import { multipartParts } from '../files/multipart-parts';

/** Files one upload takes at most. */
const MAX_UPLOAD_FILES = 20;

/** A file as the answer, under its content-disposition name (spec §7 downloads). */
async function sendFile(
  reply: FastifyReply,
  file: { filename: string; content: string | Buffer; undoId?: string },
  contentType: string,
) {
  if (file.undoId) reply.header('x-undo-id', file.undoId);
  await reply
    .header('content-type', contentType)
    .header('content-disposition', attachment(file.filename))
    .header('cache-control', 'no-store')
    .send(file.content);
  return undefined;
}

/** The files of a multipart request, each at most PAYMENT_UPLOAD_MAX_BYTES. */
async function readFiles(request: FastifyRequest, field: string): Promise<UploadedFile[]> {
  if (!request.isMultipart())
    throw new AppError(415, [{ code: 'errors.importNotMultipart', field }]);
  const files: UploadedFile[] = [];
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'file')
        files.push({ filename: part.filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, [
        { code: 'errors.importTooLarge', parameters: [PAYMENT_UPLOAD_MAX_BYTES / 2 ** 20], field },
      ]);
    if (code === 'FST_FILES_LIMIT')
      throw badRequest('errors.payOrder.upload.tooMany', [MAX_UPLOAD_FILES], field);
    throw new AppError(400, [{ code: 'errors.importNotMultipart', field }]);
  }
  if (files.length === 0) throw badRequest('errors.importNoFile', [], field);
  return files;
}

/** The payments calls of spec §7 (issue 8; docs/payments.md). */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  payments: PaymentsService,
  files: PaymentFilesService,
) {
  addRoute(app, auth, r.fromDocuments, ({ user, organization, query, body }) =>
    payments.fromDocuments({ user, organization }, body, query.ignoreWarnings === true),
  );
  addRoute(app, auth, r.split, ({ user, organization, params, body }) =>
    payments.split({ user, organization }, params.key ?? '', body.splitVal, body.version),
  );
  addRoute(app, auth, r.mark, ({ user, organization, body }) =>
    payments.mark({ user, organization }, body.keys, body.state),
  );
  addRoute(app, auth, r.buildPackages, ({ user, organization, body }) =>
    payments.buildPackages({ user, organization }, body.keys),
  );
  addRoute(app, auth, r.markPackages, ({ user, organization, body }) =>
    payments.markPackages({ user, organization }, body.keys, body.state),
  );
  addRoute(app, auth, r.exportXml, async ({ user, organization, body, reply }) =>
    sendFile(reply, await files.exportXml({ user, organization }, body.keys), 'application/xml'),
  );
  addRoute(app, auth, r.pay, async ({ user, organization, body, reply }) =>
    sendFile(
      reply,
      await files.pay({ user, organization }, body.keys ?? [], body.packageKeys ?? []),
      'application/xml',
    ),
  );
  addRoute(app, auth, r.upn, async ({ user, organization, params, reply }) =>
    sendFile(reply, await files.upn({ user, organization }, params.key ?? ''), 'application/pdf'),
  );

  // Multipart only where it is needed, with the payments' limits.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: PAYMENT_UPLOAD_MAX_BYTES,
        files: MAX_UPLOAD_FILES,
        fields: 10,
        fieldSize: 1024,
        parts: MAX_UPLOAD_FILES + 10,
      },
    });
    // Any other body reaches the handler unread, which answers 415 saying what to send.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    addRoute(scope, auth, r.upload, async ({ user, organization, query, raw, ctx }) => {
      const uploaded = await readFiles(raw, 'files');
      return files.upload(
        { user, organization },
        uploaded,
        { dryRun: query.dryRun ?? false, ignoreWarnings: query.ignoreWarnings ?? false },
        ctx.locale,
      );
    });
    addRoute(scope, auth, r.statement, async ({ user, organization, raw }) => {
      const [statement, ...more] = await readFiles(raw, 'file');
      if (more.length > 0 || !statement) throw badRequest('errors.importOneFile', [], 'file');
      return files.statement({ user, organization }, statement.bytes);
    });
  });
}
