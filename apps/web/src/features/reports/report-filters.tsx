import { useState } from 'react';
import { SPEND_GROUPS } from '@listina/contract';
import { SchemaSchema, toIsoDate, type Model } from '@listina/forms';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import {
  SPEND_AMOUNTS,
  WORKFLOW_TILES,
  withParam,
  type ReportParams,
  type ReportView,
} from './report-model';

/** A field of the filter form; its name is the address's parameter it sets. */
type FilterField = Record<string, unknown> & { name: keyof ReportParams };

/** Years spend offers: this one and the nine before (a year in the address is kept too). */
const SPEND_YEARS = 10;

function spendFields(year: number | undefined): FilterField[] {
  const thisYear = Number(toIsoDate(new Date()).slice(0, 4));
  const years = Array.from({ length: SPEND_YEARS }, (_, index) => thisYear - index);
  if (year !== undefined && !years.includes(year)) years.push(year);
  return [
    {
      name: 'year',
      inputType: 'select',
      labelId: 'reports.filter.year',
      references: {
        items: years.map((value) => ({ code: String(value), name: String(value) })),
        displayFields: ['name'],
        noSort: true,
      },
    },
    {
      name: 'by',
      inputType: 'select',
      labelId: 'reports.filter.by',
      references: {
        items: SPEND_GROUPS.map((code) => ({ code, labelId: `reports.by.${code}` })),
        noSort: true,
      },
    },
    {
      name: 'amount',
      inputType: 'select',
      labelId: 'reports.filter.amount',
      references: {
        items: SPEND_AMOUNTS.map((code) => ({ code, labelId: `reports.amount.${code}` })),
        noSort: true,
      },
    },
  ];
}

const PERIOD: FilterField[] = [
  { name: 'from', dataType: 'date', labelId: 'reports.filter.from' },
  { name: 'to', dataType: 'date', labelId: 'reports.filter.to' },
];

/** The day, period or year a report is read for: each report's own fields, first in the form. */
function periodFields(view: ReportView, params: Partial<ReportParams>): FilterField[] {
  switch (view) {
    case 'aging':
      return [{ name: 'asOf', dataType: 'date', labelId: 'reports.filter.asOf' }];
    case 'cash':
      return [{ name: 'from', dataType: 'date', labelId: 'reports.filter.from' }];
    case 'spend':
      return spendFields(params.year);
    default:
      return PERIOD;
  }
}

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

/** What the page itself draws when the address says nothing: the spend chart the gross. */
const PAGE_DEFAULTS: Partial<ReportParams> = { amount: 'gross' };

type Answered = Partial<ReportParams> | undefined;

/**
 * The filters of the last answer of this view. While a changed filter's answer is on its way
 * the others keep showing what the last one said, rather than emptying for a moment (which
 * would also drop what the user is typing into one of them).
 */
function useLastAnswered(view: string, answered: Answered): Partial<ReportParams> {
  const [kept, setKept] = useState<{ view: string; answered: Answered }>({ view, answered });
  const same = kept.view === view && JSON.stringify(kept.answered) === JSON.stringify(answered);
  // Kept during render (React's way of following a prop), so no render shows the old view's.
  if (answered !== undefined && !same) setKept({ view, answered });
  if (answered !== undefined) return answered;
  return (kept.view === view ? kept.answered : undefined) ?? {};
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
 * and writes every change back to it, so a link reproduces the view. A field the address leaves
 * out shows what the report was read for (the server's period, this year, by supplier, the
 * gross), written into the address only once the user changes it.
 */
export function ReportFilterForm(props: {
  view: ReportView;
  across: boolean;
  params: ReportParams;
  /** The filters the shown answer was read for (ShownReport.answered). */
  answered: Answered;
  onChange: (change: (query: URLSearchParams) => URLSearchParams) => void;
}) {
  const { view, across, params } = props;
  const lastAnswered = useLastAnswered(`${view}-${across}`, props.answered);
  const shown: Partial<ReportParams> = { ...PAGE_DEFAULTS, ...lastAnswered };
  const own = periodFields(view, { ...params, year: params.year ?? shown.year });
  const fields = across ? own : [...own, ...NARROWING_FIELDS];
  const names = fields.map((field) => field.name);
  const schema = SchemaSchema.parse({
    id: `reportFilter-${view}-${across ? 'across' : 'own'}`,
    // A report of one day keeps its filters on one line; a period's or a year's fields get
    // their own, so that the line does not squeeze six or seven inputs.
    layout:
      fields.length > own.length && own.length > 1
        ? [own.map((field) => field.name), names.slice(own.length)]
        : [names],
    fields,
  });
  const model: Model = Object.fromEntries(
    names.map((name) => {
      const value = params[name] ?? shown[name];
      // A select holds its items' codes as text: the year too.
      return [name, typeof value === 'number' && name === 'year' ? String(value) : (value ?? null)];
    }),
  );
  // Only what the user changed goes into the address: a field showing the report's default
  // stays out of it, so the address keeps leaving it to the server.
  const change = (next: Model) =>
    props.onChange((query) =>
      names
        .filter((name) => textOrNull(next[name]) !== textOrNull(model[name]))
        .reduce((result, name) => withParam(result, name, textOrNull(next[name])), query),
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
