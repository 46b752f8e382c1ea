import { describe, expect, it } from 'vitest';
import { SchemaSchema, type Field, type FieldInput, type SchemaInput } from './schema';
import {
  compareToBound,
  isEmptyValue,
  validateField,
  validateModel,
  validateModelWarnings,
  VALIDATION_RULE_ORDER,
} from './validation';

const field = (input: FieldInput): Field =>
  SchemaSchema.parse({ id: 't', fields: [{ name: 'other' }, input] }).fields[1] as Field;

const issue = (code: string, parameters: (string | number)[] = [], path = 'value') => [
  { code, parameters, field: path },
];

describe('validateField (spec §5 rules)', () => {
  it('keeps the spec order, then the domain check', () => {
    expect(VALIDATION_RULE_ORDER).toEqual([
      'sameAs',
      'min',
      'max',
      'range',
      'required',
      'requiredIf',
      'regex',
      'check',
    ]);
  });

  it('sameAs: must equal another field', () => {
    const repeat = field({ name: 'value', validation: { sameAs: 'other' } });
    expect(validateField(repeat, { value: 'a', other: 'b' })).toEqual(
      issue('validation.sameAs', ['other']),
    );
    expect(validateField(repeat, { value: 'a', other: 'a' })).toEqual([]);
    expect(validateField(repeat, { value: 5, other: '5' })).toEqual([]);
    expect(validateField(repeat, { value: '', other: null })).toEqual([]);
  });

  it('min and max: compare decimals exactly and dates as ISO text, skipping empty values', () => {
    const amount = field({ name: 'value', validation: { min: '0.01', max: 1000 } });
    expect(validateField(amount, { value: '0.00' })).toEqual(issue('validation.min', ['0.01']));
    expect(validateField(amount, { value: '0.01' })).toEqual([]);
    expect(validateField(amount, { value: 1000.01 })).toEqual(issue('validation.max', [1000]));
    expect(validateField(amount, { value: '' })).toEqual([]);
    const due = field({ name: 'value', validation: { min: '2024-01-01' } });
    expect(validateField(due, { value: '2023-12-31' })).toEqual(
      issue('validation.min', ['2024-01-01']),
    );
    expect(validateField(due, { value: '2024-01-01' })).toEqual([]);
  });

  it('range: both bounds as parameters', () => {
    const percent = field({ name: 'value', validation: { range: [0, 100] } });
    expect(validateField(percent, { value: '100.5' })).toEqual(issue('validation.range', [0, 100]));
    expect(validateField(percent, { value: -1 })).toEqual(issue('validation.range', [0, 100]));
    expect(validateField(percent, { value: 50 })).toEqual([]);
  });

  it('required: blank text, null and empty lists are empty; false and 0 are values', () => {
    const name = field({ name: 'value', validation: { required: true } });
    for (const value of [undefined, null, '', '   ', []]) {
      expect(validateField(name, { value }), JSON.stringify(value)).toEqual(
        issue('validation.required'),
      );
    }
    expect(validateField(name, { value: 0 })).toEqual([]);
    expect(validateField(name, { value: false })).toEqual([]);
  });

  it('requiredIf: required while its condition holds, with the same message', () => {
    const reference = field({
      name: 'value',
      validation: { requiredIf: 'paymentType == "SEPA_SI"' },
    });
    expect(validateField(reference, { paymentType: 'SEPA_SI' })).toEqual(
      issue('validation.required'),
    );
    expect(validateField(reference, { paymentType: 'SEPA' })).toEqual([]);
    expect(validateField(reference, { paymentType: 'SEPA_SI', value: 'SI00 123' })).toEqual([]);
  });

  it('regex: its own message key, tested on text and numbers', () => {
    const bic = field({
      name: 'value',
      validation: {
        regex: { pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', message: 'bic.invalid' },
      },
    });
    expect(validateField(bic, { value: 'ljbasi2x' })).toEqual(issue('bic.invalid'));
    expect(validateField(bic, { value: 'LJBASI2X' })).toEqual([]);
    expect(validateField(bic, { value: '' })).toEqual([]);
    const caseless = field({
      name: 'value',
      validation: { regex: { pattern: '^si\\d+$', flags: 'i', message: 'm' } },
    });
    expect(validateField(caseless, { value: 'SI56' })).toEqual([]);
  });

  it('stops at the first failing rule in spec order', () => {
    const all = field({
      name: 'value',
      validation: {
        sameAs: 'other',
        min: 10,
        required: true,
        regex: { pattern: 'x', message: 'm' },
      },
    });
    expect(validateField(all, { value: '5', other: '6' })).toEqual(
      issue('validation.sameAs', ['other']),
    );
    expect(validateField(all, { value: '5', other: '5' })).toEqual(issue('validation.min', [10]));
    expect(validateField(all, { value: '', other: '' })).toEqual(issue('validation.required'));
    expect(validateField(all, { value: '50', other: '50' })).toEqual(issue('m'));
  });

  it('check: runs the domain check after regex, on a value that is there', () => {
    const iban = field({
      name: 'value',
      validation: {
        required: true,
        regex: { pattern: '^[A-Za-z]{2}', message: 'iban.country' },
        check: 'iban',
      },
    });
    expect(validateField(iban, { value: '' })).toEqual(issue('validation.required'));
    expect(validateField(iban, { value: '56 1910' })).toEqual(issue('iban.country'));
    expect(validateField(iban, { value: 'SI56 1910 0000 0123 439' })).toEqual(
      issue('validation.iban.checksum'),
    );
    expect(validateField(iban, { value: 'SI56 1910 0000 0123 438' })).toEqual([]);
    const optional = field({ name: 'value', validation: { check: 'paymentAmount' } });
    for (const value of [undefined, null, '', '  ']) {
      expect(validateField(optional, { value }), JSON.stringify(value)).toEqual([]);
    }
    expect(validateField(optional, { value: '0' })).toEqual(issue('validation.amount.notPositive'));
  });

  it('check: judges dates against the given today, by default the local date', () => {
    const due = field({ name: 'value', validation: { check: 'notPast' } });
    const today = { today: '2026-11-24' };
    expect(validateField(due, { value: '2026-11-23' }, 'value', undefined, today)).toEqual(
      issue('validation.date.past'),
    );
    expect(validateField(due, { value: '2026-11-24' }, 'value', undefined, today)).toEqual([]);
    expect(validateField(due, { value: '2000-01-01' })).toEqual(issue('validation.date.past'));
    expect(validateField(due, { value: '2999-01-01' })).toEqual([]);
  });

  it('checks maxLength last, counting characters as PostgreSQL does', () => {
    const code = field({ name: 'value', maxLength: 3, validation: { required: true } });
    expect(validateField(code, { value: 'ABCD' })).toEqual(issue('validation.tooLong', [3]));
    expect(validateField(code, { value: 'ččž' })).toEqual([]);
    expect(validateField(code, { value: '😀😀😀' })).toEqual([]);
    expect(validateField(code, {})).toEqual(issue('validation.required'));
  });

  it('skips min and max for values it cannot compare', () => {
    expect(compareToBound(true, 1)).toBeUndefined();
    expect(compareToBound(5, '2024-01-01')).toBeUndefined();
    expect(compareToBound('09:30', '10:00')).toBe(-1);
    expect(isEmptyValue(0)).toBe(false);
  });
});

const partner: SchemaInput = {
  id: 'partner',
  fields: [
    { name: 'code', maxLength: 5, validation: { required: true } },
    { name: 'vatId', visible: 'isVatPayer', validation: { required: true } },
    { name: 'recipientBank.BIC', validation: { requiredIf: 'paymentType == "SEPA"' } },
    {
      name: 'bankAccounts',
      inputType: 'grid',
      validation: { required: true },
      schema: {
        id: 'bankAccount',
        fields: [
          { name: 'code', validation: { required: true } },
          { name: 'bic', validation: { sameAs: 'bicRepeat' } },
          { name: 'bicRepeat' },
        ],
      },
    },
  ],
};

describe('validateModel', () => {
  const schema = SchemaSchema.parse(partner);

  it('walks fields, nested paths and grid rows, skipping rows marked for delete', () => {
    const model = {
      code: 'TOOLONG',
      paymentType: 'SEPA',
      recipientBank: {},
      bankAccounts: [
        { id: 1, code: '' },
        { id: 2, code: '', markForDelete: true },
        { id: -1, code: 'SI56', bic: 'A', bicRepeat: 'B' },
      ],
    };
    expect(validateModel(schema, model)).toEqual([
      { code: 'validation.tooLong', parameters: [5], field: 'code' },
      { code: 'validation.required', parameters: [], field: 'recipientBank.BIC' },
      { code: 'validation.required', parameters: [], field: 'bankAccounts.0.code' },
      { code: 'validation.sameAs', parameters: ['bicRepeat'], field: 'bankAccounts.2.bic' },
    ]);
  });

  it('skips hidden fields and counts a grid of deleted rows as empty', () => {
    expect(
      validateModel(schema, {
        code: 'A',
        isVatPayer: true,
        bankAccounts: [{ code: 'SI56', markForDelete: true }],
      }),
    ).toEqual([
      { code: 'validation.required', parameters: [], field: 'vatId' },
      { code: 'validation.required', parameters: [], field: 'bankAccounts' },
    ]);
  });

  it('refuses an empty grid when its schema says allowEmptyArray false', () => {
    const strict = SchemaSchema.parse({
      id: 'payPackage',
      fields: [
        {
          name: 'orders',
          inputType: 'grid',
          schema: { id: 'payOrder', allowEmptyArray: false, fields: [{ name: 'amount' }] },
        },
      ],
    });
    expect(validateModel(strict, { orders: [] })).toEqual([
      { code: 'validation.required', parameters: [], field: 'orders' },
    ]);
    expect(validateModel(strict, { orders: [{ amount: '1.00' }] })).toEqual([]);
  });

  it('runs domain checks only on visible fields, in grid rows too, with the given today', () => {
    const orders = SchemaSchema.parse({
      id: 'payPackage',
      fields: [
        { name: 'executionDate', validation: { check: 'notPast' } },
        { name: 'note', visible: 'hasNote', validation: { check: 'sepaText' } },
        {
          name: 'orders',
          inputType: 'grid',
          schema: {
            id: 'payOrder',
            fields: [
              { name: 'amount', validation: { required: true, check: 'paymentAmount' } },
              { name: 'currencyCode', validation: { check: 'sepaCurrency' } },
              { name: 'executionDate', validation: { check: 'notPast' } },
            ],
          },
        },
      ],
    });
    const model = {
      executionDate: '2026-11-23',
      hasNote: false,
      note: 'A & B',
      orders: [
        { amount: '12.50', currencyCode: 'EUR', paymentType: 'SEPA_SI' },
        { amount: '12.505', currencyCode: 'USD', paymentType: 'SEPA', executionDate: '2026-11-24' },
        { amount: '-1', currencyCode: 'USD', paymentType: 'SWIFT', markForDelete: true },
      ],
    };
    expect(validateModel(orders, model, { today: '2026-11-24' })).toEqual([
      { code: 'validation.date.past', parameters: [], field: 'executionDate' },
      { code: 'validation.amount.decimals', parameters: [], field: 'orders.1.amount' },
      { code: 'validation.currency.sepaEur', parameters: [], field: 'orders.1.currencyCode' },
    ]);
    expect(validateModel(orders, { ...model, hasNote: true }, { today: '2026-11-23' })).toEqual([
      { code: 'validation.amount.decimals', parameters: [], field: 'orders.1.amount' },
      { code: 'validation.currency.sepaEur', parameters: [], field: 'orders.1.currencyCode' },
    ]);
    // A character outside the SEPA set is a warning with the text spelt in it, when shown.
    expect(validateModelWarnings(orders, model)).toEqual([]);
    expect(validateModelWarnings(orders, { ...model, hasNote: true })).toEqual([
      {
        code: 'warnings.sepaText',
        parameters: ['&', 'A + B'],
        suggestion: 'A + B',
        field: 'note',
      },
    ]);
  });

  it('prefixes paths with the given prefix', () => {
    const schema = SchemaSchema.parse({
      id: 'row',
      fields: [{ name: 'code', validation: { required: true } }],
    });
    expect(validateModel(schema, {}, { prefix: 'rows.3.' })).toEqual([
      { code: 'validation.required', parameters: [], field: 'rows.3.code' },
    ]);
  });

  it('ignores a grid whose schema condition does not hold', () => {
    const conditional = SchemaSchema.parse({
      id: 'doc',
      fields: [
        {
          name: 'lines',
          inputType: 'grid',
          schema: {
            id: 'line',
            condition: 'hasLines',
            allowEmptyArray: false,
            fields: [{ name: 'text', validation: { required: true } }],
          },
        },
      ],
    });
    expect(validateModel(conditional, { hasLines: false, lines: [{}] })).toEqual([]);
    expect(validateModel(conditional, { hasLines: true, lines: [{}] })).toEqual([
      { code: 'validation.required', parameters: [], field: 'lines.0.text' },
    ]);
  });
});
