import { memo, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import TableBody from '@mui/material/TableBody';
import type { SxProps, Theme } from '@mui/material/styles';
import type { TableRecord } from '@listina/contract';
import type { NumberFormatOptions } from '@listina/forms';
import { TABLE_INITIAL_ROWS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { formatCell, type GridColumn } from './columns';

/** Every row has this height, so positions need no measuring (and tests need no layout). */
export const ROW_HEIGHT = 37;
const OVERSCAN_ROWS = 10;
// The icons of MUI's Checkbox and of @mui/icons-material's Check as plain SVG: with the
// styled components, mounting the rows that a scroll brings into view cost twice as much
// (bench/README.md, "Web: the code-list grid").
const BLANK_BOX_PATH =
  'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED_BOX_PATH =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const CHECK_PATH = 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z';

/** Cell styles set once on the table: body cells are plain elements (see GridRow). */
export function gridStyles(width: number): SxProps<Theme> {
  return {
    tableLayout: 'fixed',
    width,
    outline: 'none',
    '& th': { py: 0.5, px: 1 },
    '& td': {
      height: ROW_HEIGHT,
      boxSizing: 'border-box',
      px: 1,
      py: 0,
      borderBottom: 1,
      borderColor: 'divider',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      typography: 'body2',
    },
    '& td.grid-number': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    '& td.grid-select': { p: 0, textAlign: 'center' },
    '& td.grid-bool': { textAlign: 'center' },
    '& td svg': { width: 20, height: 20, fill: 'currentColor', verticalAlign: 'middle' },
    // MUI's small Checkbox drawn with plain elements (see GridRow).
    '& .grid-checkbox': {
      position: 'relative',
      display: 'inline-flex',
      verticalAlign: 'middle',
      p: 0.5,
      borderRadius: '50%',
      color: 'text.secondary',
    },
    '& .grid-checkbox:hover': { bgcolor: 'action.hover' },
    '& .grid-checkbox[data-checked]': { color: 'primary.main' },
    '& .grid-checkbox input': {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      m: 0,
      opacity: 0,
      cursor: 'pointer',
    },
    '& tbody tr:hover': { bgcolor: 'action.hover' },
    '& tbody tr[aria-selected="true"]': { bgcolor: 'action.selected' },
    '&:focus-visible tr[data-focused] td': {
      boxShadow: (theme) =>
        `inset 0 2px 0 ${theme.palette.primary.main}, inset 0 -2px 0 ${theme.palette.primary.main}`,
    },
  };
}

export interface RowWindow {
  /** Indexes of the rows to render, in order. */
  indexes: number[];
  paddingTop: number;
  paddingBottom: number;
  scrollToIndex: (index: number) => void;
}

/**
 * Virtual scrolling (spec §9): the first 20 rows render at once, before the scroll box is
 * measured; then only the rows in view and a margin around them.
 */
export function useRowWindow(count: number, scrollRef: RefObject<HTMLElement | null>): RowWindow {
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render only
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 0, height: TABLE_INITIAL_ROWS * ROW_HEIGHT },
  });
  const items = virtualizer.getVirtualItems();
  const scrollToIndex = (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' });
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    // Not measured (hidden, or no layout at all): the first rows, without spacers.
    const shown = Math.min(count, TABLE_INITIAL_ROWS);
    return { indexes: [...Array(shown).keys()], paddingTop: 0, paddingBottom: 0, scrollToIndex };
  }
  return {
    indexes: items.map((item) => item.index),
    paddingTop: first.start,
    paddingBottom: Math.max(0, virtualizer.getTotalSize() - last.end),
    scrollToIndex,
  };
}

interface GridBodyProps {
  gridId: string;
  rows: readonly TableRecord[];
  window: RowWindow;
  columns: GridColumn[];
  numbers: NumberFormatOptions;
  selected: ReadonlySet<string>;
  focusedIndex: number;
  onRowClick: (index: number) => void;
  onRowActivate: (row: TableRecord) => void;
  onToggle: (key: string) => void;
}

export const rowDomId = (gridId: string, index: number) => `${gridId}-row-${index}`;

export function GridBody(props: GridBodyProps) {
  const { window: rowWindow, columns } = props;
  const span = columns.length + 1;
  return (
    <TableBody>
      {rowWindow.paddingTop > 0 && (
        <tr aria-hidden style={{ height: rowWindow.paddingTop }}>
          <td colSpan={span} />
        </tr>
      )}
      {rowWindow.indexes.map((index) => {
        const row = props.rows[index];
        if (!row) return null;
        return (
          <GridRow
            key={row.key}
            id={rowDomId(props.gridId, index)}
            index={index}
            row={row}
            columns={columns}
            numbers={props.numbers}
            isSelected={props.selected.has(row.key)}
            isFocused={props.focusedIndex === index}
            onClick={props.onRowClick}
            onActivate={props.onRowActivate}
            onToggle={props.onToggle}
          />
        );
      })}
      {rowWindow.paddingBottom > 0 && (
        <tr aria-hidden style={{ height: rowWindow.paddingBottom }}>
          <td colSpan={span} />
        </tr>
      )}
    </TableBody>
  );
}

interface GridRowProps {
  id: string;
  index: number;
  row: TableRecord;
  columns: GridColumn[];
  numbers: NumberFormatOptions;
  isSelected: boolean;
  isFocused: boolean;
  onClick: (index: number) => void;
  onActivate: (row: TableRecord) => void;
  onToggle: (key: string) => void;
}

// Plain cells, plain checkbox: a scroll mounts dozens of rows, and styled components cost frames.
const GridRow = memo(function GridRow(props: GridRowProps) {
  const { t } = useI18n();
  const { row, index } = props;
  const title = row.displayTitle || row.key;
  return (
    <tr
      id={props.id}
      aria-rowindex={index + 2}
      aria-selected={props.isSelected}
      data-focused={props.isFocused || undefined}
      data-testid="grid-row"
      onClick={() => props.onClick(index)}
      onDoubleClick={() => props.onActivate(row)}
    >
      <td className="grid-select" onDoubleClick={(event) => event.stopPropagation()}>
        <span className="grid-checkbox" data-checked={props.isSelected || undefined}>
          <input
            type="checkbox"
            checked={props.isSelected}
            tabIndex={-1}
            onChange={() => props.onToggle(row.key)}
            aria-label={t('grid.selectRow', [title])}
          />
          <svg viewBox="0 0 24 24" focusable="false" aria-hidden>
            <path d={props.isSelected ? CHECKED_BOX_PATH : BLANK_BOX_PATH} />
          </svg>
        </span>
      </td>
      {props.columns.map((column) => {
        const value = row[column.name];
        if (column.kind === 'bool') {
          return (
            <td key={column.name} className="grid-bool">
              {value === true && (
                <svg viewBox="0 0 24 24" focusable="false" role="img">
                  <title>{t('grid.yes')}</title>
                  <path d={CHECK_PATH} />
                </svg>
              )}
            </td>
          );
        }
        const text = formatCell(column, value, props.numbers);
        return (
          <td
            key={column.name}
            className={column.kind === 'number' ? 'grid-number' : undefined}
            title={text}
          >
            {text}
          </td>
        );
      })}
    </tr>
  );
});
