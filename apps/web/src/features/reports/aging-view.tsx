import { useNavigate } from 'react-router';
import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingReport,
  type AgingTotal,
} from '@listina/contract';
import { formatDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ReportChart, type ChartSeries } from './report-chart';
import {
  CurrencyPicker,
  pickCurrency,
  useChartAmount,
  type CurrencyChoice,
} from './report-currency';
import { agingDocumentsPath, currenciesOf, type DrillFilter } from './report-model';
import { CHART_SUPPLIERS, OTHERS } from './report-series';
import { AmountLink, Empty, ReportTable, type ReportColumn } from './report-table';

/** A line of the aging table: a supplier's in one currency, or a currency's totals. */
interface AgingLine extends AgingTotal {
  label: string;
  /** The suppliers its documents list narrows to; none: the report's supplier filter. */
  suppliers: readonly string[] | undefined;
  isTotal: boolean;
}

/**
 * Payables aging (issue 27): a bar per bucket, stacked by supplier, in one currency; the table
 * of every supplier and currency with the five buckets and the total, and a totals line per
 * currency. Every amount opens the documents it counts.
 */
export function AgingView(
  props: { report: AgingReport; organizationId: string; filter: DrillFilter } & CurrencyChoice,
) {
  const { report, organizationId, filter } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const chartAmount = useChartAmount();
  if (report.rows.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(report.totals);
  const currency = pickCurrency(currencies, props.currency);
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
  const pathOf = (bucket: AgingBucket | undefined, suppliers: readonly string[] | undefined) =>
    agingDocumentsPath(organizationId, report.asOf, filter, { bucket, suppliers });
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

  const lines: AgingLine[] = [
    ...report.rows.map((row) => ({
      ...row,
      label: row.supplierName ?? t('reports.noSupplier'),
      suppliers: suppliersOf(row.supplierKey),
      isTotal: false,
    })),
    ...report.totals.map((line) => ({
      ...line,
      label: t('reports.totals'),
      suppliers: undefined,
      isTotal: true,
    })),
  ];
  const columns: ReportColumn<AgingLine>[] = [
    { header: t('reports.column.supplier'), rowHeader: true, cell: (line) => line.label },
    { header: t('reports.column.currency'), cell: (line) => line.currency },
    ...AGING_BUCKETS.map((bucket): ReportColumn<AgingLine> => ({
      header: bucketLabel(bucket),
      numeric: true,
      testId: `aging-${bucket}`,
      cell: (line) => (
        <AmountLink
          amount={line.buckets[bucket]}
          currency={line.currency}
          to={pathOf(bucket, line.suppliers)}
          label={(amount) =>
            t('reports.aging.openBucket', [line.label, bucketLabel(bucket), amount])
          }
        />
      ),
    })),
    {
      header: t('reports.column.total'),
      numeric: true,
      testId: 'aging-total',
      cell: (line) => (
        <AmountLink
          amount={line.total}
          currency={line.currency}
          to={pathOf(undefined, line.suppliers)}
          label={(amount) =>
            line.isTotal
              ? t('reports.aging.openTotal', [amount])
              : t('reports.aging.openDocuments', [line.label, amount])
          }
        />
      ),
    },
  ];
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.aging.chart', [currency])}
        tableId="report-table"
        categories={AGING_BUCKETS.map(bucketLabel)}
        series={series}
        format={(value) => chartAmount(value, currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.aging.table', [formatDate(report.asOf)])}
        testId="aging-table"
        columns={columns}
        lines={lines.map((line) => ({
          key: `${line.isTotal ? 'total' : (line.suppliers?.[0] ?? '')}-${line.currency}`,
          line,
          testId: line.isTotal ? 'aging-totals' : 'aging-row',
          total: line.isTotal,
        }))}
      />
    </>
  );
}
