import Typography from '@mui/material/Typography';
import type { CaptureReport } from '@listina/contract';
import { formatDate, roundDecimal } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { ReportChart } from './report-chart';
import { useFormatNumber } from './report-format';
import { Empty, ReportTable, TableHeading, type ReportColumn } from './report-table';

type FieldCounts = { captured: number; corrected: number };

/**
 * The document's own label of each field capture fills in (its column's, `doc.*`), so the
 * report names a field as the document's form does.
 */
const FIELD_LABELS: Record<string, string> = {
  invoiceNumber: 'doc.number',
  issueDate: 'doc.issueDate',
  dueDate: 'doc.dueDate',
  netAmount: 'doc.netAmount',
  vatAmount: 'doc.vatAmount',
  totalAmount: 'doc.totalAmount',
  prepaidAmount: 'doc.prepaidAmount',
  roundingAmount: 'doc.roundingAmount',
  amountDue: 'doc.amountDue',
  currencyCode: 'doc.currencyCode',
  iban: 'doc.paymentIban',
  bic: 'doc.paymentBic',
  referenceModel: 'doc.paymentReferenceModel',
  reference: 'doc.paymentReference',
  purposeCode: 'doc.paymentPurposeCode',
  description: 'doc.description',
};

/** A share as a percentage with one decimal (empty when there is nothing to share). */
export function percentOf(part: number, whole: number): string | undefined {
  return whole === 0 ? undefined : roundDecimal((part * 100) / whole, 1);
}

/** The words of a field, a source and a channel; a name the catalogue lacks shows as it is. */
export function useCaptureNames() {
  const { t, has } = useI18n();
  const named = (key: string | undefined, name: string) => (key && has(key) ? t(key) : name);
  return {
    field: (field: string) => named(FIELD_LABELS[field], field),
    source: (source: string) => named(`reports.source.${source}`, source),
    channel: (channel: string) => named(`reports.channel.${channel}`, channel),
  };
}

/**
 * Capture (issue 27): how many captured documents kept every value capture filled in; the
 * values by source as bars stacked by kept and corrected; corrections by field and by
 * supplier; and the documents of the period by how they came in. The documents list has no
 * filter for when or how a document was captured, so these figures open nothing.
 */
export function CaptureView({ report }: { report: CaptureReport }) {
  const { t } = useI18n();
  const formatNumber = useFormatNumber();
  const names = useCaptureNames();
  const percent = (part: number, whole: number) => {
    const share = percentOf(part, whole);
    return share === undefined ? '' : t('reports.percent', [formatNumber(share, 1)]);
  };
  const count = <L,>(header: string, value: (line: L) => number, testId?: string) => ({
    header,
    numeric: true,
    testId,
    cell: (line: L) => formatNumber(value(line)),
  });
  const countsColumns = <L extends FieldCounts>(): ReportColumn<L>[] => [
    count<L>(t('reports.column.captured'), (line) => line.captured, 'capture-captured'),
    count<L>(t('reports.column.corrected'), (line) => line.corrected, 'capture-corrected'),
    {
      header: t('reports.column.keptShare'),
      numeric: true,
      testId: 'capture-kept-share',
      cell: (line) => percent(line.captured - line.corrected, line.captured),
    },
  ];
  const period = [formatDate(report.from), formatDate(report.to)];
  type Supplier = CaptureReport['bySupplier'][number];
  type Channel = CaptureReport['channels'][number];
  return (
    <>
      {report.documents === 0 ? (
        <Empty testId="report-empty" text={t('reports.emptyPeriod')} />
      ) : (
        <>
          <Typography sx={{ mb: 2 }} data-testid="capture-summary">
            {t('reports.capture.summary', [
              formatNumber(report.keptUnchanged),
              formatNumber(report.documents),
              formatNumber(percentOf(report.keptUnchanged, report.documents) ?? '0', 1),
            ])}
          </Typography>
          <ReportChart
            caption={t('reports.capture.chart')}
            tableId="report-table"
            categories={report.bySource.map((line) => names.source(line.source))}
            series={[
              {
                id: 'kept',
                label: t('reports.capture.kept'),
                data: report.bySource.map((line) => line.captured - line.corrected),
              },
              {
                id: 'corrected',
                label: t('reports.capture.corrected'),
                data: report.bySource.map((line) => line.corrected),
              },
            ]}
            format={(value) => formatNumber(value)}
            testId="report-chart"
          />
          <ReportTable
            id="report-table"
            label={t('reports.capture.sourceTable', period)}
            testId="capture-sources"
            columns={[
              {
                header: t('reports.column.source'),
                rowHeader: true,
                cell: (line) => names.source(line.source),
              },
              ...countsColumns<CaptureReport['bySource'][number]>(),
            ]}
            lines={report.bySource.map((line) => ({
              key: line.source,
              line,
              testId: 'capture-source',
            }))}
          />
          <TableHeading text={t('reports.capture.fieldTable')} />
          <ReportTable
            id="report-fields"
            label={t('reports.capture.fieldTable')}
            testId="capture-fields"
            columns={[
              {
                header: t('reports.column.field'),
                rowHeader: true,
                cell: (line) => names.field(line.field),
              },
              ...countsColumns<CaptureReport['byField'][number]>(),
            ]}
            lines={report.byField.map((line) => ({
              key: line.field,
              line,
              testId: 'capture-field',
            }))}
          />
          <TableHeading text={t('reports.capture.supplierTable')} />
          <ReportTable
            id="report-suppliers"
            label={t('reports.capture.supplierTable')}
            testId="capture-suppliers"
            columns={[
              {
                header: t('reports.column.supplier'),
                rowHeader: true,
                cell: (line: Supplier) => line.supplierName ?? t('reports.noSupplier'),
              },
              count<Supplier>(t('reports.column.documents'), (line) => line.documents),
              count<Supplier>(t('reports.column.keptUnchanged'), (line) => line.keptUnchanged),
              ...countsColumns<Supplier>(),
            ]}
            lines={report.bySupplier.map((line, index) => ({
              key: String(index),
              line,
              testId: 'capture-supplier',
            }))}
          />
        </>
      )}
      <TableHeading text={t('reports.capture.channelTable')} />
      <ReportTable
        id="report-channels"
        label={t('reports.capture.channelTable')}
        testId="capture-channels"
        columns={[
          {
            header: t('reports.column.channel'),
            rowHeader: true,
            cell: (line: Channel) => names.channel(line.channel),
          },
          count<Channel>(t('reports.column.documents'), (line) => line.documents),
        ]}
        lines={report.channels.map((line) => ({
          key: line.channel,
          line,
          testId: 'capture-channel',
        }))}
      />
    </>
  );
}
