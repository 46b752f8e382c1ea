import { useNavigate } from 'react-router';
import { AGING_BUCKETS, type AgingAcross, type AgingTotal } from '@listina/contract';
import { formatDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ReportChart } from './report-chart';
import {
  CurrencyPicker,
  pickCurrency,
  useChartAmount,
  type CurrencyChoice,
} from './report-currency';
import { useFormatAmount } from './report-format';
import { agingDocumentsPath, currenciesOf } from './report-model';
import { byOrganization, organizationSeries, OTHERS } from './report-series';
import { Empty, ReportTable, type ReportColumn } from './report-table';

/**
 * Aging across the user's organisations: a bar per bucket stacked by organisation, in one
 * currency, and the table of a line per organisation and currency. A segment opens that
 * organisation's documents of the bucket.
 */
export function AgingAcrossView(props: { report: AgingAcross } & CurrencyChoice) {
  const { report } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const chartAmount = useChartAmount();
  const format = useFormatAmount();
  if (report.rows.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(report.totals);
  const currency = pickCurrency(currencies, props.currency);
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
  type Line = AgingTotal & { label: string };
  const columns: ReportColumn<Line>[] = [
    { header: t('reports.column.organization'), rowHeader: true, cell: (line) => line.label },
    { header: t('reports.column.currency'), cell: (line) => line.currency },
    ...AGING_BUCKETS.map((bucket): ReportColumn<Line> => ({
      header: t(`reports.bucket.${bucket}`),
      numeric: true,
      cell: (line) => format(line.buckets[bucket], line.currency),
    })),
    {
      header: t('reports.column.total'),
      numeric: true,
      testId: 'aging-total',
      cell: (line) => format(line.total, line.currency),
    },
  ];
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.aging.acrossChart', [currency])}
        tableId="report-table"
        categories={AGING_BUCKETS.map((bucket) => t(`reports.bucket.${bucket}`))}
        series={series}
        format={(value) => chartAmount(value, currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.aging.table', [formatDate(report.asOf)])}
        testId="aging-across-table"
        columns={columns}
        lines={[
          ...report.rows.map((row) => ({
            key: `${row.organizationId}-${row.currency}`,
            line: { ...row, label: row.organizationName },
            testId: 'aging-across-row',
          })),
          ...report.totals.map((line) => ({
            key: line.currency,
            line: { ...line, label: t('reports.totals') },
            testId: 'aging-totals',
            total: true,
          })),
        ]}
      />
    </>
  );
}
