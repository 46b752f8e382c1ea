import { translate, type Locale } from '../../plugins/i18n';

/** What a notification's sentence is made of: its kind, the document, who acted, the step. */
export interface NotificationFacts {
  kind: string;
  doc_number: string | null;
  actor: string | null;
  tile: string | null;
}

/**
 * A notification as one sentence in the reader's language: the bell's list
 * (notifications.service.ts) and the daily digest's news (notify/notify.service.ts) say it
 * the same way.
 */
export function notificationText(locale: Locale, row: NotificationFacts): string {
  const tile = row.tile ? translate(locale, `tiles.${row.tile}`) : '';
  return translate(locale, `notification.${row.kind}`, [
    row.doc_number ?? '',
    row.actor ?? '',
    tile,
  ]);
}
