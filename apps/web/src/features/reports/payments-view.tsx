import type { PaymentsReport, PaymentTiming } from '@listina/contract';
import { formatDate } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { byStateOrder } from './activity-sheets';
import { ReportChart } from './report-chart';
import {
  CurrencyPicker,
  pickCurrency,
  useChartAmount,
  type CurrencyChoice,
} from './report-currency';
import { useFormatNumber } from './report-format';
import { ordersPathOf, paidDocumentsPath } from './drill-paths';
import { currenciesOf, type DrillFilter } from './report-model';
import {
  AmountLink,
  Empty,
  FigureLink,
  ReportTable,
  TableHeading,
  type ReportColumn,
} from './report-table';

type StateLine = PaymentsReport['states'][number];
type ReturnLine = PaymentsReport['returns'][number];
type PaidLine = PaymentsReport['paid'][number];

/** A state's and a bank reason's words: the payment orders' own (payOrder.*). */
export function usePaymentNames() {
  const { t, has } = useI18n();
  return {
    state: (state: string) =>
      has(`payOrder.stateValue.${state}`) ? t(`payOrder.stateValue.${state}`) : state,
    // The bank's reason as the orders' list words it: a code in words, its own text as it came.
    reason: (reason: string | null) => {
      if (reason === null || reason === '') return t('payments.returnedWithoutReason');
      const key = `payOrder.returnReason.${reason}`;
      return has(key) ? t(key) : reason;
    },
  };
}

/**
 * Payments (issue 27): the payment orders executed in the period by their state now, as bars
 * of their amounts in one currency; the bank's returns by reason; and per currency the
 * documents paid, the average days from receipt to payment and how many were paid early, on
 * time or late. A count or amount of orders opens the payment orders list of its state or
 * reason; a count of documents the documents list (drill-paths.ts, docs/reports.md).
 */
export function PaymentsView(
  props: { report: PaymentsReport; organizationId: string; filter: DrillFilter } & CurrencyChoice,
) {
  const { report, organizationId, filter } = props;
  const { t } = useI18n();
  const formatNumber = useFormatNumber();
  const chartAmount = useChartAmount();
  const names = usePaymentNames();
  const states = byStateOrder(report.states);
  const period = [formatDate(report.from), formatDate(report.to)];
  /** A line's amount, opening what the line counts. */
  const amountOf = <L extends { amount: string; currency: string }>(
    testId: string,
    to: (line: L) => string,
    rowName: (line: L) => string,
  ): ReportColumn<L> => ({
    header: t('reports.column.amount'),
    numeric: true,
    testId,
    cell: (line) => (
      <AmountLink
        amount={line.amount}
        currency={line.currency}
        to={to(line)}
        label={(amount) => t('reports.payments.open', [rowName(line), amount])}
      />
    ),
  });
  /** A count, opening what it counts. */
  const count = <L,>(
    header: string,
    value: (line: L) => number,
    testId: string,
    to: (line: L) => string,
    rowName: (line: L) => string,
  ) => ({
    header,
    numeric: true,
    testId,
    cell: (line: L) => (
      <FigureLink
        value={value(line)}
        text={formatNumber(value(line))}
        to={to(line)}
        label={t('reports.payments.openCount', [rowName(line), header, formatNumber(value(line))])}
      />
    ),
  });
  const stateOrders = (line: StateLine) => ordersPathOf(organizationId, report, line);
  const stateName = (line: StateLine) => `${names.state(line.state)}, ${line.currency}`;
  const returnOrders = (line: ReturnLine) => ordersPathOf(organizationId, report, line);
  const returnName = (line: ReturnLine) => `${names.reason(line.reason)}, ${line.currency}`;
  const paidDocuments = (timing?: PaymentTiming) => (line: PaidLine) =>
    paidDocumentsPath(organizationId, report, filter, { currency: line.currency, timing });
  const paidName = (line: PaidLine) => line.currency;
  const currencies = currenciesOf(states);
  const currency = pickCurrency(currencies, props.currency);
  const inCurrency = states.filter((line) => line.currency === currency);
  const paidColumns: ReportColumn<PaidLine>[] = [
    { header: t('reports.column.currency'), rowHeader: true, cell: (line) => line.currency },
    count(
      t('reports.column.documents'),
      (line) => line.documents,
      'payments-documents',
      paidDocuments(),
      paidName,
    ),
    amountOf<PaidLine>('payments-paid-amount', paidDocuments(), paidName),
    {
      header: t('reports.column.daysToPay'),
      numeric: true,
      testId: 'payments-days-to-pay',
      cell: (line) => formatNumber(line.averageDaysToPay, 1),
    },
    count(
      t('reports.column.early'),
      (line) => line.early,
      'payments-early',
      paidDocuments('early'),
      paidName,
    ),
    count(
      t('reports.column.onTime'),
      (line) => line.onTime,
      'payments-on-time',
      paidDocuments('onTime'),
      paidName,
    ),
    count(
      t('reports.column.late'),
      (line) => line.late,
      'payments-late',
      paidDocuments('late'),
      paidName,
    ),
    {
      header: t('reports.column.daysLate'),
      numeric: true,
      testId: 'payments-days-late',
      cell: (line) => formatNumber(line.averageDaysLate, 1),
    },
  ];
  return (
    <>
      {states.length === 0 ? (
        <Empty testId="report-empty" text={t('reports.emptyPeriod')} />
      ) : (
        <>
          <CurrencyPicker currencies={currencies} value={currency} onChange={props.onCurrency} />
          <ReportChart
            caption={t('reports.payments.chart', [currency])}
            tableId="report-table"
            categories={inCurrency.map((line) => names.state(line.state))}
            series={[
              {
                id: 'amount',
                label: t('reports.column.amount'),
                data: inCurrency.map((line) => Number(line.amount)),
              },
            ]}
            format={(value) => chartAmount(value, currency)}
            testId="report-chart"
          />
          <ReportTable
            id="report-table"
            label={t('reports.payments.statesTable', period)}
            testId="payments-states"
            columns={[
              {
                header: t('reports.column.state'),
                rowHeader: true,
                cell: (line: StateLine) => names.state(line.state),
              },
              { header: t('reports.column.currency'), cell: (line: StateLine) => line.currency },
              count<StateLine>(
                t('reports.column.orders'),
                (line) => line.orders,
                'payments-state-orders',
                stateOrders,
                stateName,
              ),
              amountOf<StateLine>('payments-state-amount', stateOrders, stateName),
            ]}
            lines={states.map((line) => ({
              key: `${line.state}-${line.currency}`,
              line,
              testId: 'payments-state',
            }))}
          />
        </>
      )}
      <TableHeading text={t('reports.payments.returnsTable')} />
      {report.returns.length === 0 ? (
        <Empty testId="payments-no-returns" text={t('reports.payments.noReturns')} />
      ) : (
        <ReportTable
          id="report-returns"
          label={t('reports.payments.returnsTable')}
          testId="payments-returns"
          columns={[
            {
              header: t('reports.column.reason'),
              rowHeader: true,
              cell: (line: ReturnLine) => names.reason(line.reason),
            },
            { header: t('reports.column.currency'), cell: (line: ReturnLine) => line.currency },
            count<ReturnLine>(
              t('reports.column.orders'),
              (line) => line.orders,
              'payments-return-orders',
              returnOrders,
              returnName,
            ),
            amountOf<ReturnLine>('payments-return-amount', returnOrders, returnName),
          ]}
          lines={report.returns.map((line, index) => ({
            key: String(index),
            line,
            testId: 'payments-return',
          }))}
        />
      )}
      <TableHeading text={t('reports.payments.paidTable')} />
      {report.paid.length === 0 ? (
        <Empty testId="payments-none-paid" text={t('reports.emptyPeriod')} />
      ) : (
        <ReportTable
          id="report-paid"
          label={t('reports.payments.paidTable')}
          testId="payments-paid"
          columns={paidColumns}
          lines={report.paid.map((line) => ({
            key: line.currency,
            line,
            testId: 'payments-paid-row',
          }))}
        />
      )}
    </>
  );
}
