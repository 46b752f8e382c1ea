import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ExportHeader, ImportResponse, TableRecord } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { deleteRecords, invalidateTables } from '../api';
import { useDialogs } from '../dialogs/dialog-context';
import { useUndo } from '../undo/undo-context';
import type { DeleteRequest } from './delete-dialog';
import type { ExportChoice } from './export-dialog';
import { exportTable } from './table-files';
import { useImport } from './use-import';

interface GridActionsInput {
  table: string;
  rows: readonly TableRecord[];
  selected: ReadonlySet<string>;
  headers: ExportHeader[];
  onDeleted: (keys: string[]) => void;
}

/**
 * The grid's server actions: delete with a confirm and then undo, export of the selection or
 * all rows with the visible headers, and import (dry run, then for real, then undo).
 */
export function useGridActions({ table, rows, selected, headers, onDeleted }: GridActionsInput) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [deleteRequest, setDeleteRequest] = useState<DeleteRequest | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const askDelete = (request: DeleteRequest) => {
    setDeleteError(null);
    setDeleteRequest(request);
  };

  const confirmDelete = async () => {
    if (!deleteRequest) return;
    setDeleting(true);
    try {
      const answer = await deleteRecords(table, deleteRequest.keys);
      undo.offer({ undoId: answer.undoId, kind: 'delete', tables: [table] });
      onDeleted(deleteRequest.keys);
      setDeleteRequest(null);
      await invalidateTables(queryClient, [table]);
    } catch (error) {
      setDeleteError(formatApiError(error, t));
    } finally {
      setDeleting(false);
    }
  };

  const runExport = ({ selectedOnly, format }: ExportChoice) => {
    // The selection in the order the grid shows it; keys no longer loaded go last.
    const loaded = rows.map((row) => row.key).filter((key) => selected.has(key));
    const others = [...selected].filter((key) => !loaded.includes(key));
    const keys = selectedOnly ? [...loaded, ...others] : undefined;
    return exportTable(table, format, {
      ...(keys ? { keys } : {}),
      // Without columns the server's own list columns are used.
      ...(headers.length > 0 ? { headers } : {}),
    });
  };

  const onImported = (result: ImportResponse) => {
    if (result.undoId) undo.offer({ undoId: result.undoId, kind: 'other', tables: [table] });
    void invalidateTables(queryClient, [table]);
  };
  const importer = useImport(table, onImported);

  return {
    deleteDialog: {
      request: deleteRequest,
      isBusy: isDeleting,
      error: deleteError,
      onConfirm: () => void confirmDelete(),
      onClose: () => setDeleteRequest(null),
    },
    askDelete,
    runExport,
    importer,
  };
}

interface OpenRowInput {
  table: string;
  onOpen: ((row: TableRecord) => void) | undefined;
  onPick: ((row: TableRecord) => void) | undefined;
  isReadonly: boolean;
}

/** Enter or double-click: pick (a lookup's view-all), the caller's onOpen, or the edit dialog. */
export function useOpenRow({ table, onOpen, onPick, isReadonly }: OpenRowInput) {
  const dialogs = useDialogs();
  return useCallback(
    (row: TableRecord) => {
      if (onPick) onPick(row);
      else if (onOpen) onOpen(row);
      else {
        const locked = isReadonly ? { canUnlock: false, canAddMore: false, canDelete: false } : {};
        void dialogs.openEdit({ table, key: row.key, ...locked });
      }
    },
    [dialogs, table, onOpen, onPick, isReadonly],
  );
}
