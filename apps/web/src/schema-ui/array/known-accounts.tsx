import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Model } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import { accountKey, offeredAccounts, type Row } from './array-rows';
import { useKnownAccounts, type KnownAccount } from './use-known-accounts';

export interface KnownAccountsProps {
  id: string;
  /** The partner being edited. */
  owner: Model;
  /** The table of the account rows (the row schema's id, e.g. partnerBankAccount). */
  rowTable: string;
  rows: readonly Row[];
  /** The text typed in the search box: only accounts whose code holds it are offered. */
  typed: string;
  onAdd: (accounts: Model[]) => unknown;
}

/** What a found account brings into the list; never its default flag (spec §4: one default). */
const valuesOf = ({ account }: KnownAccount): Model => ({
  code: accountKey(account.code),
  bic: account.bic,
  displayText: account.displayText,
});

const detailsOf = ({ account, partner }: KnownAccount): string =>
  [account.bic, account.displayText, partner]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' · ');

/**
 * spec §5 bank account search: the accounts known for the partner that are not in its list
 * yet, matched on the typed text, each added with a button (or all at once).
 */
export function KnownAccounts({ id, owner, rowTable, rows, typed, onAdd }: KnownAccountsProps) {
  const { t } = useI18n();
  const known = useKnownAccounts({ owner, rowTable, enabled: true });
  const titleId = `${id}-title`;
  if (known.error) return <MessageAlert message={formatApiError(known.error, t)} />;
  if (!known.data) {
    return (
      <Typography role="status" variant="body2" color="text.secondary">
        {t('schemaForm.array.searching')}
      </Typography>
    );
  }
  const offered = offeredAccounts(known.data, rows, typed);
  if (offered.length === 0) {
    return (
      <Typography role="status" variant="body2" color="text.secondary">
        {t('schemaForm.array.noKnownAccounts')}
      </Typography>
    );
  }
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} variant="subtitle2" sx={{ flex: 1 }}>
          {t('schemaForm.array.knownAccounts')}
        </Typography>
        {offered.length > 1 && (
          <Button size="small" onClick={() => onAdd(offered.map(valuesOf))}>
            {t('schemaForm.array.addAllKnownAccounts', [String(offered.length)])}
          </Button>
        )}
      </Box>
      <List dense disablePadding aria-labelledby={titleId}>
        {offered.map((found) => {
          const code = accountKey(found.account.code);
          return (
            <ListItem
              key={code}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  aria-label={t('schemaForm.array.addKnownAccount', [code])}
                  onClick={() => onAdd([valuesOf(found)])}
                >
                  {t('schemaForm.array.addAccounts')}
                </Button>
              }
            >
              <ListItemText primary={code} secondary={detailsOf(found)} />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
