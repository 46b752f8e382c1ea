import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountRoutes as r } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import { OK } from '../../lib/errors';
import type { AccountService } from './account.service';
import { lockSeconds } from './sign-in';

export function registerAccountRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  account: AccountService,
) {
  /** A 429 of a lock or a limit tells in Retry-After how many seconds it still lasts. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>) => {
    try {
      return await run();
    } catch (error) {
      const seconds = lockSeconds(error);
      if (seconds) void reply.header('retry-after', String(seconds));
      throw error;
    }
  };
  addRoute(app, auth, r.login, ({ body, ctx, raw, reply }) =>
    withRetryAfter(reply, () => account.login(body, ctx, raw.headers['user-agent'])),
  );
  addRoute(app, auth, r.refresh, ({ user }) => account.refresh(user));
  addRoute(app, auth, r.logoutOthers, ({ user }) => account.logoutOthers(user));
  addRoute(app, auth, r.signIns, ({ user, query }) => account.listSignIns(user, query));
  addRoute(app, auth, r.logout, async ({ user }) => {
    await account.logout(user);
    return OK;
  });
  addRoute(app, auth, r.me, ({ user }) => account.me(user));
  addRoute(app, auth, r.forgot, ({ body, ctx, reply }) =>
    withRetryAfter(reply, async () => {
      await account.forgot(body.username, ctx);
      return OK;
    }),
  );
  addRoute(app, auth, r.register, ({ body, ctx, reply }) =>
    withRetryAfter(reply, () => account.register(body, ctx)),
  );
  addRoute(app, auth, r.unlock, async ({ body, ctx }) => {
    await account.unlock(body.code, ctx);
    return OK;
  });
  addRoute(app, auth, r.confirm, ({ body }) => account.confirm(body.code, body.password));
  addRoute(app, auth, r.changePassword, async ({ user, body }) => {
    await account.changePassword(user, body.oldPassword, body.newPassword);
    return OK;
  });
  addRoute(app, auth, r.getProfile, ({ user }) => account.getProfile(user));
  addRoute(app, auth, r.updateProfile, ({ user, body }) => account.updateProfile(user, body));
}
