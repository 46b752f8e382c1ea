import { useNavigate } from 'react-router';
import type { SpendGroup, SpendReport, SpendTotal } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { ReportChart, type ChartSeries } from './report-chart';
import {
  CurrencyPicker,
  pickCurrency,
  useChartAmount,
  type CurrencyChoice,
} from './report-currency';
import { useFormatNumber } from './report-format';
import {
  currenciesOf,
  spendDocumentsPath,
  type DrillFilter,
  type SpendAmount,
} from './report-model';
import { AmountLink, Empty, FigureLink, ReportTable, type ReportColumn } from './report-table';

/** The twelve months, the categories of the chart. */
export const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** A line of the spend table: a group's figures in one currency, or a currency's totals. */
interface SpendLine extends SpendTotal {
  label: string;
  /** What the documents list narrows to for the line; undefined: it cannot be drilled. */
  drill:
    | {
        supplier?: string | undefined;
        documentType?: number | undefined;
        costCenter?: string | undefined;
      }
    | undefined;
  isTotal: boolean;
}

/** The name of a group's row, with the words for none. */
export function useGroupName(): (by: SpendGroup, name: string | null) => string {
  const { t } = useI18n();
  const none: Record<SpendGroup, string> = {
    supplier: 'reports.noSupplier',
    costCenter: 'reports.noCostCenter',
    documentType: 'reports.noDocumentType',
  };
  return (by, name) => name ?? t(none[by]);
}

/**
 * What a row's figures open: the documents of its supplier, document type or cost centre (a
 * line on it; "no cost centre": a line on none, or no lines). A row with no supplier or type is
 * not narrowed by it (the list has no filter for none).
 */
function drillOf(by: SpendGroup, key: string | null): SpendLine['drill'] {
  if (by === 'costCenter') return { costCenter: key ?? '' };
  if (key === null) return {};
  return by === 'supplier' ? { supplier: key } : { documentType: Number(key) };
}

/**
 * Spend (issue 27): bars of each month's net or gross of the year beside the year before, in
 * one currency; the table by the chosen group with net, gross and documents of both years,
 * and a totals line per currency. An amount of the year opens the documents issued in it.
 */
export function SpendView(
  props: {
    report: SpendReport;
    organizationId: string;
    filter: DrillFilter;
    amount: SpendAmount;
  } & CurrencyChoice,
) {
  const { report, organizationId, filter, amount } = props;
  const { t } = useI18n();
  const navigate = useNavigate();
  const chartAmount = useChartAmount();
  const formatNumber = useFormatNumber();
  const groupName = useGroupName();
  if (report.totals.length === 0)
    return <Empty testId="report-empty" text={t('reports.emptyPeriod')} />;
  const { year, by } = report;
  const lastYear = year - 1;
  const currencies = currenciesOf(report.totals);
  const currency = pickCurrency(currencies, props.currency);
  const monthOf = (month: number) =>
    report.months.find((line) => line.month === month && line.currency === currency);
  const pick = (line: SpendTotal | undefined, last: boolean) => {
    if (!line) return 0;
    if (amount === 'net') return Number(last ? line.netLastYear : line.net);
    return Number(last ? line.grossLastYear : line.gross);
  };
  const series: ChartSeries[] = [
    { id: 'lastYear', label: String(lastYear), data: MONTHS.map((m) => pick(monthOf(m), true)) },
    { id: 'year', label: String(year), data: MONTHS.map((m) => pick(monthOf(m), false)) },
  ];
  const pathOf = (drill: NonNullable<SpendLine['drill']>, ofYear: number, month?: number) =>
    spendDocumentsPath(organizationId, filter, { ...drill, year: ofYear, month });

  const lines: SpendLine[] = [
    ...report.rows.map((row) => ({
      ...row,
      label: groupName(by, row.name),
      drill: drillOf(by, row.key),
      isTotal: false,
    })),
    ...report.totals.map((line) => ({
      ...line,
      label: t('reports.totals'),
      drill: {},
      isTotal: true,
    })),
  ];
  /** An amount of a line that opens the documents of its year. */
  const amountColumn = (
    header: string,
    value: (line: SpendLine) => string,
    ofYear: number,
    testId: string,
  ): ReportColumn<SpendLine> => ({
    header,
    numeric: true,
    testId,
    cell: (line) => (
      <AmountLink
        amount={value(line)}
        currency={line.currency}
        to={line.drill && pathOf(line.drill, ofYear)}
        label={(text) => t('reports.spend.open', [line.label, header, text])}
      />
    ),
  });
  const columns: ReportColumn<SpendLine>[] = [
    { header: t(`reports.by.${by}`), rowHeader: true, cell: (line) => line.label },
    { header: t('reports.column.currency'), cell: (line) => line.currency },
    amountColumn(t('reports.column.net'), (line) => line.net, year, 'spend-net'),
    amountColumn(t('reports.column.gross'), (line) => line.gross, year, 'spend-gross'),
    {
      header: t('reports.column.documents'),
      numeric: true,
      testId: 'spend-documents',
      cell: (line) => (
        <FigureLink
          value={line.documents}
          text={formatNumber(line.documents)}
          to={line.drill && pathOf(line.drill, year)}
          label={t('reports.spend.open', [
            line.label,
            t('reports.column.documents'),
            formatNumber(line.documents),
          ])}
        />
      ),
    },
    amountColumn(
      t('reports.column.netLastYear', [lastYear]),
      (line) => line.netLastYear,
      lastYear,
      'spend-net-last',
    ),
    amountColumn(
      t('reports.column.grossLastYear', [lastYear]),
      (line) => line.grossLastYear,
      lastYear,
      'spend-gross-last',
    ),
    {
      header: t('reports.column.documentsLastYear', [lastYear]),
      numeric: true,
      testId: 'spend-documents-last',
      cell: (line) => formatNumber(line.documentsLastYear),
    },
  ];
  return (
    <>
      <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
      <ReportChart
        caption={t('reports.spend.chart', [
          t(`reports.amount.${amount}`),
          currency,
          year,
          lastYear,
        ])}
        tableId="report-table"
        categories={MONTHS.map((month) => t(`reports.month.${month}`))}
        series={series}
        grouped
        format={(value) => chartAmount(value, currency)}
        onSegmentClick={(seriesId, index) =>
          void navigate(pathOf({}, seriesId === 'year' ? year : lastYear, index + 1))
        }
        testId="report-chart"
      />
      <ReportTable
        id="report-table"
        label={t('reports.spend.table', [year, t(`reports.by.${by}`)])}
        testId="spend-table"
        columns={columns}
        lines={lines.map((line, index) => ({
          key: String(index),
          line,
          testId: line.isTotal ? 'spend-totals' : 'spend-row',
          total: line.isTotal,
        }))}
      />
    </>
  );
}
