import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_DELETE_KEYS,
  type ExportHeader,
  type ImportResponse,
  type TableRecord,
} from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { deleteRecords, invalidateTables } from '../api';
import { useDialogs } from '../dialogs/dialog-context';
import { isWarningsOnly } from '../form/server-messages';
import { useUndo } from '../undo/undo-context';
import type { DeleteRequest } from './delete-dialog';
import type { ExportChoice } from './export-dialog';
import { exportTable } from './table-files';
import { selectedInOrder } from './use-row-selection';
import { useImport } from './use-import';

interface GridActionsInput {
  table: string;
  rows: readonly TableRecord[];
  selected: ReadonlySet<string>;
  headers: ExportHeader[];
  onDeleted: (keys: string[]) => void;
}

/** The items in consecutive batches of at most `size` each. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    batches.push(items.slice(start, start + size));
  return batches;
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
  /** spec §4, §8: the formatted answer of a delete refused with warnings only. */
  const [deleteWarnings, setDeleteWarnings] = useState<string | null>(null);

  const askDelete = useCallback((request: DeleteRequest) => {
    setDeleteError(null);
    setDeleteWarnings(null);
    setDeleteRequest(request);
  }, []);

  const closeDelete = () => {
    setDeleteWarnings(null);
    setDeleteRequest(null);
  };

  /**
   * One confirm for the whole selection, sent in calls of at most MAX_DELETE_KEYS keys (what
   * one delete takes); one undo offer for all of them, saying how many went. When a call is
   * refused, the rows deleted before it stay deleted (and undoable), and the dialog asks
   * about the rest with the server's message. A refusal with warnings only asks in the Error
   * dialog instead; Continue anyway sends the rest again ignoring warnings (spec §4).
   */
  const confirmDelete = async (ignoreWarnings = false) => {
    if (!deleteRequest) return;
    setDeleting(true);
    setDeleteWarnings(null);
    const undoIds: string[] = [];
    const gone: string[] = [];
    let count = 0;
    try {
      for (const keys of batchesOf(deleteRequest.keys, MAX_DELETE_KEYS)) {
        const answer = await deleteRecords(table, keys, ignoreWarnings);
        undoIds.push(answer.undoId);
        gone.push(...keys);
        count += answer.deleted;
      }
      setDeleteRequest(null);
    } catch (error) {
      if (isWarningsOnly(error)) setDeleteWarnings(formatApiError(error, t));
      else setDeleteError(formatApiError(error, t));
      if (gone.length > 0) {
        const deleted = new Set(gone);
        const left = deleteRequest.keys.filter((key) => !deleted.has(key));
        setDeleteRequest({ keys: left });
      }
    } finally {
      setDeleting(false);
    }
    if (gone.length === 0) return;
    undo.offer({ undoIds, kind: 'delete', count, tables: [table] });
    onDeleted(gone);
    await invalidateTables(queryClient, [table]);
  };

  const runExport = ({ selectedOnly, format }: ExportChoice) => {
    const keys = selectedOnly ? selectedInOrder(rows, selected) : undefined;
    return exportTable(table, format, {
      ...(keys ? { keys } : {}),
      // Without columns the server's own list columns are used.
      ...(headers.length > 0 ? { headers } : {}),
    });
  };

  const onImported = (result: ImportResponse) => {
    if (result.undoId) undo.offer({ undoIds: [result.undoId], kind: 'other', tables: [table] });
    void invalidateTables(queryClient, [table]);
  };
  const importer = useImport(table, onImported);

  return {
    deleteDialog: {
      request: deleteRequest,
      isBusy: isDeleting,
      error: deleteError,
      warnings: deleteWarnings,
      onConfirm: () => void confirmDelete(),
      onContinue: () => void confirmDelete(true),
      onClose: closeDelete,
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
