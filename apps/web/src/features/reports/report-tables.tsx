import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AGING_BUCKETS,
  CASH_PARTS,
  type AgingAcross,
  type AgingBucket,
  type AgingReport,
  type CashPart,
  type CashAcross,
  type CashReport,
} from '@listina/contract';
import { formatDate, roundDecimal } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ReportChart, type ChartSeries } from './report-chart';
import { useFormatAmount } from './report-format';
import {
  agingDocumentsPath,
  cashDocumentsPath,
  currenciesOf,
  type CashSlot,
  type DrillFilter,
} from './report-model';

/** Suppliers the aging chart names one by one; the rest stack as one "other suppliers". */
const CHART_SUPPLIERS = 8;
const OTHERS = '__others';
/** Organisations a chart across them names one by one; the rest stack as one series. */
const CHART_ORGANIZATIONS = 8;

/**
 * A series per organisation of the charts across them: the largest by their sum named, the
 * rest stacked as one "other organisations", so that the legend stays readable for an
 * accountant of many.
 */
function organizationSeries(
  organizations: { id: string; name: string; data: number[] }[],
  othersLabel: (count: number) => string,
): ChartSeries[] {
  const sum = (data: number[]) => data.reduce((total, value) => total + value, 0);
  const sorted = [...organizations].sort((a, b) => sum(b.data) - sum(a.data));
  const named = sorted.slice(0, CHART_ORGANIZATIONS);
  const rest = sorted.slice(CHART_ORGANIZATIONS);
  const series: ChartSeries[] = named.map(({ id, name, data }) => ({ id, label: name, data }));
  if (rest.length > 0)
    series.push({
      id: OTHERS,
      label: othersLabel(rest.length),
      data: (named[0]?.data ?? []).map((_, index) =>
        rest.reduce((total, line) => total + (line.data[index] ?? 0), 0),
      ),
    });
  return series;
}

/** Lines grouped by organisation, in the order they first appear. */
function byOrganization<T extends { organizationId: string; organizationName: string }>(
  lines: readonly T[],
): Map<string, { name: string; lines: T[] }> {
  const groups = new Map<string, { name: string; lines: T[] }>();
  for (const line of lines) {
    const group = groups.get(line.organizationId) ?? { name: line.organizationName, lines: [] };
    group.lines.push(line);
    groups.set(line.organizationId, group);
  }
  return groups;
}

const numberCell = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * An amount that opens the documents it counts. A zero counts none, so it stays plain text:
 * a link to an empty list would only add stops for a keyboard or a screen reader.
 */
function FigureLink(props: { amount: string; text: string; to: string; label: string }) {
  if (Number(props.amount) === 0) return <>{props.text}</>;
  return (
    <Link component={RouterLink} to={props.to} aria-label={props.label}>
      {props.text}
    </Link>
  );
}
const totalRow = { '& td, & th': { fontWeight: 'bold' } } as const;

function Empty({ testId }: { testId: string }) {
  const { t } = useI18n();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }} data-testid={testId}>
      {t('reports.empty')}
    </Typography>
  );
}

/** The currency the chart shows, when the report holds more than one. */
function CurrencyPicker(props: {
  currencies: string[];
  value: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useI18n();
  if (props.currencies.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('reports.currency')}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 140, mb: 1, displayPrint: 'none' }}
      slotProps={{ htmlInput: { 'data-testid': 'report-currency' } }}
    >
      {props.currencies.map((currency) => (
        <MenuItem key={currency} value={currency}>
          {currency}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ReportTable(props: {
  id: string;
  label: string;
  head: string[];
  children: ReactNode;
  testId: string;
}) {
  return (
    <TableContainer>
      <Table size="small" id={props.id} aria-label={props.label} data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.head.map((text, index) => (
              <TableCell key={text} sx={index > 1 ? numberCell : undefined}>
                {text}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{props.children}</TableBody>
      </Table>
    </TableContainer>
  );
}

interface CurrencyChoice {
  currency: string | undefined;
  onCurrency: (currency: string) => void;
}

/** The picked currency if the report holds it, else its first. */
const pick = (currencies: string[], wanted: string | undefined) =>
  wanted && currencies.includes(wanted) ? wanted : (currencies[0] ?? '');

/**
 * Payables aging (issue 27): a bar per bucket, stacked by supplier, in one currency; the table
 * of every supplier and currency with the five buckets and the total, and a totals line per
 * currency. A supplier's total opens the documents list filtered to the supplier.
 */
export function AgingView(
  props: { report: AgingReport; organizationId: string; filter: DrillFilter } & CurrencyChoice,
) {
  const { report, organizationId, filter } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const format = useFormatAmount();
  if (report.rows.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(report.totals);
  const currency = pick(currencies, props.currency);
  const rows = report.rows
    .filter((row) => row.currency === currency)
    .sort((a, b) => Number(b.total) - Number(a.total));
  const named = rows.slice(0, CHART_SUPPLIERS);
  const rest = rows.slice(CHART_SUPPLIERS);
  const series: ChartSeries[] = named.map((row, index) => ({
    id: row.supplierKey ?? `none-${index}`,
    label: row.supplierName ?? t('reports.noSupplier'),
    data: AGING_BUCKETS.map((bucket) => Number(row.buckets[bucket])),
  }));
  if (rest.length > 0)
    series.push({
      id: OTHERS,
      label: t('reports.otherSuppliers', [rest.length]),
      data: AGING_BUCKETS.map((bucket) =>
        rest.reduce((sum, row) => sum + Number(row.buckets[bucket]), 0),
      ),
    });
  const pathOf = (
    bucket: AgingBucket | undefined,
    suppliers: readonly string[] | undefined,
  ): string => agingDocumentsPath(organizationId, report.asOf, filter, { bucket, suppliers });
  // A row's suppliers: its own; with none, the list is not narrowed by supplier (it has no
  // filter for "no supplier"), so the report's supplier filter, if any, stands.
  const suppliersOf = (key: string | null) => (key ? [key] : undefined);
  // The stacked "other suppliers" are each of theirs (a repeated filter matches any).
  const restKeys = rest.every((row) => row.supplierKey)
    ? rest.map((row) => row.supplierKey as string)
    : undefined;
  const openSegment = (seriesId: string, dataIndex: number) => {
    const bucket = AGING_BUCKETS[dataIndex];
    if (!bucket) return;
    const suppliers =
      seriesId === OTHERS
        ? restKeys
        : seriesId.startsWith('none-')
          ? undefined
          : suppliersOf(seriesId);
    void navigate(pathOf(bucket, suppliers));
  };
  const bucketLabel = (bucket: AgingBucket) => t(`reports.bucket.${bucket}`);
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.aging.chart', [currency])}
        tableId="report-table"
        categories={AGING_BUCKETS.map((bucket) => t(`reports.bucket.${bucket}`))}
        series={series}
        format={(value) => format(roundDecimal(value, 2) ?? String(value), currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.aging.table', [formatDate(report.asOf)])}
        head={[
          t('reports.column.supplier'),
          t('reports.column.currency'),
          ...AGING_BUCKETS.map((bucket) => t(`reports.bucket.${bucket}`)),
          t('reports.column.total'),
        ]}
        testId="aging-table"
      >
        {report.rows.map((row) => (
          <TableRow key={`${row.supplierKey ?? ''}-${row.currency}`} data-testid="aging-row">
            <TableCell component="th" scope="row">
              {row.supplierName ?? t('reports.noSupplier')}
            </TableCell>
            <TableCell>{row.currency}</TableCell>
            {AGING_BUCKETS.map((bucket) => (
              <TableCell key={bucket} sx={numberCell} data-testid={`aging-${bucket}`}>
                <FigureLink
                  amount={row.buckets[bucket]}
                  text={format(row.buckets[bucket], row.currency)}
                  to={pathOf(bucket, suppliersOf(row.supplierKey))}
                  label={t('reports.aging.openBucket', [
                    row.supplierName ?? t('reports.noSupplier'),
                    bucketLabel(bucket),
                    format(row.buckets[bucket], row.currency),
                  ])}
                />
              </TableCell>
            ))}
            <TableCell sx={numberCell} data-testid="aging-total">
              <FigureLink
                amount={row.total}
                text={format(row.total, row.currency)}
                to={pathOf(undefined, suppliersOf(row.supplierKey))}
                label={t('reports.aging.openDocuments', [
                  row.supplierName ?? t('reports.noSupplier'),
                  format(row.total, row.currency),
                ])}
              />
            </TableCell>
          </TableRow>
        ))}
        {report.totals.map((line) => (
          <TableRow key={line.currency} sx={totalRow} data-testid="aging-totals">
            <TableCell component="th" scope="row">
              {t('reports.totals')}
            </TableCell>
            <TableCell>{line.currency}</TableCell>
            {AGING_BUCKETS.map((bucket) => (
              <TableCell key={bucket} sx={numberCell} data-testid={`aging-${bucket}`}>
                <FigureLink
                  amount={line.buckets[bucket]}
                  text={format(line.buckets[bucket], line.currency)}
                  to={pathOf(bucket, undefined)}
                  label={t('reports.aging.openBucket', [
                    t('reports.totals'),
                    bucketLabel(bucket),
                    format(line.buckets[bucket], line.currency),
                  ])}
                />
              </TableCell>
            ))}
            <TableCell sx={numberCell} data-testid="aging-total">
              <FigureLink
                amount={line.total}
                text={format(line.total, line.currency)}
                to={pathOf(undefined, undefined)}
                label={t('reports.aging.openTotal', [format(line.total, line.currency)])}
              />
            </TableCell>
          </TableRow>
        ))}
      </ReportTable>
    </>
  );
}

type CashLine = CashReport['overdue'][number];

function CashRow(props: {
  label: string;
  line: CashLine;
  testId: string;
  bold?: boolean;
  pathOf: (part?: CashPart) => string;
}) {
  const { t } = useI18n();
  const format = useFormatAmount();
  const { line, pathOf } = props;
  return (
    <TableRow sx={props.bold ? totalRow : undefined} data-testid={props.testId}>
      <TableCell component="th" scope="row">
        {props.label}
      </TableCell>
      <TableCell>{line.currency}</TableCell>
      {CASH_PARTS.map((part) => (
        <TableCell key={part} sx={numberCell} data-testid={`cash-${part}`}>
          <FigureLink
            amount={line.parts[part]}
            text={format(line.parts[part], line.currency)}
            to={pathOf(part)}
            label={t('reports.cash.openPart', [
              props.label,
              t(`reports.part.${part}`),
              format(line.parts[part], line.currency),
            ])}
          />
        </TableCell>
      ))}
      <TableCell sx={numberCell} data-testid="cash-total">
        <FigureLink
          amount={line.total}
          text={format(line.total, line.currency)}
          to={pathOf()}
          label={t('reports.cash.openTotal', [props.label, format(line.total, line.currency)])}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * Cash needed (issue 27): what is overdue as a bar of its own, then a bar per week, each
 * stacked by how far the payment went; the table of the same lines, what falls due later last.
 */
export function CashView(
  props: { report: CashReport; organizationId: string; filter: DrillFilter } & CurrencyChoice,
) {
  const { report, organizationId, filter } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const pathOf = (slot: CashSlot) => (part?: CashPart) =>
    cashDocumentsPath(organizationId, report, filter, slot, part);
  const format = useFormatAmount();
  const all = [...report.overdue, ...report.rows, ...report.later];
  if (all.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(all);
  const currency = pick(currencies, props.currency);
  const overdue = report.overdue.find((line) => line.currency === currency);
  const weekOf = (week: string) =>
    report.rows.find((row) => row.week === week && row.currency === currency);
  const series: ChartSeries[] = CASH_PARTS.map((part) => ({
    id: part,
    label: t(`reports.part.${part}`),
    data: [
      Number(overdue?.parts[part] ?? 0),
      ...report.weeks.map((week) => Number(weekOf(week)?.parts[part] ?? 0)),
    ],
  }));
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.cash.chart', [currency])}
        tableId="report-table"
        categories={[t('reports.overdue'), ...report.weeks.map(formatDate)]}
        series={series}
        format={(value) => format(roundDecimal(value, 2) ?? String(value), currency)}
        onSegmentClick={(part, dataIndex) => {
          const week = report.weeks[dataIndex - 1];
          const slot: CashSlot = dataIndex === 0 ? 'overdue' : { week: week ?? report.from };
          void navigate(pathOf(slot)(part as CashPart));
        }}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.cash.table', [formatDate(report.from)])}
        head={[
          t('reports.column.week'),
          t('reports.column.currency'),
          ...CASH_PARTS.map((part) => t(`reports.part.${part}`)),
          t('reports.column.total'),
        ]}
        testId="cash-table"
      >
        {report.overdue.map((line) => (
          <CashRow
            key={`o-${line.currency}`}
            label={t('reports.overdue')}
            line={line}
            pathOf={pathOf('overdue')}
            testId="cash-overdue"
            bold
          />
        ))}
        {report.rows.map((line) => (
          <CashRow
            key={`${line.week}-${line.currency}`}
            label={t('reports.weekOf', [formatDate(line.week)])}
            line={line}
            pathOf={pathOf({ week: line.week })}
            testId="cash-week"
          />
        ))}
        {report.later.map((line) => (
          <CashRow
            key={`l-${line.currency}`}
            label={t('reports.later')}
            line={line}
            pathOf={pathOf('later')}
            testId="cash-later"
            bold
          />
        ))}
      </ReportTable>
    </>
  );
}

/**
 * Aging across the user's organisations: a bar per bucket stacked by organisation, in one
 * currency, and the table of a line per organisation and currency. A segment opens that
 * organisation's documents of the bucket.
 */
export function AgingAcrossView(props: { report: AgingAcross } & CurrencyChoice) {
  const { report } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const format = useFormatAmount();
  if (report.rows.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(report.totals);
  const currency = pick(currencies, props.currency);
  const series = organizationSeries(
    [...byOrganization(report.rows.filter((row) => row.currency === currency))].map(
      ([id, { name, lines }]) => ({
        id,
        name,
        data: AGING_BUCKETS.map((bucket) =>
          lines.reduce((sum, line) => sum + Number(line.buckets[bucket]), 0),
        ),
      }),
    ),
    (count) => t('reports.otherOrganizations', [count]),
  );
  const openSegment = (seriesId: string, dataIndex: number) => {
    const bucket = AGING_BUCKETS[dataIndex];
    if (bucket && seriesId !== OTHERS)
      void navigate(agingDocumentsPath(seriesId, report.asOf, {}, { bucket }));
  };
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.aging.acrossChart', [currency])}
        tableId="report-table"
        categories={AGING_BUCKETS.map((bucket) => t(`reports.bucket.${bucket}`))}
        series={series}
        format={(value) => format(roundDecimal(value, 2) ?? String(value), currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <AgingAcrossTable report={report} />
    </>
  );
}

function AgingAcrossTable({ report }: { report: AgingAcross }) {
  const { t } = useI18n();
  const format = useFormatAmount();
  return (
    <ReportTable
      id="report-table"
      label={t('reports.aging.table', [formatDate(report.asOf)])}
      head={[
        t('reports.column.organization'),
        t('reports.column.currency'),
        ...AGING_BUCKETS.map((bucket) => t(`reports.bucket.${bucket}`)),
        t('reports.column.total'),
      ]}
      testId="aging-across-table"
    >
      {report.rows.map((row) => (
        <TableRow key={`${row.organizationId}-${row.currency}`} data-testid="aging-across-row">
          <TableCell component="th" scope="row">
            {row.organizationName}
          </TableCell>
          <TableCell>{row.currency}</TableCell>
          {AGING_BUCKETS.map((bucket) => (
            <TableCell key={bucket} sx={numberCell}>
              {format(row.buckets[bucket], row.currency)}
            </TableCell>
          ))}
          <TableCell sx={numberCell} data-testid="aging-total">
            {format(row.total, row.currency)}
          </TableCell>
        </TableRow>
      ))}
      {report.totals.map((line) => (
        <TableRow key={line.currency} sx={totalRow} data-testid="aging-totals">
          <TableCell component="th" scope="row">
            {t('reports.totals')}
          </TableCell>
          <TableCell>{line.currency}</TableCell>
          {AGING_BUCKETS.map((bucket) => (
            <TableCell key={bucket} sx={numberCell}>
              {format(line.buckets[bucket], line.currency)}
            </TableCell>
          ))}
          <TableCell sx={numberCell} data-testid="aging-total">
            {format(line.total, line.currency)}
          </TableCell>
        </TableRow>
      ))}
    </ReportTable>
  );
}

/**
 * Cash needed across the user's organisations: what is overdue and each week as a bar stacked
 * by organisation, in one currency, and the table of overdue, then each week, per
 * organisation. A segment opens that organisation's documents due then.
 */
export function CashAcrossView(props: { report: CashAcross } & CurrencyChoice) {
  const { report } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const format = useFormatAmount();
  const lines = [
    ...report.overdue.map((row) => ({ ...row, week: null as string | null })),
    ...report.rows,
  ];
  if (lines.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(lines);
  const currency = pick(currencies, props.currency);
  const series = organizationSeries(
    [...byOrganization(lines.filter((line) => line.currency === currency))].map(
      ([id, { name, lines: own }]) => ({
        id,
        name,
        data: [null, ...report.weeks].map((week) =>
          own
            .filter((line) => line.week === week)
            .reduce((sum, line) => sum + Number(line.total), 0),
        ),
      }),
    ),
    (count) => t('reports.otherOrganizations', [count]),
  );
  const openSegment = (seriesId: string, dataIndex: number) => {
    if (seriesId === OTHERS) return;
    const week = report.weeks[dataIndex - 1];
    const slot: CashSlot = dataIndex === 0 || !week ? 'overdue' : { week };
    void navigate(cashDocumentsPath(seriesId, report, {}, slot));
  };
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.cash.acrossChart', [currency])}
        tableId="report-table"
        categories={[t('reports.overdue'), ...report.weeks.map(formatDate)]}
        series={series}
        format={(value) => format(roundDecimal(value, 2) ?? String(value), currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <CashAcrossTable report={report} lines={lines} />
    </>
  );
}

function CashAcrossTable({
  report,
  lines,
}: {
  report: CashAcross;
  lines: (CashAcross['overdue'][number] & { week: string | null })[];
}) {
  const { t } = useI18n();
  const format = useFormatAmount();
  return (
    <ReportTable
      id="report-table"
      label={t('reports.cash.table', [formatDate(report.from)])}
      head={[
        t('reports.column.organization'),
        t('reports.column.week'),
        t('reports.column.currency'),
        ...CASH_PARTS.map((part) => t(`reports.part.${part}`)),
        t('reports.column.total'),
      ]}
      testId="cash-across-table"
    >
      {lines.map((row) => (
        <TableRow
          key={`${row.organizationId}-${row.week ?? 'overdue'}-${row.currency}`}
          data-testid="cash-across-row"
        >
          <TableCell component="th" scope="row">
            {row.organizationName}
          </TableCell>
          <TableCell>{row.week === null ? t('reports.overdue') : formatDate(row.week)}</TableCell>
          <TableCell>{row.currency}</TableCell>
          {CASH_PARTS.map((part) => (
            <TableCell key={part} sx={numberCell}>
              {format(row.parts[part], row.currency)}
            </TableCell>
          ))}
          <TableCell sx={numberCell} data-testid="cash-total">
            {format(row.total, row.currency)}
          </TableCell>
        </TableRow>
      ))}
    </ReportTable>
  );
}
