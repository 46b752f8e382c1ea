import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useI18n } from '../../app/i18n';
import { useFormatAmount } from './report-format';

/**
 * A column of a report's table, described as data: its header, how a line fills its cell,
 * and whether it holds figures (set right, never wrapped). The first column with rowHeader
 * names the line for a screen reader (a th of scope row).
 */
export interface ReportColumn<L> {
  header: string;
  cell: (line: L) => ReactNode;
  numeric?: boolean;
  rowHeader?: boolean;
  /** The cell's data-testid, for tests that read one figure of a line. */
  testId?: string;
}

/** A line of a report's table: what its cells are read from, and how it is told apart. */
export interface ReportLine<L> {
  key: string;
  line: L;
  testId: string;
  /** A totals line, set in bold. */
  total?: boolean;
}

const numberCell = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
const totalRow = { '& td, & th': { fontWeight: 'bold' } } as const;

/**
 * The table behind a report's chart (issue 27): the columns as data, so every report's table
 * is drawn alike and a chart's aria-describedby can point to it by id.
 */
export function ReportTable<L>(props: {
  id: string;
  label: string;
  testId: string;
  columns: readonly ReportColumn<L>[];
  lines: readonly ReportLine<L>[];
}) {
  return (
    <TableContainer sx={{ mb: 2 }}>
      <Table size="small" id={props.id} aria-label={props.label} data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {props.columns.map((column, index) => (
              <TableCell key={index} sx={column.numeric ? numberCell : undefined}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.lines.map(({ key, line, testId, total }) => (
            <TableRow key={key} sx={total ? totalRow : undefined} data-testid={testId}>
              {props.columns.map((column, index) => (
                <TableCell
                  key={index}
                  component={column.rowHeader ? 'th' : 'td'}
                  scope={column.rowHeader ? 'row' : undefined}
                  sx={column.numeric ? numberCell : undefined}
                  data-testid={column.testId}
                >
                  {column.cell(line)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A figure that opens what it counts. A zero counts nothing, so it stays plain text: a link to
 * an empty list would only add stops for a keyboard or a screen reader. Without a place to
 * open (what no list can show), it is plain text too.
 */
export function FigureLink(props: {
  value: string | number;
  text: string;
  to?: string | undefined;
  label?: string | undefined;
}) {
  if (props.to === undefined || Number(props.value) === 0) return <>{props.text}</>;
  return (
    <Link component={RouterLink} to={props.to} aria-label={props.label}>
      {props.text}
    </Link>
  );
}

/** An amount in its currency, as a link to the documents it counts when given one. */
export function AmountLink(props: {
  amount: string;
  currency: string;
  to?: string | undefined;
  /** The link's name: given the formatted amount, says what it opens. */
  label?: (formatted: string) => string;
}) {
  const format = useFormatAmount();
  const text = format(props.amount, props.currency);
  return <FigureLink value={props.amount} text={text} to={props.to} label={props.label?.(text)} />;
}

export function Empty({ testId, text }: { testId: string; text?: string }) {
  const { t } = useI18n();
  return (
    <Typography color="text.secondary" sx={{ py: 2 }} data-testid={testId}>
      {text ?? t('reports.empty')}
    </Typography>
  );
}

/** The heading of a report's second or later table, so that a printed page names each. */
export function TableHeading({ text }: { text: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 2, breakAfter: 'avoid' }}>
      {text}
    </Typography>
  );
}
