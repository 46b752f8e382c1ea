import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import StarIcon from '@mui/icons-material/StarBorder';
import {
  DOCUMENT_FILE_TYPES,
  type DocFile,
  type FileTypeCode,
  type PreviewInfo,
} from '@listina/contract';
import { formatApiError } from '../../../api/format-error';
import { useI18n } from '../../../app/i18n';
import { ConfirmDialog } from '../../../schema-ui/dialogs/confirm-dialog';
import { useUndo } from '../../../schema-ui/undo/undo-context';
import { MessageAlert } from '../../../ui/message-alert';
import {
  addDocumentFile,
  deleteDocumentFile,
  makeMainFile,
  moveDocumentFile,
  previewQueryKey,
} from '../doc-api';

const ACCEPT = DOCUMENT_FILE_TYPES.join(',');

/**
 * Each file call answers the document's files afresh, which the preview shows, and its undo
 * id: the usual undo snackbar offers to put the files back (spec §4).
 */
function useFileActions(documentKey: string) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (call: () => Promise<PreviewInfo & { undoId: string }>, isDelete = false) => {
    setBusy(true);
    setError(null);
    try {
      const { undoId, ...preview } = await call();
      queryClient.setQueryData(previewQueryKey(documentKey), preview);
      undo.offer({
        undoIds: [undoId],
        kind: isDelete ? 'delete' : 'other',
        tables: ['doc'],
        afterUndo: () => queryClient.invalidateQueries({ queryKey: previewQueryKey(documentKey) }),
      });
    } catch (failure) {
      setError(formatApiError(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    error,
    add: (file: File, code: FileTypeCode) => run(() => addDocumentFile(documentKey, file, code)),
    remove: (fileKey: string) => run(() => deleteDocumentFile(documentKey, fileKey), true),
    makeMain: (fileKey: string) => run(() => makeMainFile(documentKey, fileKey)),
    moveToAttachments: (fileKey: string) =>
      run(() => moveDocumentFile(documentKey, fileKey, 'attachment')),
  };
}

interface FileActionsProps {
  documentKey: string;
  info: PreviewInfo;
  /** The file of the open tab, if any. */
  file: DocFile | undefined;
}

/**
 * Add a file to the document (the main file when it has none, else an attachment), and for
 * the open file: make it the main file, move it to the attachments, or delete it.
 */
export function FileActions({ documentKey, info, file }: FileActionsProps) {
  const { t } = useI18n();
  const actions = useFileActions(documentKey);
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDeleteAsked, setDeleteAsked] = useState(false);
  const addAs: FileTypeCode = info.documents.length === 0 ? 'main' : 'attachment';

  return (
    <>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', px: 1, py: 0.5 }}>
        <Button
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={actions.busy}
          onClick={() => inputRef.current?.click()}
          data-testid="preview-add-file"
        >
          {t('work.preview.addFile')}
        </Button>
        {file?.fileTypeCode === 'attachment' && (
          <Button
            size="small"
            startIcon={<StarIcon />}
            disabled={actions.busy}
            onClick={() => void actions.makeMain(file.key)}
            data-testid="preview-make-main"
          >
            {t('work.preview.makeMain')}
          </Button>
        )}
        {file?.fileTypeCode === 'main' && (
          <Button
            size="small"
            startIcon={<MoveDownIcon />}
            disabled={actions.busy}
            onClick={() => void actions.moveToAttachments(file.key)}
            data-testid="preview-move-attachment"
          >
            {t('work.preview.moveToAttachments')}
          </Button>
        )}
        {file && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={actions.busy}
            onClick={() => setDeleteAsked(true)}
            data-testid="preview-delete-file"
          >
            {t('work.preview.deleteFile')}
          </Button>
        )}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('work.preview.addFile')}
        data-testid="preview-add-file-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void actions.add(chosen, addAs);
        }}
      />
      <MessageAlert message={actions.error} testId="preview-file-error" />
      {file && (
        <ConfirmDialog
          open={isDeleteAsked}
          title={t('work.preview.deleteFile')}
          text={t('work.preview.deleteConfirm', [file.name])}
          confirmText={t('work.preview.deleteFile')}
          cancelText={t('schemaForm.dialog.cancel')}
          danger
          onConfirm={() => {
            setDeleteAsked(false);
            void actions.remove(file.key);
          }}
          onCancel={() => setDeleteAsked(false)}
          testId="preview-delete-confirm"
        />
      )}
    </>
  );
}
