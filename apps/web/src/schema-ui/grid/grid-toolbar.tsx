import { memo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import SearchIcon from '@mui/icons-material/Search';
import ColumnsIcon from '@mui/icons-material/ViewColumnOutlined';
import { useI18n } from '../../app/i18n';

interface GridToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  selectedCount: string | null;
  /** Add and import (spec §5: absent from read-only grids and tables without new records). */
  canCreate: boolean;
  /** Delete of the selected rows. */
  canDelete: boolean;
  onAdd: () => void;
  onDeleteSelected: () => void;
  onExport: () => void;
  onImport: () => void;
  /** Opens the column chooser (issue 24). */
  onChooseColumns: () => void;
  /** The caller's actions for the selected rows, after the grid's own. */
  extraActions?: ReactNode;
  /** The row count, or other status, at the end of the bar. */
  status: ReactNode;
}

/** Search box and the grid's actions; those the user may not take are absent. */
export function GridToolbar({ status, extraActions, ...actions }: GridToolbarProps) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <ToolbarActions {...actions} />
      {extraActions}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ ml: 'auto' }}
        aria-live="polite"
        data-testid="grid-status"
      >
        {status}
      </Typography>
    </Stack>
  );
}

/**
 * Memoised apart from the status, which changes with every page of rows: a page arriving
 * renders the status again, not the search field and the buttons.
 */
const ToolbarActions = memo(function ToolbarActions(
  props: Omit<GridToolbarProps, 'status' | 'extraActions'>,
) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        size="small"
        type="search"
        label={t('grid.search')}
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'data-testid': 'grid-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: 220 }}
      />
      {props.canCreate && (
        <Button startIcon={<AddIcon />} onClick={props.onAdd} data-testid="grid-add">
          {t('grid.add')}
        </Button>
      )}
      {props.canDelete && props.selectedCount !== null && (
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          onClick={props.onDeleteSelected}
          data-testid="grid-delete-selected"
        >
          {t('grid.deleteSelected', [props.selectedCount])}
        </Button>
      )}
      <Button startIcon={<DownloadIcon />} onClick={props.onExport} data-testid="grid-export">
        {t('grid.export')}
      </Button>
      {props.canCreate && (
        <Button startIcon={<UploadIcon />} onClick={props.onImport} data-testid="grid-import">
          {t('grid.import')}
        </Button>
      )}
      <Button
        startIcon={<ColumnsIcon />}
        onClick={props.onChooseColumns}
        aria-haspopup="dialog"
        data-testid="grid-columns"
      >
        {t('grid.columns')}
      </Button>
    </>
  );
});
