import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/TaskAlt';
import DownloadIcon from '@mui/icons-material/FolderZipOutlined';
import { MAX_ACTIVATE_KEYS } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { activateDocuments, DOC_TABLE, downloadDocuments } from './doc-api';

/**
 * The document list's actions on the selected rows: activate them (POST /api/doc/activate,
 * then the undo offer) and download them as one zip (POST /api/doc/download?mode=zip). A
 * refusal shows the server's messages above the grid.
 */
export function useDocBulkActions() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState<'activate' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (
    kind: 'activate' | 'download',
    keys: string[],
    action: () => Promise<void>,
  ) => {
    // One call takes this many documents at most, all or nothing: no partial batches.
    if (keys.length > MAX_ACTIVATE_KEYS) {
      setError(t('work.documents.tooManySelected', [MAX_ACTIVATE_KEYS]));
      return;
    }
    setBusy(kind);
    setError(null);
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
    activate: (keys: string[], onDone: (keys: string[]) => void) =>
      run('activate', keys, async () => {
        const result = await activateDocuments(keys);
        undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [DOC_TABLE] });
        onDone(keys);
        await invalidateTables(queryClient, [DOC_TABLE]);
      }),
    download: (keys: string[]) =>
      run('download', keys, async () => {
        await downloadDocuments(keys, 'zip');
      }),
  };
}

interface DocBulkActionsProps {
  keys: string[];
  actions: ReturnType<typeof useDocBulkActions>;
  onActivated: (keys: string[]) => void;
}

export function DocBulkActions({ keys, actions, onActivated }: DocBulkActionsProps) {
  const { t } = useI18n();
  const count = keys.length;
  return (
    <>
      <Button
        startIcon={<CheckIcon />}
        disabled={actions.busy !== null}
        onClick={() => void actions.activate(keys, onActivated)}
        data-testid="work-activate-selected"
      >
        {t('work.documents.activateSelected', [count])}
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
