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
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { ReportFilterForm } from './report-filters';
import { readParams, REPORT_VIEWS, withParam, type ReportView } from './report-model';
import { useShownReport } from './report-views';

/** The reports that have a view across the user's organisations. */
const ACROSS_VIEWS: ReadonlySet<ReportView> = new Set(['aging', 'cash']);

const PAGE_MAX_WIDTH = 1400;

/**
 * /o/{organizationId}/reports/{aging|cash|spend|approval|capture|payments} (issue 27;
 * docs/reports.md): each report a chart and the tables behind it, filtered by the address's
 * query (a link reproduces the view), exported to .xlsx with the same figures; aging and cash
 * needed also across every organisation of the user when they belong to several.
 */
export function ReportsPage() {
  const { organizationId = '', view: viewParam } = useParams();
  const view: ReportView = (REPORT_VIEWS as readonly string[]).includes(viewParam ?? '')
    ? (viewParam as ReportView)
    : 'aging';
  const { t } = useI18n();
  const { organizations } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const canGoAcross = organizations.length > 1 && ACROSS_VIEWS.has(view);
  const across = canGoAcross && params.across;
  const [exportError, setExportError] = useState<unknown>(null);

  const changeQuery = (change: (query: URLSearchParams) => URLSearchParams) =>
    setSearchParams(change, { replace: true });
  const setParam = (name: string, value: string | null) =>
    changeQuery((old) => withParam(old, name, value));
  const report = useShownReport({
    view,
    across,
    organizationId,
    params,
    onCurrency: (currency) => setParam('currency', currency),
  });
  const current = report.query;

  const exportSheet = async () => {
    const built = report.sheet();
    if (!built) return;
    setExportError(null);
    try {
      const { exportXlsx } = await import('./report-xlsx');
      await exportXlsx(built, report.fileName);
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
      {/* Six tabs do not fit a phone: they scroll. */}
      <Tabs
        value={view}
        aria-label={t('reports.title')}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2 }}
        data-print="hide"
      >
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
        <ReportFilterForm
          view={view}
          across={across}
          params={params}
          answered={report.answered}
          onChange={changeQuery}
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
      {report.content}
    </Paper>
  );
}
