import type { TableRecord } from '@listina/contract';
import type { Locale } from '../../plugins/i18n';
import type { EntityDef } from './entity';
import { titleFrom } from './model';

/**
 * A record's title as a message names it, in the user's language (issue 24): a code list's
 * `name` is English and its `nameSl` Slovenian, so for a Slovenian user each title column
 * with a Slovenian sibling reads from it, or from the column itself where that is empty, as
 * the list's reference texts do (display-columns.ts).
 */
export function recordTitle(entity: EntityDef, record: TableRecord, locale?: Locale): string {
  if (locale !== 'sl') return record.displayTitle;
  const own = (name: string) => {
    const local = entity.columns.some((c) => c.name === `${name}Sl`)
      ? record[`${name}Sl`]
      : undefined;
    return typeof local === 'string' && local !== '' ? local : record[name];
  };
  return titleFrom(entity, own);
}

/** The records with their titles in the user's language, for messages that name them. */
export const titledIn = (entity: EntityDef, records: TableRecord[], locale?: Locale) =>
  records.map((record) => ({ ...record, displayTitle: recordTitle(entity, record, locale) }));
