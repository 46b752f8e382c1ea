import { SchemaSchema, type Model } from '@listina/forms';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import { WORKFLOW_TILES, withParam, type ReportParams, type ReportView } from './report-model';

/** A field of the filter form; its name is the address's parameter it sets. */
type FilterField = Record<string, unknown> & { name: keyof ReportParams };

/** The day or period a report is read for: each report's own fields, first in the form. */
const PERIOD_FIELDS: Record<ReportView, FilterField[]> = {
  aging: [{ name: 'asOf', dataType: 'date', labelId: 'reports.filter.asOf' }],
  cash: [{ name: 'from', dataType: 'date', labelId: 'reports.filter.from' }],
};

/** What every report narrows to, picked from the code lists. */
const NARROWING_FIELDS: FilterField[] = [
  {
    name: 'supplier',
    inputType: 'combo',
    labelId: 'reports.filter.supplier',
    references: { table: 'partner', field: 'key', displayFields: ['code', 'name'] },
  },
  {
    name: 'documentType',
    dataType: 'int',
    inputType: 'combo',
    labelId: 'reports.filter.documentType',
    references: { table: 'documentType', field: 'id', displayFields: ['code', 'name'] },
  },
  {
    name: 'costCenter',
    inputType: 'combo',
    labelId: 'reports.filter.costCenter',
    references: { table: 'costCenter', field: 'code', displayFields: ['code', 'name'] },
  },
  {
    name: 'workflowStep',
    inputType: 'select',
    labelId: 'reports.filter.workflowStep',
    references: {
      items: WORKFLOW_TILES.map((code) => ({ code, labelId: `tiles.${code}` })),
      noSort: true,
    },
  },
];

/** The fields of a report's form: across organisations the server takes the day alone. */
function fieldsOf(view: ReportView, across: boolean): FilterField[] {
  return across ? PERIOD_FIELDS[view] : [...PERIOD_FIELDS[view], ...NARROWING_FIELDS];
}

const textOrNull = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/**
 * A report's filters (issue 27), drawn by the schema form so its lookups and dates read as
 * elsewhere. Each field is an address parameter of the same name: the form reads the query
 * and writes every change back to it, so a link reproduces the view.
 */
export function ReportFilterForm(props: {
  view: ReportView;
  across: boolean;
  params: ReportParams;
  onChange: (change: (query: URLSearchParams) => URLSearchParams) => void;
}) {
  const { view, across, params } = props;
  const fields = fieldsOf(view, across);
  const names = fields.map((field) => field.name);
  const schema = SchemaSchema.parse({
    id: `reportFilter-${view}-${across ? 'across' : 'own'}`,
    layout: [names],
    fields,
  });
  const model: Model = Object.fromEntries(names.map((name) => [name, params[name] ?? null]));
  const change = (next: Model) =>
    props.onChange((query) =>
      names.reduce((result, name) => withParam(result, name, textOrNull(next[name])), query),
    );
  return (
    <SchemaForm
      key={`${view}-${across}`}
      schema={schema}
      model={model}
      onChange={change}
      autoFocus={false}
      testId="report-filter-form"
    />
  );
}
