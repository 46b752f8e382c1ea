import type { FastifyInstance } from 'fastify';
import { intakeRoutes as r, type MailboxTest } from '@listina/contract';
import type { z } from 'zod';
import type { MailboxTestBodySchema } from '@listina/contract';
import { attachment } from '../../lib/content-disposition';
import { conflict, forbidden } from '../../lib/errors';
import { isAdmin } from '../../plugins/context';
import { translate, type Locale } from '../../plugins/i18n';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { BlobStore } from '../../plugins/storage/blob-store';
import type { TableScope } from '../tables/tables.service';
import type { IntakeLog } from './intake-log';
import { ReleaseRefused } from './intake.service';
import type { IntakeOutcome } from './intake-types';

export interface IntakeRouteDeps {
  log: IntakeLog;
  blobs: BlobStore;
  release(organizationId: string, key: string, userId: string): Promise<IntakeOutcome>;
  testMailbox(
    scope: TableScope,
    body: z.output<typeof MailboxTestBodySchema>,
    locale: Locale,
  ): Promise<MailboxTest>;
  /** INTAKE_DOMAIN, and whether this installation's SMTP listener is on. */
  domain: string;
  receivesMail: boolean;
}

/** The Intake page's calls (issue 25): address, log, summary, release, delete, .eml, test. */
export function registerIntakeRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  deps: IntakeRouteDeps,
) {
  addRoute(app, auth, r.address, async ({ user, organization }) => ({
    address: await deps.log.address({ user, organization }, deps.domain),
    receivesMail: deps.receivesMail,
  }));
  addRoute(app, auth, r.messages, ({ user, organization, query, ctx }) =>
    deps.log.list({ user, organization }, query, ctx.locale),
  );
  addRoute(app, auth, r.summary, ({ user, organization }) =>
    deps.log.summary({ user, organization }),
  );
  addRoute(app, auth, r.release, async ({ user, organization, params, ctx }) => {
    const key = params.key ?? '';
    await deps.log.requireQuarantined({ user, organization }, key);
    try {
      const outcome = await deps.release(organization.id, key, user.id);
      const reason = outcome.reason;
      return {
        result: outcome.result === 'imported' ? ('released' as const) : outcome.result,
        documentKeys: outcome.documentKeys,
        reasonText: reason ? translate(ctx.locale, reason.code, reason.parameters ?? []) : '',
      };
    } catch (error) {
      if (error instanceof ReleaseRefused) throw conflict('errors.intake.notQuarantined');
      throw error;
    }
  });
  addRoute(app, auth, r.remove, async ({ user, organization, params, reply }) => {
    await deps.log.remove({ user, organization }, params.key ?? '');
    await reply.status(204).send();
    return undefined;
  });
  addRoute(app, auth, r.eml, async ({ user, organization, params, reply }) => {
    const { blobId, filename } = await deps.log.eml({ user, organization }, params.key ?? '');
    await reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', attachment(filename))
      .header('cache-control', 'no-store')
      .send(await deps.blobs.open(blobId));
    return undefined;
  });
  addRoute(app, auth, r.testMailbox, ({ user, organization, body, ctx }) => {
    if (!isAdmin(organization.roles)) throw forbidden('errors.intake.adminsOnly');
    return deps.testMailbox({ user, organization }, body, ctx.locale);
  });
}
