import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaptureReport } from '@listina/contract';
import { formatDate, roundDecimal } from '@listina/forms';
import { CAPTURE_FIELD_LABELS } from '../../app/capture-fields';
import { useI18n } from '../../app/i18n';
import { ReportChart } from './report-chart';
import { useFormatNumber } from './report-format';
import { captureDocumentsPath, type CaptureFigure } from './drill-paths';
import type { DrillFilter } from './report-model';
import { Empty, FigureLink, ReportTable, TableHeading, type ReportColumn } from './report-table';

type FieldCounts = { captured: number; corrected: number };

/** A share as a percentage with one decimal (empty when there is nothing to share). */
export function percentOf(part: number, whole: number): string | undefined {
  return whole === 0 ? undefined : roundDecimal((part * 100) / whole, 1);
}

/** The words of a field, a source and a channel; a name the catalogue lacks shows as it is. */
export function useCaptureNames() {
  const { t, has } = useI18n();
  const named = (key: string | undefined, name: string) => (key && has(key) ? t(key) : name);
  return {
    field: (field: string) => named(CAPTURE_FIELD_LABELS[field], field),
    source: (source: string) => named(`reports.source.${source}`, source),
    channel: (channel: string) => named(`reports.channel.${channel}`, channel),
  };
}

/**
 * Capture (issue 27): how many captured documents kept every value capture filled in; the
 * values by source as bars stacked by kept and corrected; corrections by field and by
 * supplier; and the documents of the period by how they came in. Each count opens the
 * documents it counts (drill-paths.ts); a value's count opens the documents that hold them.
 */
export function CaptureView(props: {
  report: CaptureReport;
  organizationId: string;
  filter: DrillFilter;
}) {
  const { report, organizationId, filter } = props;
  const { t } = useI18n();
  const formatNumber = useFormatNumber();
  const names = useCaptureNames();
  const percent = (part: number, whole: number) => {
    const share = percentOf(part, whole);
    return share === undefined ? '' : t('reports.percent', [formatNumber(share, 1)]);
  };
  const pathOf = (figure: CaptureFigure) =>
    captureDocumentsPath(organizationId, report, filter, figure);
  /** What a row's count opens, and the row's name in the link's. */
  type Drill<L> = { figure: (line: L) => CaptureFigure; rowName: (line: L) => string };
  /** A count that opens the documents of its figure. */
  const count = <L,>(
    header: string,
    value: (line: L) => number,
    testId: string,
    drill: Drill<L>,
  ) => ({
    header,
    numeric: true,
    testId,
    cell: (line: L) => (
      <FigureLink
        value={value(line)}
        text={formatNumber(value(line))}
        to={pathOf(drill.figure(line))}
        label={t('reports.capture.open', [drill.rowName(line), header, formatNumber(value(line))])}
      />
    ),
  });
  const countsColumns = <L extends FieldCounts>(
    figure: (line: L, isCorrected: boolean) => CaptureFigure,
    rowName: (line: L) => string,
  ): ReportColumn<L>[] => [
    count<L>(t('reports.column.captured'), (line) => line.captured, 'capture-captured', {
      figure: (line) => figure(line, false),
      rowName,
    }),
    count<L>(t('reports.column.corrected'), (line) => line.corrected, 'capture-corrected', {
      figure: (line) => figure(line, true),
      rowName,
    }),
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
  const supplierName = (line: Supplier) => line.supplierName ?? t('reports.noSupplier');
  return (
    <>
      {report.documents === 0 ? (
        <Empty testId="report-empty" text={t('reports.emptyPeriod')} />
      ) : (
        <>
          <Typography data-testid="capture-summary">
            {t('reports.capture.summary', [
              formatNumber(report.keptUnchanged),
              formatNumber(report.documents),
              formatNumber(percentOf(report.keptUnchanged, report.documents) ?? '0', 1),
            ])}
          </Typography>
          <Stack direction="row" sx={{ gap: 2, mb: 2 }} data-testid="capture-summary-links">
            <FigureLink
              value={report.documents}
              text={t('reports.capture.openCaptured')}
              to={pathOf({ kind: 'documents' })}
            />
            {report.keptUnchanged > 0 && (
              <FigureLink
                value={report.keptUnchanged}
                text={t('reports.capture.openKept')}
                to={pathOf({ kind: 'documents', isKept: true })}
              />
            )}
          </Stack>
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
              ...countsColumns<CaptureReport['bySource'][number]>(
                (line, isCorrected) => ({ kind: 'source', source: line.source, isCorrected }),
                (line) => names.source(line.source),
              ),
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
              ...countsColumns<CaptureReport['byField'][number]>(
                (line, isCorrected) => ({ kind: 'field', field: line.field, isCorrected }),
                (line) => names.field(line.field),
              ),
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
                cell: supplierName,
              },
              count<Supplier>(
                t('reports.column.documents'),
                (line) => line.documents,
                'capture-supplier-documents',
                {
                  figure: (line) => ({ kind: 'documents', supplier: line.supplierKey }),
                  rowName: supplierName,
                },
              ),
              count<Supplier>(
                t('reports.column.keptUnchanged'),
                (line) => line.keptUnchanged,
                'capture-supplier-kept',
                {
                  figure: (line) => ({
                    kind: 'documents',
                    supplier: line.supplierKey,
                    isKept: true,
                  }),
                  rowName: supplierName,
                },
              ),
              // A supplier's values were captured on its documents; corrected on those that
              // did not keep every value.
              ...countsColumns<Supplier>(
                (line, isCorrected) => ({
                  kind: 'documents',
                  supplier: line.supplierKey,
                  isKept: isCorrected ? false : undefined,
                }),
                supplierName,
              ),
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
          count<Channel>(
            t('reports.column.documents'),
            (line) => line.documents,
            'capture-channel-documents',
            {
              figure: (line) => ({ kind: 'channel', channel: line.channel }),
              rowName: (line) => names.channel(line.channel),
            },
          ),
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
