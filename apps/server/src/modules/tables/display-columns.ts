import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../plugins/i18n';
import { defaultMarkOf } from './default-rows';
import type { ColumnDef, EntityDef } from './entity';
import { referencesOf } from './references';

/**
 * A list row's text of a reference held as an id or key (spec §3 `<field>Cb`, as in
 * recipientIdCb): a document's partner and type read as "P-001 – Elektro d.o.o." in the grid
 * instead of a UUID or a number. References by code (a country, a currency) read well as
 * they are and get none.
 */
export interface DisplayColumn {
  /** The API name: the field's name with Cb. */
  name: string;
  /** The SQL alias of the text in the list's rows. */
  alias: string;
  /** The text: the target's displayFields (default code, name) joined by a dash. */
  text: RawBuilder<unknown>;
}

const DEFAULT_DISPLAY_FIELDS = ['code', 'name'];
const byColumns = new WeakMap<EntityDef, Map<string, DisplayColumn[]>>();

/**
 * A target's display field in the call's language (issue 24): a code list's `name` is English
 * and its `nameSl` Slovenian, so Slovenian reads nameSl, or name where that is empty.
 */
function displayText(target: EntityDef, column: ColumnDef, locale: Locale | undefined) {
  const own =
    locale === 'sl' ? target.columns.find((c) => c.name === `${column.name}Sl`) : undefined;
  return own
    ? sql`coalesce(nullif(t.${sql.ref(own.column)}, ''), t.${sql.ref(column.column)})`
    : sql`t.${sql.ref(column.column)}`;
}

function build(
  entity: EntityDef,
  columns: ColumnDef[],
  locale: Locale | undefined,
): DisplayColumn[] {
  const listed = new Set(columns);
  const owner = sql.table(entity.table);
  return referencesOf(entity, { serverOwned: true })
    .filter((reference) => listed.has(reference.column) && reference.sqlType !== 'text')
    .flatMap(({ column, target, targetColumn }) => {
      const wanted = column.field.references?.displayFields ?? DEFAULT_DISPLAY_FIELDS;
      const parts = wanted
        .map((name) => target.columns.find((c) => c.name === name))
        .filter((c): c is ColumnDef => c !== undefined)
        .map((c) => displayText(target, c, locale));
      if (parts.length === 0) return [];
      const sameOwner =
        target.scope === 'tenant' ? sql`t.organization_id = ${owner}.organization_id and` : sql``;
      return [
        {
          name: `${column.name}Cb`,
          alias: `${column.column}_cb`,
          text: sql`(select concat_ws(' – ', ${sql.join(parts)}) from ${sql.table(target.table)} t
            where ${sameOwner} t.${sql.ref(targetColumn)} = ${owner}.${sql.ref(column.column)})`,
        },
      ];
    });
}

/**
 * The display columns of the listed columns, and the mark of the owner's default record
 * (default-rows.ts), computed once per entity and column list.
 */
export function displayColumnsOf(
  entity: EntityDef,
  columns: ColumnDef[],
  locale?: Locale,
): DisplayColumn[] {
  const key = `${locale ?? ''}:${columns.map((c) => c.name).join(',')}`;
  let cache = byColumns.get(entity);
  if (!cache) byColumns.set(entity, (cache = new Map<string, DisplayColumn[]>()));
  let found = cache.get(key);
  if (!found)
    cache.set(key, (found = [...build(entity, columns, locale), ...defaultMarkOf(entity)]));
  return found;
}
