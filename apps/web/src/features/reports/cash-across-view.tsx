import { useNavigate } from 'react-router';
import { CASH_PARTS, type CashAcross } from '@listina/contract';
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
import { cashDocumentsPath, currenciesOf, type CashSlot } from './report-model';
import { byOrganization, organizationSeries, OTHERS } from './report-series';
import { Empty, ReportTable, type ReportColumn } from './report-table';

/** A line of the table: an organisation's overdue (week null) or week, in one currency. */
type Line = CashAcross['overdue'][number] & { week: string | null };

/**
 * Cash needed across the user's organisations: what is overdue and each week as a bar stacked
 * by organisation, in one currency, and the table of overdue, then each week, per
 * organisation. A segment opens that organisation's documents due then.
 */
export function CashAcrossView(props: { report: CashAcross } & CurrencyChoice) {
  const { report } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const chartAmount = useChartAmount();
  const format = useFormatAmount();
  const lines: Line[] = [...report.overdue.map((row) => ({ ...row, week: null })), ...report.rows];
  if (lines.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(lines);
  const currency = pickCurrency(currencies, props.currency);
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
  const columns: ReportColumn<Line>[] = [
    {
      header: t('reports.column.organization'),
      rowHeader: true,
      cell: (line) => line.organizationName,
    },
    {
      header: t('reports.column.week'),
      cell: (line) => (line.week === null ? t('reports.overdue') : formatDate(line.week)),
    },
    { header: t('reports.column.currency'), cell: (line) => line.currency },
    ...CASH_PARTS.map((part): ReportColumn<Line> => ({
      header: t(`reports.part.${part}`),
      numeric: true,
      cell: (line) => format(line.parts[part], line.currency),
    })),
    {
      header: t('reports.column.total'),
      numeric: true,
      testId: 'cash-total',
      cell: (line) => format(line.total, line.currency),
    },
  ];
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.cash.acrossChart', [currency])}
        tableId="report-table"
        categories={[t('reports.overdue'), ...report.weeks.map(formatDate)]}
        series={series}
        format={(value) => chartAmount(value, currency)}
        onSegmentClick={openSegment}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.cash.table', [formatDate(report.from)])}
        testId="cash-across-table"
        columns={columns}
        lines={lines.map((line) => ({
          key: `${line.organizationId}-${line.week ?? 'overdue'}-${line.currency}`,
          line,
          testId: 'cash-across-row',
        }))}
      />
    </>
  );
}
