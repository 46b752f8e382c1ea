import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LibraryAddOutlinedIcon from '@mui/icons-material/LibraryAddOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { ReactElement } from 'react';
import { useI18n } from '../../app/i18n';

export interface HeaderButtons {
  /** null: no lock toggle; true/false: locked or unlocked now. */
  locked: boolean | null;
  /** The lock toggle can be used now (not while unsaved changes or a request). */
  lockEnabled: boolean;
  canAddMore: boolean;
  canDelete: boolean;
  /** null: the schema offers no preview; else whether it is shown. */
  previewing: boolean | null;
  busy: boolean;
}

interface EditDialogHeaderProps extends HeaderButtons {
  titleId: string;
  title: string;
  onToggleLock: () => void;
  onAddAnother: () => void;
  onDelete: () => void;
  onTogglePreview: () => void;
  onClose: () => void;
}

function HeaderButton(props: {
  label: string;
  testId: string;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
  icon: ReactElement;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          aria-label={props.label}
          aria-pressed={props.pressed}
          data-testid={props.testId}
          disabled={props.disabled}
          onClick={props.onClick}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** spec §2: the edit dialog's header: title, lock toggle, add another, delete, preview, close. */
export function EditDialogHeader(props: EditDialogHeaderProps) {
  const { t } = useI18n();
  const { locked, previewing, busy } = props;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pr: 1 }}>
      <DialogTitle id={props.titleId} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {props.title}
      </DialogTitle>
      {locked !== null && (
        <HeaderButton
          label={t(locked ? 'schemaForm.dialog.unlock' : 'schemaForm.dialog.lock')}
          testId="edit-dialog-lock"
          pressed={!locked}
          disabled={!props.lockEnabled}
          onClick={props.onToggleLock}
          icon={locked ? <LockOutlinedIcon /> : <LockOpenOutlinedIcon />}
        />
      )}
      {props.canAddMore && (
        <HeaderButton
          label={t('schemaForm.dialog.addAnother')}
          testId="edit-dialog-add-another"
          disabled={busy}
          onClick={props.onAddAnother}
          icon={<LibraryAddOutlinedIcon />}
        />
      )}
      {props.canDelete && (
        <HeaderButton
          label={t('schemaForm.dialog.delete')}
          testId="edit-dialog-delete"
          disabled={busy}
          onClick={props.onDelete}
          icon={<DeleteOutlinedIcon />}
        />
      )}
      {previewing !== null && (
        <HeaderButton
          label={t(previewing ? 'schemaForm.dialog.hidePreview' : 'schemaForm.dialog.preview')}
          testId="edit-dialog-preview"
          pressed={previewing}
          onClick={props.onTogglePreview}
          icon={previewing ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
        />
      )}
      <HeaderButton
        label={t('common.close')}
        testId="edit-dialog-close"
        disabled={busy}
        onClick={props.onClose}
        icon={<CloseIcon />}
      />
    </Box>
  );
}
