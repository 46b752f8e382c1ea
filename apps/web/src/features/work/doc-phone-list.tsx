import { useMemo } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TableRecord } from '@listina/contract';
import type { Schema } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { useSchema } from '../../schema-ui/api';
import { formatCell, gridColumns, type GridColumn } from '../../schema-ui/grid/columns';
import { useTableRows } from '../../schema-ui/grid/use-table-rows';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { DOC_TABLE } from './doc-api';

/** What a phone's row shows besides the number and the supplier. */
const SHOWN = [
  'amountDue',
  'totalAmount',
  'currencyCode',
  'dueDate',
  'workflowCurrentStepSystemTileCode',
  'status',
] as const;
type Shown = (typeof SHOWN)[number];

interface DocPhoneListProps {
  filter: readonly string[];
  search: string;
  onOpen: (row: TableRecord) => void;
}

/**
 * Issue 26: the document list on a phone, where the grid's columns cannot fit. A row a finger
 * taps per document (number, supplier, amount due, due date, workflow step) that opens it; the
 * grid's selection, sorting and columns stay on wider screens.
 */
export function DocPhoneList({ filter, search, onOpen }: DocPhoneListProps) {
  const { t } = useI18n();
  const schema = useSchema(DOC_TABLE);
  const rows = useTableRows(DOC_TABLE, search, [], filter);
  if (schema.isError || rows.error) {
    return (
      <MessageAlert
        message={formatApiError(schema.error ?? rows.error, t)}
        testId="doc-phone-list-error"
      />
    );
  }
  if (!schema.data || rows.isPending) return <CenteredProgress label={t('grid.loading')} />;
  return <LoadedList schema={schema.data} rows={rows} onOpen={onOpen} />;
}

function LoadedList({
  schema,
  rows,
  onOpen,
}: {
  schema: Schema;
  rows: ReturnType<typeof useTableRows>;
  onOpen: (row: TableRecord) => void;
}) {
  const { t, has } = useI18n();
  const { user } = useSession();
  const numbers = useMemo(
    () => ({
      decimalSeparator: user?.localeSettings.decimalSeparator,
      thousandSeparator: user?.localeSettings.thousandSeparator,
    }),
    [user],
  );
  // The grid's own formatting (dates, amounts, the step's name in the user's language).
  const columns = useMemo(() => {
    const shown = gridColumns(
      { ...schema, gridColumns: SHOWN.map((name) => ({ name, width: 100 })) },
      null,
      t,
      has,
    );
    return new Map(shown.map((column) => [column.name, column]));
  }, [schema, t, has]);
  const text = (row: TableRecord, name: Shown) => {
    const column: GridColumn | undefined = columns.get(name);
    return column ? formatCell(column, row[name], numbers) : '';
  };

  if (rows.rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }} data-testid="doc-phone-list-empty">
        {t('grid.empty')}
      </Typography>
    );
  }
  return (
    <Stack sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      <List component="div" disablePadding data-testid="doc-phone-list">
        {rows.rows.map((row) => {
          const amount = text(row, 'amountDue') || text(row, 'totalAmount');
          const due = text(row, 'dueDate');
          const step = text(row, 'workflowCurrentStepSystemTileCode') || text(row, 'status');
          const supplier = row.customerKeyCb;
          return (
            <ListItemButton
              key={row.key}
              divider
              onClick={() => onOpen(row)}
              data-testid="doc-phone-row"
            >
              <ListItemText
                primary={
                  <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
                    <span>
                      <strong data-testid="doc-phone-number">{row.number as string}</strong>
                      {typeof supplier === 'string' && supplier !== '' && ` · ${supplier}`}
                    </span>
                    {amount && (
                      <span data-testid="doc-phone-amount">
                        {amount} {text(row, 'currencyCode')}
                      </span>
                    )}
                  </Stack>
                }
                secondary={[due && t('work.phone.due', [due]), step].filter(Boolean).join(' · ')}
                slotProps={{ primary: { component: 'div' } }}
              />
            </ListItemButton>
          );
        })}
      </List>
      {rows.hasNextPage && (
        <Button
          onClick={() => void rows.fetchNextPage()}
          disabled={rows.isFetchingNextPage}
          data-testid="doc-phone-more"
        >
          {t('work.phone.more')}
        </Button>
      )}
    </Stack>
  );
}
