import type { FastifyInstance } from 'fastify';
import { notificationRoutes as n } from '@listina/contract';
import { addRoute, type AuthResolver } from '../../plugins/routes';
import type { NotificationSettingsService } from './settings';

/** The signed-in user's notification settings (issue 26, profile page). */
export function registerNotifyRoutes(
  app: FastifyInstance,
  auth: AuthResolver,
  settings: NotificationSettingsService,
) {
  addRoute(app, auth, n.settings, ({ user }) => settings.get(user.id));
  addRoute(app, auth, n.saveSettings, ({ user, body }) => settings.save(user.id, body));
}
