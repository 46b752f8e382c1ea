import type { FastifyInstance } from 'fastify';
import { captureRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { CaptureService } from './capture.service';

/** spec §7 POST and DELETE /api/doc/ocr. */
export function registerCaptureRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  capture: CaptureService,
) {
  addRoute(app, auth, r.queue, ({ user, organization, body, ctx }) =>
    capture.queue({ user, organization }, body, ctx.locale),
  );
  addRoute(app, auth, r.cancel, ({ user, organization, body }) =>
    capture.cancel({ user, organization }, body.documentKeys),
  );
}
