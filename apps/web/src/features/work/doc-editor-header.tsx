import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/TaskAlt';
import PreviewIcon from '@mui/icons-material/VisibilityOutlined';
import { useI18n } from '../../app/i18n';

interface DocEditorHeaderProps {
  organizationId: string;
  title: string;
  /** The server's status code (draft, active, …); null on a new document. */
  status: string | null;
  /** The workflow step (its tile's label) of a document in a workflow. */
  step: string | null;
  /** The workflow actions of a document in a workflow. */
  workflowActions: ReactNode;
  /** Read data (issue 7) of a saved document, and its progress while it runs. */
  captureAction: ReactNode;
  captureProgress: ReactNode;
  canSave: boolean;
  canActivate: boolean;
  /** The side bar's preview is closed: offer to open it again. */
  canShowPreview: boolean;
  /** While a request runs or changes are unsaved (activation takes the saved document). */
  isActivateDisabled: boolean;
  onSave: () => void;
  onActivate: () => void;
  onShowPreview: () => void;
}

/** The editor's title with the document's status and workflow step, and its actions. */
export function DocEditorHeader(props: DocEditorHeaderProps) {
  const { t, has } = useI18n();
  const statusKey = `work.status.${props.status ?? ''}`;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Tooltip title={t('work.edit.backToList')}>
        <IconButton
          component={Link}
          to={`/o/${props.organizationId}/work/index`}
          aria-label={t('work.edit.backToList')}
          data-testid="doc-back"
        >
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="h5" component="h1" data-testid="doc-title">
        {props.title}
      </Typography>
      {props.status && (
        <Chip
          size="small"
          label={has(statusKey) ? t(statusKey) : props.status}
          data-testid="doc-status"
        />
      )}
      {props.step && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={t('wf.step', [props.step])}
          data-testid="doc-wf-step"
        />
      )}
      {props.captureProgress}
      <Stack direction="row" sx={{ gap: 1, ml: 'auto', flexWrap: 'wrap' }}>
        {props.canShowPreview && (
          <Button
            startIcon={<PreviewIcon />}
            onClick={props.onShowPreview}
            data-testid="doc-show-preview"
          >
            {t('work.edit.showPreview')}
          </Button>
        )}
        {props.captureAction}
        {props.canActivate && (
          <Button
            variant="outlined"
            startIcon={<CheckIcon />}
            disabled={props.isActivateDisabled}
            onClick={props.onActivate}
            data-testid="doc-activate"
          >
            {t('work.edit.activate')}
          </Button>
        )}
        {props.workflowActions}
        <Button
          variant="contained"
          disabled={!props.canSave}
          onClick={props.onSave}
          data-testid="doc-save"
        >
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
