import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { WorkflowLogEntry } from '@listina/contract';
import { describeTimespan } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n, type TFunction } from '../../app/i18n';
import { STORAGE_KEYS } from '../../app/storage';
import { formatDateTime } from '../../schema-ui/grid/columns';
import { MessageAlert } from '../../ui/message-alert';
import { useStoredFlag } from './preview/use-stored-flag';
import { useWorkflowLog } from './workflow-api';

/**
 * spec §7 wflog: who did what to the document in its workflow and when, from which step to
 * which, with the comment and the time spent in the step left (spec §5 timespan). Open by
 * default, remembered in local storage; it loads only while open.
 */
export function WorkflowLog({ documentKey }: { documentKey: string }) {
  const { t } = useI18n();
  const [isOpen, setOpen] = useStoredFlag(STORAGE_KEYS.workflowLogOpen, true);
  const log = useWorkflowLog(documentKey, isOpen);
  const toggle = isOpen ? t('wf.log.hide') : t('wf.log.show');

  return (
    <Box component="section" aria-labelledby="wf-log-title" sx={{ mt: 2 }} data-testid="wf-log">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography id="wf-log-title" variant="subtitle2" component="h2">
          {t('workflowLog.title')}
        </Typography>
        <IconButton
          size="small"
          aria-label={toggle}
          title={toggle}
          aria-expanded={isOpen}
          onClick={() => setOpen(!isOpen)}
          data-testid="wf-log-toggle"
        >
          {isOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </IconButton>
      </Stack>
      <Collapse in={isOpen} unmountOnExit>
        {log.isPending && <LinearProgress />}
        {log.isError && (
          <MessageAlert message={formatApiError(log.error, t)} testId="wf-log-error" />
        )}
        {log.data?.items.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="wf-log-empty">
            {t('wf.log.empty')}
          </Typography>
        )}
        {log.data && log.data.items.length > 0 && <LogTable items={log.data.items} t={t} />}
      </Collapse>
    </Box>
  );
}

function LogTable({ items, t }: { items: WorkflowLogEntry[]; t: TFunction }) {
  return (
    // Narrower than its columns on a phone (issue 26): it scrolls sideways by itself, and a
    // keyboard can reach it to scroll it too.
    <TableContainer
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-labelledby="wf-log-title"
    >
      <Table size="small" aria-labelledby="wf-log-title">
        <TableHead>
          <TableRow>
            <TableCell>{t('wf.log.at')}</TableCell>
            <TableCell>{t('wf.log.user')}</TableCell>
            <TableCell>{t('wf.log.result')}</TableCell>
            <TableCell>{t('wf.log.steps')}</TableCell>
            <TableCell>{t('wf.log.comment')}</TableCell>
            <TableCell align="right">{t('wf.log.timeInStep')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((entry) => (
            <TableRow key={entry.key} data-testid="wf-log-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</TableCell>
              <TableCell title={entry.userName}>{entry.user}</TableCell>
              <TableCell>{entry.result}</TableCell>
              <TableCell>
                <Steps entry={entry} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line' }}>{entry.comment ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="wf-log-time">
                {timeInStep(entry.secondsInStep, t)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const NONE = '–';

/** From → to; a switch of workflow also names the workflows. */
function Steps({ entry }: { entry: WorkflowLogEntry }) {
  const isSwitch =
    entry.fromWorkflow !== null &&
    entry.toWorkflow !== null &&
    entry.fromWorkflow !== entry.toWorkflow;
  return (
    <>
      {`${entry.from ?? NONE} → ${entry.to ?? NONE}`}
      {isSwitch && (
        <Typography variant="caption" component="div" color="text.secondary">
          {`${entry.fromWorkflow ?? NONE} → ${entry.toWorkflow ?? NONE}`}
        </Typography>
      )}
    </>
  );
}

function timeInStep(seconds: number | null, t: TFunction): string {
  if (seconds === null) return '';
  const span = describeTimespan(seconds * 1000);
  return t(span.code, span.parameters);
}
