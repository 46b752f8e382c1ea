import type { FastifyInstance } from 'fastify';
import { notificationRoutes as n, workflowRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { NotificationEvents } from './notification-events';
import type { NotificationsService } from './notifications.service';
import type { WorkflowService } from './workflow.service';

/** A comment line keeps the stream open through proxies that close idle connections. */
const HEARTBEAT_MS = 25_000;
/** Changes that come together (a bulk action) are counted once. */
const COALESCE_MS = 50;

/** The workflow calls of spec §7 and the notification calls with their live stream. */
export function registerWorkflowRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  services: {
    workflow: WorkflowService;
    notifications: NotificationsService;
    events: NotificationEvents;
  },
) {
  const { workflow, notifications, events } = services;
  addRoute(app, auth, r.action, ({ user, organization, params, query, body, ctx }) =>
    workflow.action(
      { user, organization },
      params.id ?? '',
      body.workflowStepResultCode,
      body.extras,
      ctx.locale,
      query.ignoreWarnings === true,
    ),
  );
  addRoute(app, auth, r.actions, ({ user, organization, query, body, ctx }) =>
    workflow.actions(
      { user, organization },
      body.documentKeys,
      body.workflowStepResultCode,
      body.extras,
      ctx.locale,
      query.ignoreWarnings === true,
    ),
  );
  addRoute(app, auth, r.log, ({ user, organization, params, ctx }) =>
    workflow.log({ user, organization }, params.id ?? '', ctx.locale),
  );
  addRoute(app, auth, r.docLog, ({ user, organization, params, ctx }) =>
    workflow.log({ user, organization }, params.id ?? '', ctx.locale),
  );

  addRoute(app, auth, n.list, ({ user, query, ctx }) =>
    notifications.list(user.id, query, ctx.locale),
  );
  addRoute(app, auth, n.read, ({ user, params, body }) =>
    notifications.markRead(user.id, params.id ?? '', body.read),
  );

  // Streams end when the server closes, so a graceful shutdown does not wait on them.
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  addRoute(app, auth, n.events, async ({ user, raw, reply }) => {
    const unread = await notifications.unreadCount(user.id);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (count: number) => out.write(`event: count\ndata: {"unread":${count}}\n\n`);
    send(unread);
    let pending: NodeJS.Timeout | undefined;
    const unsubscribe = events.subscribe(user.id, () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        notifications.unreadCount(user.id).then(send, (error: unknown) => {
          raw.log.warn({ err: error }, 'notification count for the stream failed');
        });
      }, COALESCE_MS);
    });
    const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      clearTimeout(pending);
      unsubscribe();
      open.delete(end);
      if (!out.writableEnded) out.end();
    };
    open.add(end);
    raw.raw.on('close', end);
    return undefined;
  });
}
