import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useI18n } from '../../app/i18n';

interface BankAccountAdderProps {
  id: string;
  /** Adds the typed accounts; returns the codes that were already in the list. */
  onAdd: (codes: string[]) => string[];
}

/**
 * Adds bank accounts by their IBANs, several at once (one a line, or separated by commas or
 * semicolons); those already in the list are reported, not added twice (spec §5).
 */
export function BankAccountAdder({ id, onAdd }: BankAccountAdderProps) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');

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

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={id}
        size="small"
        fullWidth
        label={t('schemaForm.array.findAccounts')}
        value={text}
        helperText={note || t('schemaForm.array.findAccountsHint')}
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
    </Box>
  );
}
