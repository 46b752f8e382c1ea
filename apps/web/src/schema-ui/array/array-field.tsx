import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { evaluateCondition, type Field, type Model, type Schema } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { useFormController } from '../form/form-controller';
import { displayText } from '../inputs/text-input';
import { FormFields } from '../form/form-fields';
import { PARTNER_TABLE } from '../api';
import { labelOf } from '../form/labels';
import type { FieldMessage } from '../types';
import {
  addAccounts,
  addRow,
  remainderOf,
  isBankAccountSchema,
  isLiveRow,
  removeRow,
  rowsOf,
  updateRow,
  type Row,
} from './array-rows';
import { BankAccountAdder } from './bank-account-adder';
import { DefaultRowMarker } from './default-row-marker';
import { useRowKeys } from './use-row-keys';

export interface ArrayFieldProps {
  field: Field;
  rowSchema: Schema;
  id: string;
  label: string;
  /** Full path of the array in the form ('bankAccounts'). */
  path: string;
  rows: unknown;
  /** The model holding the array, for the rows' schema condition and read-only flag. */
  model: Model;
  /** The table of that model (its schema's id), e.g. partner. */
  ownerTable?: string;
  readonly: boolean;
  onChange: (rows: Row[]) => void;
}

function MessageLine({ message }: { message: FieldMessage | undefined }) {
  if (!message) return null;
  const isWarning = message.kind === 'warning';
  return (
    <Typography
      variant="caption"
      component="div"
      color={isWarning ? 'warning.main' : 'error'}
      role={isWarning ? undefined : 'alert'}
    >
      {isWarning ? `* ${message.text}` : message.text}
    </Typography>
  );
}

/** Shows which row has the keyboard's focus, over the red outline of a row with a message. */
const focusedRowSx = {
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/**
 * The grid input of a schema form (spec §3 grid, §4 array items): a compact table of the rows
 * with add, edit (a small row form under the row) and delete; rows marked for delete are
 * hidden but kept for saving. Read-only hides every action. From the keyboard (spec §9), the
 * arrows move between rows, Enter edits the focused row and Delete deletes it.
 */
export function ArrayField(props: ArrayFieldProps) {
  const { field, rowSchema, id, label, path, model, onChange } = props;
  const { t, has } = useI18n();
  const controller = useFormController();
  const [editing, setEditing] = useState<number | null>(null);
  const rows = rowsOf(props.rows);
  const schemaReadonly =
    typeof rowSchema.readonly === 'string'
      ? evaluateCondition(rowSchema.readonly, model)
      : rowSchema.readonly === true;
  const readonly = props.readonly || schemaReadonly;
  const columns = rowSchema.fields.filter(
    (item) => item.inputType !== 'grid' && item.visible !== false,
  );
  const live = rows.map((row, index) => ({ row, index })).filter(({ row }) => isLiveRow(row));
  const labelId = `${id}-label`;
  const tableRef = useRef<HTMLTableElement>(null);

  const add = () => {
    // A cost line starts with what is left of the document's total (inputProps.newRowRemainder).
    const next = addRow(rows, rowSchema, remainderOf(rows, rowSchema, model));
    onChange(next);
    setEditing(next.length - 1);
  };
  const remove = (index: number) => {
    onChange(removeRow(rows, index, rowSchema));
    setEditing(null);
  };
  const addFound = (found: Model[]) => {
    const result = addAccounts(rows, found, rowSchema);
    onChange(result.rows);
    return result.skipped;
  };
  const addCodes = (codes: string[]) => addFound(codes.map((code) => ({ code })));
  // Positions are among the rows shown; the actions take the row's index in the array.
  const indexAt = (position: number) => live[position]?.index ?? -1;
  const rowKeys = useRowKeys({
    count: live.length,
    onOpen: readonly ? undefined : (position) => setEditing(indexAt(position)),
    onDelete: readonly ? undefined : (position) => remove(indexAt(position)),
    fallback: tableRef,
  });
  // spec §5 bank account search: a partner's known accounts, read by the rows' own table.
  const search =
    props.ownerTable === PARTNER_TABLE
      ? { owner: model, rowTable: rowSchema.id, rows, onAdd: (found: Model[]) => addFound(found) }
      : undefined;

  return (
    <Box
      data-testid={`array-${field.name}`}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={labelId} variant="subtitle2">
        {label}
      </Typography>
      <MessageLine message={controller.messageAt(path)} />
      <Table
        ref={tableRef}
        size="small"
        role="grid"
        aria-labelledby={labelId}
        // Focused only from code, when the last row was deleted from the keyboard.
        tabIndex={-1}
        sx={{ '& td, & th': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.name}>{labelOf(column, rowSchema, t, has)}</TableCell>
            ))}
            {!readonly && <TableCell align="right">{t('schemaForm.array.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {live.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1}>
                <Typography variant="body2" color="text.secondary">
                  {t('schemaForm.array.empty')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {live.map(({ row, index }, position) => {
            const rowPath = `${path}.${index}.`;
            const hasMessage = controller.hasMessageUnder(rowPath);
            return [
              <TableRow
                key={`row-${index}`}
                {...rowKeys(position)}
                data-testid={`array-${field.name}-row`}
                selected={editing === index}
                sx={[
                  hasMessage && { outline: '1px solid', outlineColor: 'error.main' },
                  focusedRowSx,
                ]}
              >
                {columns.map((column, columnIndex) => (
                  <TableCell key={column.name}>
                    {column.inputType === 'checkbox' || column.dataType === 'bool'
                      ? row[column.name] === true && (
                          <CheckIcon
                            fontSize="small"
                            titleAccess={labelOf(column, rowSchema, t, has)}
                          />
                        )
                      : displayText(column, row[column.name])}
                    {columnIndex === 0 && row.isDefaultModel === true && <DefaultRowMarker />}
                    <MessageLine message={controller.messageAt(`${rowPath}${column.name}`)} />
                  </TableCell>
                ))}
                {!readonly && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      aria-label={t('schemaForm.array.edit')}
                      aria-expanded={editing === index}
                      onClick={() => setEditing(editing === index ? null : index)}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('schemaForm.array.delete')}
                      onClick={() => remove(index)}
                    >
                      <DeleteOutlinedIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>,
              editing === index && !readonly && (
                <TableRow key={`editor-${index}`}>
                  <TableCell colSpan={columns.length + 1} sx={{ py: 1.5 }}>
                    <FormFields
                      schema={rowSchema}
                      model={row}
                      pathPrefix={rowPath}
                      onChange={(next) => onChange(updateRow(rows, index, next))}
                    />
                    <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing(null)}>
                      {t('schemaForm.array.done')}
                    </Button>
                  </TableCell>
                </TableRow>
              ),
            ];
          })}
        </TableBody>
      </Table>
      {!readonly && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box>
            <Button size="small" startIcon={<AddIcon />} onClick={add}>
              {rowSchema.addLabelId ? t(rowSchema.addLabelId) : t('schemaForm.array.add')}
            </Button>
          </Box>
          {isBankAccountSchema(rowSchema) && (
            <BankAccountAdder id={`${id}-find`} onAdd={addCodes} search={search} />
          )}
        </Box>
      )}
    </Box>
  );
}
