import { describe, expect, it } from 'vitest';
import { GRID_COLUMN_WIDTH_MAX, GRID_COLUMN_WIDTH_MIN, type Field } from '@listina/forms';
import { catalogue } from '../../plugins/i18n';
import type { EntityDef } from './entity';
import { listColumns } from './list-plan';
import { schemaOf } from './model';
import { ENTITIES } from './registry';
import { payOrder } from './entities/pay-order';

/** Every entity whose rows carry grid columns (the nested grids' too). */
const LISTED = ENTITIES.filter((entity) => listColumns(entity, false).length > 0);

/** A column header as the web labels it (labelText, else labelId with the schema's prefix). */
function header(entity: EntityDef, field: Field, locale: 'sl' | 'en-gb'): string {
  if (field.labelText) return field.labelText;
  const texts = catalogue[locale];
  const prefix = schemaOf(entity).options?.labelPrefix ?? '';
  const id = field.labelId ?? field.name;
  return texts[prefix + id] ?? texts[id] ?? `(no text: ${id})`;
}

function columnsOf(entity: EntityDef) {
  const schema = schemaOf(entity);
  return (schema.gridColumns ?? []).map((column) => ({
    ...column,
    field: schema.fields.find((field) => field.name === column.name),
  }));
}

describe('grid default columns (issue 24)', () => {
  it('gives every listed table a curated default set of its listed columns', () => {
    for (const entity of LISTED) {
      const listed = new Set(listColumns(entity, false).map((column) => column.name));
      expect(entity.gridColumns?.length, entity.name).toBeGreaterThan(0);
      for (const column of entity.gridColumns ?? []) {
        expect(listed.has(column.name), `${entity.name}.${column.name} is in the rows`).toBe(true);
        expect(column.width).toBeGreaterThanOrEqual(GRID_COLUMN_WIDTH_MIN);
        expect(column.width).toBeLessThanOrEqual(GRID_COLUMN_WIDTH_MAX);
      }
    }
  });

  it('sends the default set first in its order, then the other listed columns switched off', () => {
    const columns = columnsOf(payOrder);
    const shown = columns.filter((column) => !column.hidden).map((column) => column.name);
    expect(shown).toEqual([
      'recipientIdCb',
      'recipientIBAN',
      'recipientReference',
      'amount',
      'currencyCode',
      'executionDate',
      'state',
      'payPackageId',
    ]);
    expect(columns.filter((column) => column.hidden).map((column) => column.name)).toEqual([
      'recipientModel',
      'organizationBankAccountId',
    ]);
    expect(columns[0]).toMatchObject({ width: 220, shrink: true });
    // Far fewer than the 36 fields a new organisation's empty grid used to show.
    expect(columns.length).toBeLessThan(12);
  });

  it.each(['sl', 'en-gb'] as const)(
    'has no two columns with the same header in any grid, and a text for each, in %s',
    (locale) => {
      const problems: string[] = [];
      for (const entity of LISTED) {
        const columns = columnsOf(entity);
        // The default set, and every column the chooser offers.
        for (const set of [columns.filter((column) => !column.hidden), columns]) {
          const headers = set.map((column) =>
            column.field ? header(entity, column.field, locale) : `(no field: ${column.name})`,
          );
          headers.forEach((text, index) => {
            if (text.startsWith('(no')) problems.push(`${entity.name}: ${text}`);
            else if (headers.indexOf(text) !== index) {
              problems.push(`${entity.name}: "${text}" twice (${set[index]?.name})`);
            }
          });
        }
      }
      expect([...new Set(problems)]).toEqual([]);
    },
  );
});
