import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import type { IntakeMessage, IntakeResultCode } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { formatDateTime } from '../../schema-ui/grid/columns';

/** How each result stands out: what needs an admin in warning colours, what worked in green. */
export const RESULT_COLOURS: Record<IntakeResultCode, ChipProps['color']> = {
  imported: 'success',
  released: 'success',
  duplicate: 'info',
  quarantined: 'warning',
  skipped: 'default',
  deleted: 'default',
};

interface IntakeMessageRowProps {
  message: IntakeMessage;
  organizationId: string;
  /** Disables the row's actions while one of them runs. */
  busy: boolean;
  onRelease: (message: IntakeMessage) => void;
  onDelete: (message: IntakeMessage) => void;
  onDownload: (message: IntakeMessage) => void;
}

/**
 * One line of the intake log (issue 25): when, from whom, what about, and what became of it —
 * the documents made, the one it duplicates, why it was held back — with what the user may
 * do about it.
 */
export function IntakeMessageRow(props: IntakeMessageRowProps) {
  const { message, organizationId, busy } = props;
  const { t } = useI18n();
  const documentPath = (key: string) => `/o/${organizationId}/work/edit/${key}`;
  return (
    <TableRow data-testid="intake-message" data-result={message.result} data-key={message.key}>
      <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        {formatDateTime(message.receivedAt)}
        {message.mailboxName && (
          <Typography variant="caption" color="text.secondary" component="div">
            {t('intake.page.mailbox', [message.mailboxName])}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
        {message.senderName && <div data-testid="intake-sender-name">{message.senderName}</div>}
        <Typography variant="body2" color="text.secondary" data-testid="intake-sender">
          {message.sender}
        </Typography>
      </TableCell>
      <TableCell
        sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}
        data-testid="intake-subject"
      >
        {message.subject || (
          <Typography component="span" color="text.secondary">
            {t('intake.page.noSubject')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <Chip
          size="small"
          color={RESULT_COLOURS[message.result]}
          label={t(`intake.result.${message.result}`)}
          data-testid="intake-result"
        />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top' }}>
        <MessageDetails message={message} documentPath={documentPath} />
      </TableCell>
      <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          {message.canRelease && (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => props.onRelease(message)}
              data-testid="intake-release"
            >
              {t('intake.page.release')}
            </Button>
          )}
          {message.canDelete && (
            <Button
              size="small"
              color="error"
              disabled={busy}
              onClick={() => props.onDelete(message)}
              data-testid="intake-delete"
            >
              {t('intake.page.delete')}
            </Button>
          )}
          {message.hasEml && (
            <Tooltip title={t('intake.page.eml')}>
              <IconButton
                size="small"
                aria-label={t('intake.page.eml')}
                onClick={() => props.onDownload(message)}
                data-testid="intake-eml"
              >
                <DownloadIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

interface MessageDetailsProps {
  message: IntakeMessage;
  documentPath: (key: string) => string;
}

/** The reason, the notes on left-out attachments, the documents and how often it came. */
function MessageDetails({ message, documentPath }: MessageDetailsProps) {
  const { t } = useI18n();
  return (
    <Stack sx={{ gap: 0.5 }}>
      {message.reasonText && (
        <Typography variant="body2" data-testid="intake-reason">
          {message.reasonText}
        </Typography>
      )}
      {message.notes.map((note, index) => (
        <Typography key={index} variant="body2" color="text.secondary" data-testid="intake-note">
          {note}
        </Typography>
      ))}
      {message.documents.length > 0 && (
        <Box data-testid="intake-documents">
          <Typography component="span" variant="body2">
            {t('intake.page.documents')}{' '}
          </Typography>
          {message.documents.map((document, index) => (
            <Fragment key={document.key}>
              {index > 0 && ', '}
              <Link component={RouterLink} to={documentPath(document.key)} variant="body2">
                {document.title}
              </Link>
            </Fragment>
          ))}
        </Box>
      )}
      {message.duplicateOf && (
        <Box data-testid="intake-duplicate-of">
          <Typography component="span" variant="body2">
            {t('intake.page.duplicateOf')}{' '}
          </Typography>
          <Link component={RouterLink} to={documentPath(message.duplicateOf.key)} variant="body2">
            {message.duplicateOf.title}
          </Link>
        </Box>
      )}
      {message.timesSeen > 1 && (
        <Typography variant="caption" color="text.secondary" data-testid="intake-times-seen">
          {t('intake.page.timesSeen', [message.timesSeen])}
        </Typography>
      )}
    </Stack>
  );
}
