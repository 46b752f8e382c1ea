import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { INTAKE_RESULTS, type IntakeMessage, type IntakeResultCode } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { TABLE_SEARCH_DEBOUNCE_MS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { refreshIntake } from '../../app/intake-summary';
import { tableQueryKey } from '../../schema-ui/api';
import { ConfirmDialog } from '../../schema-ui/dialogs/confirm-dialog';
import { useDebouncedValue } from '../../schema-ui/timing';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { IntakeAddressPanel } from './intake-address-panel';
import { deleteMessage, downloadEml, releaseMessage, useIntakeMessages } from './intake-api';
import { IntakeMessageRow } from './intake-message-row';

const PAGE_MAX_WIDTH = 1400;
const COLUMNS = ['receivedAt', 'sender', 'subject', 'result', 'details', 'actions'] as const;

const resultOf = (value: string | null): IntakeResultCode | null =>
  (INTAKE_RESULTS as readonly string[]).includes(value ?? '') ? (value as IntakeResultCode) : null;

/** The address's query with one parameter set, or removed when empty. */
function withParam(current: URLSearchParams, name: string, value: string | null) {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/**
 * /o/{organizationId}/intake (issue 25): the organisation's intake address and the log of
 * every message that came in, newest first, filtered by result (?result=) and words
 * (?search=), with release and delete for what waits in quarantine.
 */
export function IntakePage() {
  const { organizationId = '' } = useParams();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const result = resultOf(searchParams.get('result'));
  const search = searchParams.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);
  const settledSearch = useDebouncedValue(searchText.trim(), TABLE_SEARCH_DEBOUNCE_MS);
  const messages = useIntakeMessages(organizationId, { result, search });
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<IntakeMessage | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const setFilter = (name: 'result' | 'search', value: string | null) =>
    setSearchParams((current) => withParam(current, name, value), { replace: true });
  // The typed words move into the address once they have settled.
  useEffect(() => {
    if (settledSearch === search) return;
    setSearchParams((current) => withParam(current, 'search', settledSearch), { replace: true });
  }, [settledSearch, search, setSearchParams]);

  /** Runs a row's action, then reads the log, the count and the document tiles again. */
  const act = async (message: IntakeMessage, action: () => Promise<string>) => {
    setBusyKey(message.key);
    setNotice(null);
    try {
      setNotice({ severity: 'success', text: await action() });
      await Promise.all([
        refreshIntake(queryClient, organizationId),
        queryClient.invalidateQueries({ queryKey: tableQueryKey('doc') }),
      ]);
    } catch (error) {
      setNotice({ severity: 'error', text: formatApiError(error, t) });
    } finally {
      setBusyKey(null);
    }
  };
  const release = (message: IntakeMessage) =>
    void act(message, async () => {
      const outcome = await releaseMessage(organizationId, message.key);
      return [t('intake.page.released'), outcome.reasonText].filter(Boolean).join(' ');
    });
  const remove = (message: IntakeMessage) =>
    void act(message, async () => {
      await deleteMessage(organizationId, message.key);
      return t('intake.page.deleted');
    });
  const download = (message: IntakeMessage) =>
    void downloadEml(message.key).catch((error: unknown) =>
      setNotice({ severity: 'error', text: formatApiError(error, t) }),
    );

  const rows = messages.data?.pages.flatMap((page) => page.rows) ?? [];
  const isFiltered = result !== null || search !== '';
  return (
    <Paper sx={{ p: 2, maxWidth: PAGE_MAX_WIDTH, mx: 'auto' }} data-testid="intake-page">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('intake.page.title')}
      </Typography>
      <IntakeAddressPanel organizationId={organizationId} />
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', my: 2 }}>
        <Stack
          direction="row"
          role="group"
          aria-label={t('intake.page.filter.label')}
          sx={{ gap: 1, flexWrap: 'wrap' }}
          data-testid="intake-filter"
        >
          {[null, ...INTAKE_RESULTS].map((code) => (
            <Chip
              key={code ?? 'all'}
              label={code ? t(`intake.result.${code}`) : t('intake.page.filter.all')}
              color={code === result ? 'primary' : 'default'}
              variant={code === result ? 'filled' : 'outlined'}
              aria-pressed={code === result}
              onClick={() => setFilter('result', code)}
              data-testid={`intake-filter-${code ?? 'all'}`}
            />
          ))}
        </Stack>
        <TextField
          size="small"
          type="search"
          label={t('intake.page.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ ml: 'auto', minWidth: 280 }}
          slotProps={{
            htmlInput: { 'data-testid': 'intake-search', maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {notice && (
        <Alert
          severity={notice.severity}
          onClose={() => setNotice(null)}
          sx={{ mb: 1, whiteSpace: 'pre-line' }}
          data-testid="intake-notice"
        >
          {notice.text}
        </Alert>
      )}
      {messages.isError && (
        <MessageAlert message={formatApiError(messages.error, t)} testId="intake-error" />
      )}
      {messages.isPending && <CenteredProgress />}
      {messages.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="intake-empty">
          {isFiltered ? t('intake.page.emptyFiltered') : t('intake.page.empty')}
        </Typography>
      )}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('intake.page.list')} data-testid="intake-messages">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{t(`intake.page.column.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((message) => (
                <IntakeMessageRow
                  key={message.key}
                  message={message}
                  organizationId={organizationId}
                  busy={busyKey === message.key}
                  onRelease={release}
                  onDelete={setConfirming}
                  onDownload={download}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {messages.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            disabled={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
            data-testid="intake-load-more"
          >
            {t('intake.page.loadMore')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t('intake.page.deleteTitle')}
        text={t('intake.page.deleteText', [confirming?.sender ?? ''])}
        confirmText={t('intake.page.delete')}
        cancelText={t('intake.page.cancel')}
        danger
        onConfirm={() => {
          if (confirming) remove(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
        testId="intake-delete-confirm"
      />
    </Paper>
  );
}
