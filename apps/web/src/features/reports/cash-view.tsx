import { useNavigate } from 'react-router';
import { CASH_PARTS, type CashPart, type CashReport } from '@listina/contract';
import { formatDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ReportChart, type ChartSeries } from './report-chart';
import {
  CurrencyPicker,
  pickCurrency,
  useChartAmount,
  type CurrencyChoice,
} from './report-currency';
import { cashDocumentsPath, currenciesOf, type CashSlot, type DrillFilter } from './report-model';
import { AmountLink, Empty, ReportTable, type ReportColumn, type ReportLine } from './report-table';

/** A line of the cash table: what is overdue, a week or what falls due later, in a currency. */
interface CashLine {
  label: string;
  slot: CashSlot;
  figures: CashReport['overdue'][number];
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
  const chartAmount = useChartAmount();
  const pathOf = (slot: CashSlot, part?: CashPart) =>
    cashDocumentsPath(organizationId, report, filter, slot, part);
  const all = [...report.overdue, ...report.rows, ...report.later];
  if (all.length === 0) return <Empty testId="report-empty" />;
  const currencies = currenciesOf(all);
  const currency = pickCurrency(currencies, props.currency);
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

  const lines: ReportLine<CashLine>[] = [
    ...report.overdue.map((figures) => ({
      key: `o-${figures.currency}`,
      testId: 'cash-overdue',
      total: true,
      line: { label: t('reports.overdue'), slot: 'overdue' as const, figures },
    })),
    ...report.rows.map((figures) => ({
      key: `${figures.week}-${figures.currency}`,
      testId: 'cash-week',
      line: {
        label: t('reports.weekOf', [formatDate(figures.week)]),
        slot: { week: figures.week },
        figures,
      },
    })),
    ...report.later.map((figures) => ({
      key: `l-${figures.currency}`,
      testId: 'cash-later',
      total: true,
      line: { label: t('reports.later'), slot: 'later' as const, figures },
    })),
  ];
  const columns: ReportColumn<CashLine>[] = [
    { header: t('reports.column.week'), rowHeader: true, cell: (line) => line.label },
    { header: t('reports.column.currency'), cell: (line) => line.figures.currency },
    ...CASH_PARTS.map((part): ReportColumn<CashLine> => ({
      header: t(`reports.part.${part}`),
      numeric: true,
      testId: `cash-${part}`,
      cell: ({ label, slot, figures }) => (
        <AmountLink
          amount={figures.parts[part]}
          currency={figures.currency}
          to={pathOf(slot, part)}
          label={(amount) => t('reports.cash.openPart', [label, t(`reports.part.${part}`), amount])}
        />
      ),
    })),
    {
      header: t('reports.column.total'),
      numeric: true,
      testId: 'cash-total',
      cell: ({ label, slot, figures }) => (
        <AmountLink
          amount={figures.total}
          currency={figures.currency}
          to={pathOf(slot)}
          label={(amount) => t('reports.cash.openTotal', [label, amount])}
        />
      ),
    },
  ];
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.cash.chart', [currency])}
        tableId="report-table"
        categories={[t('reports.overdue'), ...report.weeks.map(formatDate)]}
        series={series}
        format={(value) => chartAmount(value, currency)}
        onSegmentClick={(part, dataIndex) => {
          const week = report.weeks[dataIndex - 1];
          const slot: CashSlot = dataIndex === 0 ? 'overdue' : { week: week ?? report.from };
          void navigate(pathOf(slot, part as CashPart));
        }}
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.cash.table', [formatDate(report.from)])}
        testId="cash-table"
        columns={columns}
        lines={lines}
      />
    </>
  );
}
