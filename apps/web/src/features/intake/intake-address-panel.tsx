import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import { useIntakeAddress } from './intake-api';

/**
 * The organisation's intake address with a copy button, and whether this installation takes
 * mail itself or mail must be forwarded to one of the organisation's mailboxes.
 */
export function IntakeAddressPanel({ organizationId }: { organizationId: string }) {
  const { t } = useI18n();
  const address = useIntakeAddress(organizationId);
  const [copied, setCopied] = useState<string | null>(null);

  if (address.isError) {
    return (
      <MessageAlert message={formatApiError(address.error, t)} testId="intake-address-error" />
    );
  }
  if (!address.data) return null;
  const { address: text, receivesMail } = address.data;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(t('intake.page.address.copied'));
    } catch (error) {
      // No clipboard (an insecure page) or a refusal: the address stays there to select.
      setCopied(formatApiError(error, t));
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby="intake-address-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id="intake-address-title" variant="subtitle2" component="h2">
        {t('intake.page.address.label')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography
          component="code"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', overflowWrap: 'anywhere' }}
          data-testid="intake-address"
        >
          {text}
        </Typography>
        <Tooltip title={t('intake.page.address.copy')}>
          <IconButton
            size="small"
            aria-label={t('intake.page.address.copy')}
            onClick={() => void copy()}
            data-testid="intake-address-copy"
          >
            <CopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {copied && (
          <Typography variant="body2" color="text.secondary" role="status">
            {copied}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {receivesMail ? t('intake.page.address.help') : t('intake.page.address.notReceiving')}
      </Typography>
    </Box>
  );
}
