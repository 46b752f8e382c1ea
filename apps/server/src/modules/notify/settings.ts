import { sql } from 'kysely';
import {
  DEFAULT_NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_KINDS,
  type NotificationSettings,
} from '@listina/contract';
import type { Db } from '../../db/create-db';
import { badRequest } from '../../lib/errors';
import { channelOf } from './notify.service';

/** Whether the runtime knows the IANA time zone. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A user's notification settings (issue 26): their own row, nobody else's. */
export function createNotificationSettings(db: Db) {
  async function get(userId: string): Promise<NotificationSettings> {
    const user = await db
      .selectFrom('app_user')
      .select(['notify_channels', 'digest_hour', 'digest_days', 'time_zone'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      channels: Object.fromEntries(
        NOTIFICATION_PREFERENCE_KINDS.map((kind) => [kind, channelOf(user.notify_channels, kind)]),
      ) as NotificationSettings['channels'],
      digestHour: Number(user.digest_hour),
      digestDays: user.digest_days.map(Number).sort((a, b) => a - b),
      timeZone: user.time_zone,
    };
  }

  return {
    get,
    async save(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      if (!isTimeZone(settings.timeZone))
        throw badRequest('errors.notify.timeZone', [settings.timeZone], 'timeZone');
      // Only what differs from the defaults is kept: a default changed later reaches them.
      const chosen = Object.fromEntries(
        Object.entries(settings.channels).filter(
          ([kind, channel]) =>
            DEFAULT_NOTIFICATION_CHANNELS[kind as keyof typeof DEFAULT_NOTIFICATION_CHANNELS] !==
            channel,
        ),
      );
      await db
        .updateTable('app_user')
        .set({
          notify_channels: JSON.stringify(chosen),
          digest_hour: settings.digestHour,
          digest_days: sql<
            number[]
          >`${[...new Set(settings.digestDays)].sort((a, b) => a - b)}::smallint[]`,
          time_zone: settings.timeZone,
        })
        .where('id', '=', userId)
        .execute();
      return get(userId);
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettings>;
