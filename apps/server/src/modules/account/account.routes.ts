import type { FastifyInstance } from 'fastify';
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
  addRoute(app, auth, r.login, async ({ body, ctx, raw, reply }) => {
    try {
      return await account.login(body, ctx, raw.headers['user-agent']);
    } catch (error) {
      const seconds = lockSeconds(error);
      if (seconds) void reply.header('retry-after', String(seconds));
      throw error;
    }
  });
  addRoute(app, auth, r.refresh, ({ user }) => account.refresh(user));
  addRoute(app, auth, r.logoutOthers, ({ user }) => account.logoutOthers(user));
  addRoute(app, auth, r.signIns, ({ user, query }) => account.listSignIns(user, query));
  addRoute(app, auth, r.logout, async ({ user }) => {
    await account.logout(user);
    return OK;
  });
  addRoute(app, auth, r.me, ({ user }) => account.me(user));
  addRoute(app, auth, r.forgot, async ({ body }) => {
    await account.forgot(body.username);
    return OK;
  });
  addRoute(app, auth, r.register, ({ body }) => account.register(body));
  addRoute(app, auth, r.confirm, ({ body }) => account.confirm(body.code, body.password));
  addRoute(app, auth, r.changePassword, async ({ user, body }) => {
    await account.changePassword(user, body.oldPassword, body.newPassword);
    return OK;
  });
  addRoute(app, auth, r.getProfile, ({ user }) => account.getProfile(user));
  addRoute(app, auth, r.updateProfile, ({ user, body }) => account.updateProfile(user, body));
}
