import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportResponse } from '@listina/contract';
import { formatNumber, type NumberFormatOptions } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import type { ImportReport, ImportState, RowProblem } from './use-import';

const IMPORT_ACCEPT =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** The hidden file chooser the grid's import button clicks; a chosen file goes to the dry run. */
export function ImportFileInput({
  ref,
  onChoose,
}: {
  ref: Ref<HTMLInputElement>;
  onChoose: (file: File) => void;
}) {
  const { t } = useI18n();
  return (
    <input
      ref={ref}
      type="file"
      accept={IMPORT_ACCEPT}
      hidden
      aria-label={t('grid.import')}
      data-testid="grid-import-file"
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Cleared, so that choosing the same file again (after fixing it) is a change too.
        event.target.value = '';
        if (file) onChoose(file);
      }}
    />
  );
}

interface ImportDialogProps {
  state: ImportState;
  numbers: NumberFormatOptions;
  labelOf: (field: string) => string;
  onConfirm: (ignoreWarnings: boolean) => void;
  onClose: () => void;
}

/** The dry run's report (counts, or errors by row and field), then a confirm to import. */
export function ImportDialog({ state, numbers, labelOf, onConfirm, onClose }: ImportDialogProps) {
  const { t } = useI18n();
  const isBusy = state.phase === 'checking' || state.phase === 'importing';
  const report = state.phase === 'report' ? state.report : null;
  const action = report ? confirmAction(report) : null;
  return (
    <Dialog
      open={state.phase !== 'closed'}
      onClose={isBusy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="grid-import-title"
      data-testid="grid-import-dialog"
    >
      <DialogTitle id="grid-import-title">
        {t('grid.import.title', [state.phase === 'closed' ? '' : state.file.name])}
      </DialogTitle>
      <DialogContent>
        {isBusy && (
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
            <CircularProgress size={24} />
            <Typography>
              {t(state.phase === 'checking' ? 'grid.import.checking' : 'grid.import.running')}
            </Typography>
          </Stack>
        )}
        {report && <ReportView report={report} numbers={numbers} labelOf={labelOf} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t(action ? 'grid.cancel' : 'grid.close')}
        </Button>
        {action && (
          <Button
            variant="contained"
            onClick={() => onConfirm(action === 'anyway')}
            data-testid="grid-import-confirm"
          >
            {t(action === 'anyway' ? 'grid.import.anyway' : 'grid.import.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Import after a clean dry run that changes something; import anyway after warnings only. */
function confirmAction(report: ImportReport): 'import' | 'anyway' | null {
  if (report.kind === 'counts') {
    const { created, updated } = report.result;
    return created + updated > 0 ? 'import' : null;
  }
  if (report.kind === 'problems' && report.errors.length === 0 && report.warnings.length > 0) {
    return 'anyway';
  }
  return null;
}

interface ReportViewProps {
  report: ImportReport;
  numbers: NumberFormatOptions;
  labelOf: (field: string) => string;
}

function ReportView({ report, numbers, labelOf }: ReportViewProps) {
  const { t } = useI18n();
  switch (report.kind) {
    case 'failure':
      return <MessageAlert message={formatApiError(report.error, t)} testId="grid-import-error" />;
    case 'counts':
      return <Counts result={report.result} numbers={numbers} />;
    case 'problems':
      return (
        <Stack sx={{ gap: 2 }}>
          {report.errors.length > 0 && <Alert severity="error">{t('grid.import.hasErrors')}</Alert>}
          <ProblemTable problems={report.errors} labelOf={labelOf} testId="grid-import-errors" />
          {report.warnings.length > 0 && (
            <Alert severity="warning">{t('grid.import.hasWarnings')}</Alert>
          )}
          <ProblemTable
            problems={report.warnings}
            labelOf={labelOf}
            testId="grid-import-warnings"
          />
        </Stack>
      );
  }
}

function Counts({ result, numbers }: { result: ImportResponse; numbers: NumberFormatOptions }) {
  const { t } = useI18n();
  const count = (value: number) => formatNumber(value, { ...numbers, places: 0 });
  const lines = [
    ['created', t('grid.import.created'), result.created],
    ['updated', t('grid.import.updated'), result.updated],
    ['unchanged', t('grid.import.unchanged'), result.unchanged],
  ] as const;
  return (
    <Stack sx={{ gap: 1 }} data-testid="grid-import-counts">
      <Typography>
        {t(result.created + result.updated > 0 ? 'grid.import.ready' : 'grid.import.nothing')}
      </Typography>
      <Table size="small" sx={{ width: 'auto' }}>
        <TableBody>
          {lines.map(([name, label, value]) => (
            <TableRow key={name} data-testid={`grid-import-${name}`}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{count(value)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

interface ProblemTableProps {
  problems: RowProblem[];
  labelOf: (field: string) => string;
  testId: string;
}

function ProblemTable({ problems, labelOf, testId }: ProblemTableProps) {
  const { t } = useI18n();
  if (problems.length === 0) return null;
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('grid.import.row')}</TableCell>
          <TableCell>{t('grid.import.field')}</TableCell>
          <TableCell>{t('grid.import.message')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {problems.map((problem, index) => (
          <TableRow key={index}>
            <TableCell>{problem.row ?? ''}</TableCell>
            <TableCell>{problem.field ? labelOf(problem.field) : ''}</TableCell>
            <TableCell>{problem.message}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
