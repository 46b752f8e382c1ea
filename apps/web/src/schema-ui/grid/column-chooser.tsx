import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import { useI18n } from '../../app/i18n';
import { MessageAlert } from '../../ui/message-alert';
import type { GridColumn } from './columns';

interface ColumnChooserProps {
  /** Every column the grid offers, in the table's default order. */
  offered: readonly GridColumn[];
  /** The columns shown now, in their order. */
  shown: readonly GridColumn[];
  /** The columns to show, in order (saved by the caller). */
  onChange: (columns: string[]) => void;
  onReset: () => void;
  onClose: () => void;
}

/** The shown columns in their order, then the others in the table's order. */
const orderOf = (offered: readonly GridColumn[], shown: readonly GridColumn[]) => {
  const names = shown.map((column) => column.name);
  return [...names, ...offered.map((c) => c.name).filter((name) => !names.includes(name))];
};

/**
 * The grid's column chooser (issue 24): a checkbox per column to show or hide it and buttons
 * to move it up or down, all reachable by keyboard, and a reset to the table's defaults. Each
 * change applies and is saved at once.
 */
export function ColumnChooser({ offered, shown, onChange, onReset, onClose }: ColumnChooserProps) {
  const { t } = useI18n();
  const id = useId();
  const [order, setOrder] = useState(() => orderOf(offered, shown));
  const [isLastOne, setLastOne] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  const shownNames = new Set(shown.map((column) => column.name));
  const byName = new Map(offered.map((column) => [column.name, column]));

  // A moved row's button keeps the focus, so it can be moved again with the keyboard.
  useEffect(() => {
    if (focus) document.getElementById(focus)?.focus();
  }, [focus, order]);

  const apply = (names: string[], checked: ReadonlySet<string>) =>
    onChange(names.filter((name) => checked.has(name)));

  const toggle = (name: string) => {
    const checked = new Set(shownNames);
    if (checked.has(name)) {
      if (checked.size === 1) {
        setLastOne(true);
        return;
      }
      checked.delete(name);
    } else checked.add(name);
    setLastOne(false);
    // The shown columns stay on top in their order (one switched on joins them last), so
    // moving one up or down always changes the grid.
    const shownFirst = [...order.filter((n) => checked.has(n) && n !== name)];
    if (checked.has(name)) shownFirst.push(name);
    const next = [...shownFirst, ...order.filter((n) => !checked.has(n))];
    setOrder(next);
    apply(next, checked);
  };

  const move = (index: number, by: -1 | 1, buttonId: string) => {
    const target = index + by;
    if (target < 0 || target >= order.length) return;
    const next = [...order];
    [next[index], next[target]] = [next[target] ?? '', next[index] ?? ''];
    setOrder(next);
    setFocus(buttonId);
    apply(next, shownNames);
  };

  const reset = () => {
    setOrder(
      orderOf(
        offered,
        offered.filter((column) => column.isDefault),
      ),
    );
    setLastOne(false);
    onReset();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      data-testid="grid-columns-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('grid.columns.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-hint`} sx={{ mb: 1 }}>
          {t('grid.columns.hint')}
        </DialogContentText>
        {isLastOne && (
          <MessageAlert
            message={t('grid.columns.atLeastOne')}
            severity="warning"
            testId="grid-columns-last"
          />
        )}
        <List dense disablePadding>
          {order.map((name, index) => {
            const column = byName.get(name);
            if (!column) return null;
            const upId = `${id}-up-${name}`;
            const downId = `${id}-down-${name}`;
            return (
              <ListItem
                key={name}
                disableGutters
                data-testid={`grid-columns-item-${name}`}
                secondaryAction={
                  <>
                    <IconButton
                      id={upId}
                      size="small"
                      disabled={index === 0}
                      onClick={() => move(index, -1, upId)}
                      aria-label={t('grid.columns.moveUp', [column.label])}
                      data-testid={`grid-columns-up-${name}`}
                    >
                      <ArrowUpIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      id={downId}
                      size="small"
                      disabled={index === order.length - 1}
                      onClick={() => move(index, 1, downId)}
                      aria-label={t('grid.columns.moveDown', [column.label])}
                      data-testid={`grid-columns-down-${name}`}
                    >
                      <ArrowDownIcon fontSize="small" />
                    </IconButton>
                  </>
                }
                sx={{ pr: 10 }}
              >
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={shownNames.has(name)}
                      onChange={() => toggle(name)}
                      slotProps={{
                        input: { 'data-testid': `grid-columns-show-${name}` } as object,
                      }}
                    />
                  }
                  label={column.label}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={reset} data-testid="grid-columns-reset">
          {t('grid.columns.reset')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="grid-columns-done">
          {t('grid.columns.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
