import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { SchemaSchema, type Model } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { SchemaForm } from '../../schema-ui/form/schema-form';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { useAgingAcross, useAgingReport, useCashAcross, useCashReport } from './reports-api';
import {
  agingAcrossSheet,
  agingSheet,
  cashAcrossSheet,
  cashSheet,
  dayParamOf,
  readParams,
  REPORT_VIEWS,
  WORKFLOW_TILES,
  withParam,
  type ReportParams,
  type ReportView,
  type Sheet,
  type SheetText,
} from './report-model';
import { AgingAcrossView, AgingView, CashAcrossView, CashView } from './report-tables';

const PAGE_MAX_WIDTH = 1400;

/** The filter form, drawn by the schema form so its lookups and dates read as elsewhere. */
function filterSchema(view: ReportView, across: boolean) {
  const day = {
    name: 'day',
    dataType: 'date',
    labelId: view === 'aging' ? 'reports.filter.asOf' : 'reports.filter.from',
  };
  const narrowing = [
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
  // Across organisations the server takes the day alone: a supplier belongs to one.
  return SchemaSchema.parse({
    id: `reportFilter-${view}-${across ? 'across' : 'own'}`,
    layout: across
      ? [['day']]
      : [['day', 'supplier', 'documentType', 'costCenter', 'workflowStep']],
    fields: across ? [day] : [day, ...narrowing],
  });
}

const textOrUndefined = (value: unknown) =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : undefined;

/**
 * /o/{organizationId}/reports/{aging|cash} (issue 27; docs/reports.md): payables aging and
 * cash needed, each a chart and the table behind it, filtered by the address's query (a link
 * reproduces the view), exported to .xlsx with the same figures, and across every organisation
 * of the user when they belong to several.
 */
export function ReportsPage() {
  const { organizationId = '', view: viewParam } = useParams();
  const view: ReportView = viewParam === 'cash' ? 'cash' : 'aging';
  const { t } = useI18n();
  const { organizations } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(view, searchParams);
  const canGoAcross = organizations.length > 1;
  const across = canGoAcross && params.across;
  const [exportError, setExportError] = useState<unknown>(null);

  const filter = {
    supplier: params.supplier,
    documentType: params.documentType,
    costCenter: params.costCenter,
    workflowStep: params.workflowStep,
  };
  const aging = useAgingReport(
    organizationId,
    { asOf: params.day, ...filter },
    view === 'aging' && !across,
  );
  const cash = useCashReport(
    organizationId,
    { from: params.day, ...filter },
    view === 'cash' && !across,
  );
  const agingAcross = useAgingAcross(params.day, view === 'aging' && across);
  const cashAcross = useCashAcross(params.day, view === 'cash' && across);
  const current = view === 'aging' ? (across ? agingAcross : aging) : across ? cashAcross : cash;

  const setParam = (name: string, value: string | null) =>
    setSearchParams((old) => withParam(old, name, value), { replace: true });
  const changeFilters = (model: Model) =>
    setSearchParams(
      (old) => {
        let next = withParam(old, dayParamOf(view), textOrUndefined(model.day) ?? null);
        for (const name of ['supplier', 'documentType', 'costCenter', 'workflowStep'] as const)
          next = withParam(next, name, textOrUndefined(model[name]) ?? null);
        return next;
      },
      { replace: true },
    );
  const model: Model = {
    day: params.day ?? null,
    supplier: params.supplier ?? null,
    documentType: params.documentType ?? null,
    costCenter: params.costCenter ?? null,
    workflowStep: params.workflowStep ?? null,
  };

  const sheetText: SheetText = {
    supplier: t('reports.column.supplier'),
    organization: t('reports.column.organization'),
    currency: t('reports.column.currency'),
    bucket: (bucket) => t(`reports.bucket.${bucket}`),
    part: (part) => t(`reports.part.${part}`),
    total: t('reports.column.total'),
    documents: t('reports.column.documents'),
    week: t('reports.column.week'),
    totals: t('reports.totals'),
    overdue: t('reports.overdue'),
    later: t('reports.later'),
    noSupplier: t('reports.noSupplier'),
    asOf: t('reports.filter.asOf'),
    from: t('reports.filter.from'),
  };
  const sheet = (): Sheet | undefined => {
    const name = t(`reports.tab.${view}`);
    if (view === 'aging')
      return across
        ? agingAcross.data && agingAcrossSheet(agingAcross.data, sheetText, name)
        : aging.data && agingSheet(aging.data, sheetText, name);
    return across
      ? cashAcross.data && cashAcrossSheet(cashAcross.data, sheetText, name)
      : cash.data && cashSheet(cash.data, sheetText, name);
  };
  const exportSheet = async () => {
    const built = sheet();
    if (!built) return;
    setExportError(null);
    const day =
      (view === 'aging' ? (across ? agingAcross.data?.asOf : aging.data?.asOf) : undefined) ??
      (across ? cashAcross.data?.from : cash.data?.from) ??
      '';
    try {
      const { exportXlsx } = await import('./report-xlsx');
      await exportXlsx(built, `${view === 'aging' ? 'aging' : 'cash-needed'}-${day}.xlsx`);
    } catch (error) {
      setExportError(error);
    }
  };

  return (
    <Paper sx={{ p: 2, maxWidth: PAGE_MAX_WIDTH, mx: 'auto' }} data-testid="reports-page">
      {/* Printed, the report stands alone: no toolbar, tabs, filters or buttons. */}
      <GlobalStyles
        styles={{
          '@media print': {
            'header.MuiAppBar-root, [data-print="hide"]': { display: 'none !important' },
          },
        }}
      />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('reports.title')}
      </Typography>
      <Tabs value={view} aria-label={t('reports.title')} sx={{ mb: 2 }} data-print="hide">
        {REPORT_VIEWS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`reports.tab.${name}`)}
            component={RouterLink}
            to={{ pathname: `/o/${organizationId}/reports/${name}`, search: '' }}
            data-testid={`reports-tab-${name}`}
          />
        ))}
      </Tabs>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`reports.tab.${view}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`reports.${view}.help`)}
      </Typography>
      <Box
        component="section"
        aria-label={t('reports.filters')}
        data-print="hide"
        data-testid="report-filters"
      >
        <SchemaForm
          key={`${view}-${across}`}
          schema={filterSchema(view, across)}
          model={model}
          onChange={changeFilters}
          autoFocus={false}
          testId="report-filter-form"
        />
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
          {canGoAcross && (
            <FormControlLabel
              control={
                <Switch
                  checked={across}
                  onChange={(event) => setParam('across', event.target.checked ? '1' : null)}
                  slotProps={{ input: { 'data-testid': 'report-across' } as object }}
                />
              }
              label={t('reports.across')}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => void exportSheet()}
            disabled={!current.isSuccess}
            data-testid="report-export"
          >
            {t('reports.export')}
          </Button>
          <Button
            startIcon={<PrintIcon />}
            onClick={() => window.print()}
            data-testid="report-print"
          >
            {t('reports.print')}
          </Button>
        </Stack>
      </Box>
      <MessageAlert
        message={exportError ? formatApiError(exportError, t) : null}
        testId="report-export-error"
      />
      {current.isError && (
        <MessageAlert message={formatApiError(current.error, t)} testId="report-error" />
      )}
      {current.isPending && <CenteredProgress />}
      <ReportBody
        view={view}
        across={across}
        params={params}
        organizationId={organizationId}
        onCurrency={(currency) => setParam('currency', currency)}
        data={{
          aging: aging.data,
          cash: cash.data,
          agingAcross: agingAcross.data,
          cashAcross: cashAcross.data,
        }}
      />
    </Paper>
  );
}

interface ReportBodyProps {
  view: ReportView;
  across: boolean;
  params: ReportParams;
  organizationId: string;
  onCurrency: (currency: string) => void;
  data: {
    aging: Parameters<typeof AgingView>[0]['report'] | undefined;
    cash: Parameters<typeof CashView>[0]['report'] | undefined;
    agingAcross: Parameters<typeof AgingAcrossView>[0]['report'] | undefined;
    cashAcross: Parameters<typeof CashAcrossView>[0]['report'] | undefined;
  };
}

function ReportBody({ view, across, params, organizationId, onCurrency, data }: ReportBodyProps) {
  if (view === 'aging') {
    if (across)
      return data.agingAcross ? (
        <AgingAcrossView
          report={data.agingAcross}
          currency={params.currency}
          onCurrency={onCurrency}
        />
      ) : null;
    return data.aging ? (
      <AgingView
        report={data.aging}
        organizationId={organizationId}
        filter={params}
        currency={params.currency}
        onCurrency={onCurrency}
      />
    ) : null;
  }
  if (across)
    return data.cashAcross ? (
      <CashAcrossView report={data.cashAcross} currency={params.currency} onCurrency={onCurrency} />
    ) : null;
  return data.cash ? (
    <CashView
      report={data.cash}
      organizationId={organizationId}
      filter={params}
      currency={params.currency}
      onCurrency={onCurrency}
    />
  ) : null;
}
