import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useI18n } from '../../app/i18n';
import { KnownAccounts, type KnownAccountsProps } from './known-accounts';

interface BankAccountAdderProps {
  id: string;
  /** Adds the typed accounts; returns the codes that were already in the list. */
  onAdd: (codes: string[]) => string[];
  /** Present when the owner's known accounts can be searched (a partner's accounts). */
  search?: Pick<KnownAccountsProps, 'owner' | 'rowTable' | 'rows' | 'onAdd'>;
}

/**
 * spec §5 bank account search. Adds accounts by their IBANs, several at once (one a line, or
 * separated by commas or semicolons); those already in the list are reported, not added
 * twice. For a partner it also searches the accounts the organisation knows for it and offers
 * those not in the list yet, narrowed by the typed text.
 */
export function BankAccountAdder({ id, onAdd, search }: BankAccountAdderProps) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [isSearching, setSearching] = useState(false);

  const add = () => {
    const codes = text
      .split(/[\n,;]+/)
      .map((code) => code.trim())
      .filter((code) => code !== '');
    if (codes.length === 0) return;
    const skipped = onAdd(codes);
    setText('');
    setNote(skipped.length > 0 ? t('schemaForm.array.accountsPresent', [skipped.join(', ')]) : '');
  };
  const hint = search ? t('schemaForm.array.searchAccountsHint') : '';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          id={id}
          size="small"
          fullWidth
          label={t('schemaForm.array.findAccounts')}
          value={text}
          helperText={note || [t('schemaForm.array.findAccountsHint'), hint].join(' ').trim()}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outlined" onClick={add} sx={{ mt: 0.25, flexShrink: 0 }}>
          {t('schemaForm.array.addAccounts')}
        </Button>
        {search && (
          <Button
            variant="outlined"
            startIcon={<SearchIcon />}
            aria-expanded={isSearching}
            onClick={() => setSearching((on) => !on)}
            sx={{ mt: 0.25, flexShrink: 0 }}
          >
            {t('schemaForm.array.searchAccounts')}
          </Button>
        )}
      </Box>
      {search && isSearching && (
        <KnownAccounts
          id={`${id}-known`}
          owner={search.owner}
          rowTable={search.rowTable}
          rows={search.rows}
          typed={text}
          onAdd={search.onAdd}
        />
      )}
    </Box>
  );
}
