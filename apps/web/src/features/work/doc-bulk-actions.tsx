import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/TaskAlt';
import ApproveIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/FolderZipOutlined';
import { MAX_ACTIVATE_KEYS, MAX_WORKFLOW_KEYS } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { activateDocuments, DOC_TABLE, downloadDocuments } from './doc-api';
import { takeWorkflowActions } from './workflow-api';

type BulkKind = 'activate' | 'confirm' | 'download';

/** What a bulk workflow action did: how many were acted on, and why the others were not. */
export interface BulkSummary {
  done: number;
  refused: number;
  /** The server's reasons (spec §8, translated; each names its document). */
  messages: string[];
}

/**
 * The document list's actions on the selected rows: activate them (POST /api/doc/activate,
 * all or nothing), confirm them in their workflow step (POST /api/wf/actions/, each on its
 * own, with a summary of what was refused), and download them as one zip (POST
 * /api/doc/download?mode=zip). Undo is offered for what changed; a refusal of the whole call
 * shows the server's messages above the grid.
 */
export function useDocBulkActions() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState<BulkKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);

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
    download: (keys: string[]) =>
      run('download', keys, MAX_ACTIVATE_KEYS, async () => {
        await downloadDocuments(keys, 'zip');
      }),
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

/** "12 confirmed, 2 refused", with each refused document's reason. */
export function DocBulkSummary({
  summary,
  onClose,
}: {
  summary: BulkSummary | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  if (!summary) return null;
  return (
    <Alert
      severity={summary.refused > 0 ? 'warning' : 'success'}
      onClose={onClose}
      closeText={t('common.close')}
      sx={{ my: 1 }}
      data-testid="work-bulk-summary"
    >
      <div data-testid="work-bulk-summary-counts">
        {t('wf.bulk.summary', [summary.done, summary.refused])}
      </div>
      {summary.messages.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: '1.25em' }}>
          {summary.messages.map((message, index) => (
            <li key={index} data-testid="work-bulk-refused">
              {message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
