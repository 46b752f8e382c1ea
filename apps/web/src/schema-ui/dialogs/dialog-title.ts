import type { Model, Schema } from '@listina/forms';
import type { TFunction } from '../../app/i18n';
import type { EditDialogParams } from './dialog-context';
import type { EditDialogState } from './edit-dialog-state';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * spec §3 schema options: what the dialog edits, from dlgTitleId (a catalogue key, in the
 * user's language) or else dlgTitleText (a text as it is); undefined when the schema names
 * neither.
 */
export function schemaDialogTitle(
  schema: Pick<Schema, 'options'> | undefined,
  t: TFunction,
  has: (key: string) => boolean,
): string | undefined {
  const options = schema?.options;
  if (options?.dlgTitleId && has(options.dlgTitleId)) return t(options.dlgTitleId);
  return text(options?.dlgTitleText);
}

/**
 * The record's displayTitle in the user's language: the server writes a code list's English
 * name into it ("SI - Slovenia"); in Slovenian the record's nameSl takes its place (issue 24).
 */
function localTitle(record: Model, locale: string | undefined): string | undefined {
  const title = text(record.displayTitle);
  const name = text(record.name);
  const nameSl = text(record.nameSl);
  if (locale !== 'sl' || !title || !name || !nameSl || !title.endsWith(name)) return title;
  return `${title.slice(0, title.length - name.length)}${nameSl}`;
}

/**
 * An edit dialog's title: the kind of record from the schema (dlgTitleId / dlgTitleText) and
 * the record's displayTitle, else code ("Payment order: Kovač d.o.o. - 427,00"); on create the
 * opener's title, else the kind as new, else Add. Without a schema title: displayTitle, code, Edit.
 */
export function recordDialogTitle(
  state: Pick<EditDialogState, 'mode' | 'original'>,
  params: Pick<EditDialogParams, 'title'>,
  schema: Pick<Schema, 'options'> | undefined,
  t: TFunction,
  has: (key: string) => boolean,
  locale?: string,
): string {
  const kind = schemaDialogTitle(schema, t, has);
  if (state.mode === 'create') {
    return params.title ?? (kind ? t('language.dialog.new', [kind]) : t('schemaForm.dialog.add'));
  }
  const record: Model = state.original ?? {};
  const title = localTitle(record, locale) ?? text(record.code);
  if (kind && title) return t('language.dialog.record', [kind, title]);
  return title ?? kind ?? t('schemaForm.dialog.edit');
}
