import { describe, expect, it } from 'vitest';
import {
  DATA_TYPES,
  FieldSchema,
  INPUT_TYPES,
  ReferencesSchema,
  SchemaSchema,
  type SchemaInput,
} from './schema';

const partnerSchema: SchemaInput = {
  id: 'partner',
  options: { canShowPreview: false, dlgTitleId: 'partner.title', labelPrefix: 'partner.' },
  fields: [
    {
      name: 'code',
      dataType: 'text',
      inputType: 'text',
      maxLength: 20,
      validation: { required: true },
    },
    { name: 'name', inputType: 'text', labelId: 'partner.name', importance: 1 },
    {
      name: 'country',
      inputType: 'combo',
      references: { table: 'country', serverFilters: { isActive: true }, noSort: true },
    },
    { name: 'isVatPayer', dataType: 'bool', inputType: 'checkbox', visible: 'country == "SI"' },
    {
      name: 'bankAccounts',
      inputType: 'grid',
      schema: {
        id: 'bankAccount',
        addLabelId: 'bankAccount.add',
        allowEmptyArray: true,
        fields: [
          {
            name: 'code',
            inputType: 'text',
            validation: { regex: { pattern: '^[A-Z]{2}\\d+$', message: 'iban.invalid' } },
          },
          { name: 'isDefault', inputType: 'checkbox' },
        ],
      },
    },
  ],
};

function issuesOf(input: unknown): { path: string; message: string }[] {
  const result = SchemaSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('schema types (spec §3)', () => {
  it('list the seven data types and the 17 input types with password', () => {
    expect(DATA_TYPES).toEqual(['int', 'decimal', 'date', 'time', 'datetime', 'text', 'bool']);
    expect(INPUT_TYPES).toHaveLength(18);
    expect(INPUT_TYPES).toContain('password');
    expect(INPUT_TYPES).toContain('colorpicker');
    expect(INPUT_TYPES).toContain('divmemo');
  });

  it('parse a schema with a grid field and apply the reference defaults', () => {
    const schema = SchemaSchema.parse(partnerSchema);
    expect(schema.fields[2]?.references).toEqual({
      table: 'country',
      field: 'code',
      displayFields: ['code', 'name'],
      serverFilters: { isActive: true },
      noSort: true,
    });
    expect(schema.fields[4]?.schema?.fields.map((field) => field.name)).toEqual([
      'code',
      'isDefault',
    ]);
  });

  it('accept every spec §3 reference property', () => {
    const references = ReferencesSchema.parse({
      table: 'partner',
      api: '/api/cl/partner',
      field: 'key',
      displayFields: ['name'],
      items: [{ code: 'A' }],
      itemsProp: 'partners',
      serverFilters: { type: ['a', 'b'] },
      apiSearchParam: 'search',
      softFilters: { isActive: true },
      hardFilters: { organizationId: 7 },
      addScheme: 'partner',
      editKey: 'partnerKey',
      viewAll: true,
      onSelect: 'fillPartner',
      noSort: false,
    });
    expect(references.field).toBe('key');
    expect(references.displayFields).toEqual(['name']);
  });

  it('refuse unknown properties, so a misspelt one in an entity definition fails', () => {
    expect(issuesOf({ id: 'x', fields: [{ name: 'a', maxLenght: 5 }] })).toEqual([
      { path: 'fields.0', message: 'Unrecognized key: "maxLenght"' },
    ]);
  });

  it('take grid columns that name fields once, with widths within the spec §9 bounds', () => {
    const fields = [{ name: 'code' }, { name: 'name' }];
    const ok = { id: 'x', fields, gridColumns: [{ name: 'name', width: 200, shrink: true }] };
    expect(SchemaSchema.parse(ok).gridColumns).toEqual([
      { name: 'name', width: 200, shrink: true },
    ]);
    expect(issuesOf({ id: 'x', fields, gridColumns: [{ name: 'nope' }] })).toEqual([
      { path: 'gridColumns.0.name', message: 'no field or a repeated column' },
    ]);
    expect(
      issuesOf({ id: 'x', fields, gridColumns: [{ name: 'code' }, { name: 'code' }] }),
    ).toEqual([{ path: 'gridColumns.1.name', message: 'no field or a repeated column' }]);
    expect(
      SchemaSchema.safeParse({ id: 'x', fields, gridColumns: [{ name: 'code', width: 301 }] })
        .success,
    ).toBe(false);
  });

  it('refuse a grid without a schema, and a schema on a field that is not a grid', () => {
    expect(FieldSchema.safeParse({ name: 'rows', inputType: 'grid' }).success).toBe(false);
    expect(
      FieldSchema.safeParse({ name: 'a', inputType: 'text', schema: { id: 'x', fields: [] } })
        .success,
    ).toBe(false);
  });

  it('check expressions, patterns, names and references when the schema is parsed', () => {
    const bad = {
      id: 'x',
      tabs: [{ value: 'SEPA' }],
      fields: [
        { name: 'a', visible: 'amount >' },
        { name: 'a', validation: { sameAs: 'nope', regex: { pattern: '(', message: 'm' } } },
        { name: 'c', storedExpr: 'x.constructor' },
        { name: 'bad name' },
      ],
    };
    expect(issuesOf(bad)).toEqual([
      {
        path: 'fields.0.visible',
        message: 'Unexpected end of expression: amount >',
      },
      { path: 'fields.1.validation.regex.pattern', message: 'regex pattern does not compile' },
      {
        path: 'fields.2.storedExpr',
        message: 'Token constructor (undefined) unexpected in expression: x.constructor',
      },
      {
        path: 'fields.3.name',
        message: 'Invalid string: must match pattern /^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$/',
      },
      { path: 'fields.1.name', message: 'duplicate field name' },
      { path: 'fields.1.validation.sameAs', message: 'no field named nope' },
      { path: 'tabsValueField', message: 'tabs need a tabsValueField' },
    ]);
  });

  it('accept the remaining schema properties', () => {
    const schema = SchemaSchema.parse({
      id: 'payOrder',
      fields: [{ name: 'paymentType' }],
      tabs: [{ value: 'SEPA_SI', labelId: 'paymentType.SEPA_SI' }],
      tabsValueField: 'paymentType',
      importance: -1,
      condition: 'amount > 0',
      readonly: 'status == "sent"',
      inputType: 'grid',
      inputProps: { dense: true },
      layout: [['paymentType']],
      labelId: 'payOrder.title',
      labelText: 'Payment order',
      addLabelId: 'payOrder.add',
      allowEmptyArray: false,
    });
    expect(schema.tabsValueField).toBe('paymentType');
  });
});
