import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, type Field } from '@listina/forms';
import { useI18n } from '../../../app/i18n';
import { useSession } from '../../../app/session';
import { useSchema } from '../../../schema-ui/api';
import { labelOf } from '../../../schema-ui/form/labels';
import { DOC_TABLE } from '../doc-api';

const COST_LINES = 'costLines';

type Line = Record<string, unknown>;

const linesOf = (value: unknown): Line[] =>
  Array.isArray(value)
    ? (value as unknown[]).filter(
        (line): line is Line =>
          typeof line === 'object' && line !== null && (line as Line).markForDelete !== true,
      )
    : [];

/**
 * The liquidation data under the preview (spec §2): the document's cost allocation lines, as
 * the form holds them now, in the columns of the schema's costLines grid.
 */
export function Liquidation({ costLines }: { costLines: unknown }) {
  const { t, has } = useI18n();
  const { user } = useSession();
  const schema = useSchema(DOC_TABLE);
  const field = schema.data?.fields.find((item) => item.name === COST_LINES);
  const columns = field?.schema?.fields ?? [];
  const lines = linesOf(costLines);
  const show = (column: Field, value: unknown): string => {
    if (value === null || value === undefined) return '';
    if (column.dataType === 'decimal' && (typeof value === 'string' || typeof value === 'number')) {
      return formatNumber(value, {
        decimalSeparator: user?.localeSettings.decimalSeparator,
        thousandSeparator: user?.localeSettings.thousandSeparator,
      });
    }
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };

  return (
    <Box component="section" sx={{ p: 1 }} data-testid="preview-liquidation">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {field ? labelOf(field, schema.data, t, has) : t('work.preview.liquidation')}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary" variant="body2" data-testid="preview-liquidation-empty">
          {t('work.preview.noLiquidation')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.name}>{labelOf(column, field?.schema, t, has)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => (
              <TableRow key={typeof line.id === 'number' ? line.id : index}>
                {columns.map((column) => (
                  <TableCell
                    key={column.name}
                    align={column.dataType === 'decimal' ? 'right' : 'left'}
                  >
                    {show(column, line[column.name])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
