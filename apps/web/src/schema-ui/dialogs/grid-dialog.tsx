import { lazy, Suspense, useId, useState } from 'react';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import type { TableRecord } from '@listina/contract';
import { GRID_DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { CenteredProgress } from '../../ui/centered-progress';
import { useSchema } from '../api';
import { labelOf } from '../form/labels';
import type { GridDialogParams } from './dialog-context';
import { StackedDialog } from './stacked-dialog';

// The grid is large and only some pages open it in a dialog: it loads with the first one.
const TableGrid = lazy(() =>
  import('../grid/table-grid').then((module) => ({ default: module.TableGrid })),
);

export interface GridDialogProps {
  params: GridDialogParams;
  depth: number;
  /** Called once the dialog has closed, with the picked row if any. */
  onDone: (row: TableRecord | undefined) => void;
}

/** spec §2 grid dialog: a table in a stacked dialog; with `pick`, opening a row picks it. */
export function GridDialog({ params, depth, onDone }: GridDialogProps) {
  const { t, has } = useI18n();
  const titleId = useId();
  const [open, setOpen] = useState(true);
  const [picked, setPicked] = useState<TableRecord | undefined>(undefined);
  const schema = useSchema(params.table).data;
  const title =
    params.title ??
    (schema ? labelOf({ ...schema, name: params.table }, undefined, t, has) : params.table);

  const pick = (row: TableRecord) => {
    setPicked(row);
    setOpen(false);
  };

  return (
    <StackedDialog
      open={open}
      onClose={() => setOpen(false)}
      onExited={() => onDone(picked)}
      maxWidth={GRID_DIALOG_MAX_WIDTH}
      depth={depth}
      labelledBy={titleId}
      testId="grid-dialog"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} sx={{ flex: 1 }}>
          {title}
        </DialogTitle>
        <IconButton aria-label={t('common.close')} onClick={() => setOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent dividers>
        <Suspense fallback={<CenteredProgress />}>
          <TableGrid table={params.table} height="60vh" onPick={params.pick ? pick : undefined} />
        </Suspense>
      </DialogContent>
    </StackedDialog>
  );
}
