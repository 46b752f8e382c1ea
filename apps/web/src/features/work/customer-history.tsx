import { Link } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDate, formatNumber } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { MessageAlert } from '../../ui/message-alert';
import { useCustomerHistory, type CustomerHistoryInput } from './doc-api';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** spec §7 customerHistory: the partner's other documents, each opening in the editor. */
export function CustomerHistory({
  organizationId,
  input,
}: {
  organizationId: string;
  input: CustomerHistoryInput;
}) {
  const { t } = useI18n();
  const { user } = useSession();
  const history = useCustomerHistory(input);
  const amount = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number'
      ? formatNumber(value, {
          decimalSeparator: user?.localeSettings.decimalSeparator,
          thousandSeparator: user?.localeSettings.thousandSeparator,
        })
      : '';

  return (
    <Box component="section" aria-labelledby="customer-history-title" sx={{ mt: 2 }}>
      <Typography id="customer-history-title" variant="subtitle2" component="h2">
        {t('work.history.title')}
      </Typography>
      {history.isError && (
        <MessageAlert message={formatApiError(history.error, t)} testId="customer-history-error" />
      )}
      {history.data?.items.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="customer-history-empty">
          {t('work.history.none')}
        </Typography>
      )}
      {history.data && history.data.items.length > 0 && (
        // Links, not list items: a div holds them (a list may hold list items alone).
        <List dense component="div" data-testid="customer-history">
          {history.data.items.map((item) => (
            <ListItemButton
              key={item.key}
              component={Link}
              to={`/o/${organizationId}/work/edit/${item.key}`}
            >
              <ListItemText
                primary={item.displayTitle || item.key}
                secondary={[
                  formatDate(text(item.issueDate)),
                  amount(item.totalAmount),
                  item.status ? t(`work.status.${text(item.status)}`) : '',
                ]
                  .filter((part) => part !== '')
                  .join(' · ')}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
