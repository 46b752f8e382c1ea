import { useState, type FormEvent } from 'react';
import { createSearchParams, useNavigate } from 'react-router';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';
import { useI18n } from '../i18n';

interface SearchBoxProps {
  organizationId: string;
  initial: string;
}

/** spec §2: searching opens the document list filtered by the text. */
export function SearchBox({ organizationId, initial }: SearchBoxProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = createSearchParams({ filterId: 'search', search: text.trim() });
    void navigate(`/o/${organizationId}/work/index?${search.toString()}`);
  };

  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'center', px: 1, width: { xs: 160, sm: 280 } }}
    >
      <SearchIcon fontSize="small" color="action" />
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('toolbar.search')}
        sx={{ ml: 1, flex: 1 }}
        inputProps={{ 'aria-label': t('toolbar.search'), 'data-testid': 'search-box' }}
      />
    </Paper>
  );
}
