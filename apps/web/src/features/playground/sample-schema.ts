import { SchemaSchema, type Model, type Schema } from '@listina/forms';
import type { TFunction } from '../../app/i18n';

const LABELS = 'playground.field.';
const COUNTRY_CODES = ['SI', 'AT', 'HR', 'IT', 'HU'] as const;

/**
 * A schema using every input type (spec §2 /playground). Its lists are fixed items, so it works
 * signed out: one inactive country shows that such items stay hidden in the lookup.
 */
export function sampleSchema(t: TFunction): Schema {
  const priorities = ['low', 'normal', 'high'].map((code) => ({
    code,
    name: t(`playground.priority.${code}`),
  }));
  const countries = [
    ...COUNTRY_CODES.map((code) => ({ code, name: t(`playground.country.${code}`) })),
    { code: 'YU', name: t('playground.country.YU'), isActive: false },
  ];
  return SchemaSchema.parse({
    id: 'playground',
    options: { labelPrefix: LABELS },
    layout: [
      ['code', 'name'],
      ['quantity', 'price', 'amount'],
      ['dueDate', 'birthDate'],
      ['startTime', 'meetingAt'],
      ['isActive', 'priority', 'country'],
      ['colour', 'codeLabel'],
    ],
    fields: [
      { name: 'code', inputType: 'text', maxLength: 10, validation: { required: true } },
      { name: 'name', inputType: 'text', maxLength: 60 },
      { name: 'quantity', inputType: 'int', validation: { min: 0, max: 1000 } },
      { name: 'price', inputType: 'decimal', validation: { min: 0 } },
      { name: 'amount', inputType: 'currency' },
      { name: 'dueDate', inputType: 'date' },
      { name: 'birthDate', inputType: 'date' },
      { name: 'startTime', inputType: 'time' },
      { name: 'meetingAt', inputType: 'datetime' },
      { name: 'isActive', inputType: 'checkbox' },
      {
        name: 'priority',
        inputType: 'select',
        references: { items: priorities, displayFields: ['name'], noSort: true },
      },
      { name: 'country', inputType: 'combo', references: { items: countries } },
      { name: 'colour', inputType: 'colorpicker' },
      { name: 'codeLabel', inputType: 'label', expr: 'code', abstract: true },
      { name: 'notes', inputType: 'memo', maxLength: 500 },
      { name: 'summary', inputType: 'divmemo', expr: 'notes', abstract: true },
      { name: 'description', inputType: 'editor' },
      { name: 'action', inputType: 'btn', abstract: true },
      { name: 'secret', inputType: 'password', maxLength: 100 },
      {
        name: 'lines',
        inputType: 'grid',
        schema: {
          id: 'playgroundLine',
          options: { labelPrefix: LABELS },
          allowEmptyArray: true,
          fields: [
            { name: 'description', inputType: 'text', maxLength: 100 },
            { name: 'quantity', inputType: 'int' },
            { name: 'price', inputType: 'decimal' },
          ],
        },
      },
    ],
  });
}

/** The model the playground starts with; its texts are in the interface language. */
export function sampleModel(t: TFunction): Model {
  return {
    code: 'DEMO-1',
    name: null,
    quantity: 3,
    price: '1234.50',
    amount: '3703.50',
    dueDate: '2025-03-31',
    birthDate: null,
    startTime: '09:30',
    meetingAt: null,
    isActive: true,
    priority: 'normal',
    country: 'SI',
    colour: '#1565C0',
    notes: t('playground.sample.notes'),
    description: `<p><b>${t('input.editor.bold')}</b>, <i>${t('input.editor.italic')}</i></p>`,
    secret: null,
    lines: [],
  };
}
