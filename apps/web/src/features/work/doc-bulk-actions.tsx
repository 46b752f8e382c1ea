import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/TaskAlt';
import ApproveIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/FolderZipOutlined';
import ReadIcon from '@mui/icons-material/DocumentScannerOutlined';
import { MAX_ACTIVATE_KEYS, MAX_CAPTURE_KEYS, MAX_WORKFLOW_KEYS } from '@listina/contract';
import { ERROR_TEXT_KEYS, formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { queueCapture, type CaptureResponse } from './capture-api';
import { activateDocuments, DOC_TABLE, downloadDocuments } from './doc-api';
import { takeWorkflowActions } from './workflow-api';

type BulkKind = 'activate' | 'confirm' | 'download' | 'capture';

/** What a bulk action did: how many were acted on, and why the others were not. */
export interface BulkSummary {
  kind: 'confirm' | 'capture';
  done: number;
  refused: number;
  /** The server's reasons (spec §8, translated; each names its document). */
  messages: string[];
  /** The server's warnings, with the spec §8 info prefix. */
  warnings: string[];
  /** Refused with warnings only (captured already): may be asked again ignoring them. */
  warnedKeys: string[];
}

/**
 * The document list's actions on the selected rows: activate them (POST /api/doc/activate,
 * all or nothing), confirm them in their workflow step (POST /api/wf/actions/, each on its
 * own, with a summary of what was refused), read their data (POST /api/doc/ocr, each on its
 * own, with a summary and a way to read again those captured already), and download them as
 * one zip (POST /api/doc/download?mode=zip). Undo is offered for what changed; a refusal of
 * the whole call shows the server's messages above the grid.
 */
export function useDocBulkActions() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState<BulkKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  // Read again takes the rows off the selection as the first capture did.
  const captureDone = useRef<(keys: string[]) => void>(() => undefined);

  const run = async (
    kind: BulkKind,
    keys: string[],
    limit: number,
    action: () => Promise<void>,
  ) => {
    // One call takes this many documents at most: no partial batches.
    if (keys.length > limit) {
      setError(t('work.documents.tooManySelected', [limit]));
      return;
    }
    setBusy(kind);
    setError(null);
    setSummary(null);
    try {
      await action();
    } catch (failure) {
      setError(formatApiError(failure, t));
    } finally {
      setBusy(null);
    }
  };

  /** Each document on its own; the queued leave the selection, the lists show their state. */
  const capture = (keys: string[], onDone: (keys: string[]) => void, ignoreWarnings = false) =>
    run('capture', keys, MAX_CAPTURE_KEYS, async () => {
      captureDone.current = onDone;
      const result = await queueCapture(keys, ignoreWarnings);
      setSummary(captureSummary(result, t(ERROR_TEXT_KEYS.infoPrefix)));
      onDone(result.items.filter((item) => item.queued).map((item) => item.documentKey));
      if (result.queued > 0) await invalidateTables(queryClient, [DOC_TABLE]);
    });

  return {
    busy,
    error,
    summary,
    clearSummary: () => setSummary(null),
    activate: (keys: string[], onDone: (keys: string[]) => void) =>
      run('activate', keys, MAX_ACTIVATE_KEYS, async () => {
        const result = await activateDocuments(keys);
        undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
        onDone(keys);
        await invalidateTables(queryClient, [DOC_TABLE]);
      }),
    confirm: (keys: string[], onDone: (keys: string[]) => void) =>
      run('confirm', keys, MAX_WORKFLOW_KEYS, async () => {
        const result = await takeWorkflowActions(keys, 'confirmed');
        if (result.undoId !== null) {
          undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
        }
        const refused = result.items.filter((item) => !item.ok);
        setSummary({
          kind: 'confirm',
          warnings: [],
          warnedKeys: [],
          done: result.done,
          refused: result.refused,
          messages: refused.flatMap((item) =>
            item.errors && item.errors.length > 0
              ? item.errors.map((e) => e.msg)
              : [item.documentKey],
          ),
        });
        // The refused stay selected, to be looked at or acted on otherwise.
        onDone(result.items.filter((item) => item.ok).map((item) => item.documentKey));
        if (result.done > 0) await invalidateTables(queryClient, [DOC_TABLE]);
      }),
    capture,
    /** Continue anyway: reads again those answered "captured already". */
    captureAgain: () => {
      const keys = summary?.warnedKeys ?? [];
      if (keys.length > 0) void capture(keys, captureDone.current, true);
    },
    download: (keys: string[]) =>
      run('download', keys, MAX_ACTIVATE_KEYS, async () => {
        await downloadDocuments(keys, 'zip');
      }),
  };
}

function captureSummary(result: CaptureResponse, infoPrefix: string): BulkSummary {
  const refused = result.items.filter((item) => !item.queued);
  const isWarnedOnly = (item: CaptureResponse['items'][number]) =>
    (item.errors ?? []).length === 0 && (item.warnings ?? []).length > 0;
  return {
    kind: 'capture',
    done: result.queued,
    refused: refused.length,
    messages: refused.flatMap((item) => {
      if (isWarnedOnly(item)) return [];
      const errors = item.errors ?? [];
      return errors.length > 0 ? errors.map((e) => e.msg) : [item.documentKey];
    }),
    warnings: refused.flatMap((item) => (item.warnings ?? []).map((w) => `${infoPrefix} ${w.msg}`)),
    warnedKeys: refused.filter(isWarnedOnly).map((item) => item.documentKey),
  };
}

interface DocBulkActionsProps {
  keys: string[];
  actions: ReturnType<typeof useDocBulkActions>;
  /** Rows the action was taken on: they leave the selection. */
  onDone: (keys: string[]) => void;
}

export function DocBulkActions({ keys, actions, onDone }: DocBulkActionsProps) {
  const { t } = useI18n();
  const count = keys.length;
  return (
    <>
      <Button
        startIcon={<CheckIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.activate(keys, onDone)}
        data-testid="work-activate-selected"
      >
        {t('work.documents.activateSelected', [count])}
      </Button>
      <Button
        startIcon={<ApproveIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.confirm(keys, onDone)}
        data-testid="work-confirm-selected"
      >
        {t('wf.bulk.confirmSelected', [count])}
      </Button>
      <Button
        startIcon={<ReadIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.capture(keys, onDone)}
        data-testid="work-capture-selected"
      >
        {t('work.capture.readSelected', [count])}
      </Button>
      <Button
        startIcon={<DownloadIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.download(keys)}
        data-testid="work-download-selected"
      >
        {t('work.documents.downloadSelected', [count])}
      </Button>
    </>
  );
}

const SUMMARY_KEYS: Record<BulkSummary['kind'], string> = {
  confirm: 'wf.bulk.summary',
  capture: 'work.capture.summary',
};

interface DocBulkSummaryProps {
  summary: BulkSummary | null;
  onClose: () => void;
  /** Continue anyway for the documents refused with warnings only. */
  onCaptureAgain: () => void;
}

/**
 * "12 confirmed, 2 refused" (or queued for capture), with each refused document's reason and
 * warning; those captured already may be read again.
 */
export function DocBulkSummary({ summary, onClose, onCaptureAgain }: DocBulkSummaryProps) {
  const { t } = useI18n();
  if (!summary) return null;
  const lines = [
    ...summary.messages.map((text) => ({ text, testId: 'work-bulk-refused' })),
    ...summary.warnings.map((text) => ({ text, testId: 'work-bulk-warning' })),
  ];
  return (
    <Alert
      severity={summary.refused > 0 ? 'warning' : 'success'}
      onClose={onClose}
      closeText={t('common.close')}
      sx={{ my: 1 }}
      data-testid="work-bulk-summary"
    >
      <div data-testid="work-bulk-summary-counts">
        {t(SUMMARY_KEYS[summary.kind], [summary.done, summary.refused])}
      </div>
      {lines.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
          {lines.map((line, index) => (
            <li key={index} data-testid={line.testId}>
              {line.text}
            </li>
          ))}
        </ul>
      )}
      {summary.warnedKeys.length > 0 && (
        <Button
          size="small"
          color="inherit"
          onClick={onCaptureAgain}
          sx={{ mt: 1 }}
          data-testid="work-capture-again"
        >
          {t('work.capture.readAgain', [summary.warnedKeys.length])}
        </Button>
      )}
    </Alert>
  );
}
