import type { ComponentType } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useI18n } from '../../app/i18n';
import type { MessageGroup } from '../types';
import { MESSAGE_GROUPS, type SummaryMessage } from './server-messages';

const GROUP_LOOK: Record<
  MessageGroup,
  { severity: AlertColor; Icon: ComponentType<SvgIconProps> }
> = {
  comment: { severity: 'info', Icon: ChatBubbleOutlineIcon },
  error: { severity: 'error', Icon: ErrorOutlineIcon },
  warning: { severity: 'warning', Icon: WarningAmberIcon },
  notification: { severity: 'success', Icon: NotificationsNoneIcon },
};

/** A summary line: warnings carry the * prefix (spec §5); showAll lines name their field. */
export function summaryText(message: SummaryMessage, fieldLabel?: string): string {
  const text = message.group === 'warning' ? `* ${message.text}` : message.text;
  return fieldLabel ? `${fieldLabel}: ${text}` : text;
}

interface MessageSummaryProps {
  messages: readonly SummaryMessage[];
  /** The label of a field path, for lines that name a field (showAll). */
  labelOf: (path: string) => string | undefined;
  testId?: string;
}

/** spec §5: messages grouped into comments, errors, warnings and notifications, with icons. */
export function MessageSummary({ messages, labelOf, testId }: MessageSummaryProps) {
  const { t } = useI18n();
  if (messages.length === 0) return null;
  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {MESSAGE_GROUPS.map((group) => {
        const lines = messages.filter((message) => message.group === group);
        if (lines.length === 0) return null;
        const { severity, Icon } = GROUP_LOOK[group];
        const groupTestId = testId ? `${testId}-${group}` : undefined;
        return (
          <Alert
            key={group}
            severity={severity}
            // Its own test id, so that a test tells which group shows which icon.
            icon={
              <Icon
                fontSize="inherit"
                data-testid={groupTestId ? `${groupTestId}-icon` : undefined}
              />
            }
            data-testid={groupTestId}
          >
            <AlertTitle>{t(`schemaForm.group.${group}`)}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {lines.map((message, index) => (
                <li key={`${index}-${message.text}`}>
                  {summaryText(message, message.field ? labelOf(message.field) : undefined)}
                </li>
              ))}
            </Box>
          </Alert>
        );
      })}
    </Box>
  );
}
