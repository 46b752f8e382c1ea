import {
  memo,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
  type RefObject,
} from 'react';
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { TableRecord } from '@listina/contract';
import type { NumberFormatOptions } from '@listina/forms';
import { TABLE_INITIAL_ROWS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { formatCell, type GridColumn } from './columns';
import { BLANK_BOX_PATH, CHECK_PATH, CHECKED_BOX_PATH, ROW_HEIGHT } from './grid-styles';

/**
 * Rows rendered above and below those in view: enough for the compositor to scroll into
 * while the main thread catches up, few enough that a scrollbar drag (a new window of rows
 * every frame) stays cheap.
 */
const OVERSCAN_ROWS = 4;
/** Rows from the end of the loaded ones at which the next page is requested. */
const NEAR_END_ROWS = 50;

export interface GridBodyHandle {
  /** Scrolls as little as needed to show the row (keyboard focus). */
  scrollToIndex: (index: number) => void;
}

interface GridBodyProps {
  ref?: Ref<GridBodyHandle>;
  gridId: string;
  rows: readonly TableRecord[];
  columns: GridColumn[];
  numbers: NumberFormatOptions;
  selected: ReadonlySet<string>;
  focusedIndex: number;
  /** A next page exists and none is loading. */
  canLoadMore: boolean;
  /** Called when the rows shown or the focus come near the end of the loaded rows. */
  onLoadMore: () => void;
  onRowClick: (index: number) => void;
  onRowActivate: (row: TableRecord) => void;
  onToggle: (key: string) => void;
}

export const rowDomId = (gridId: string, index: number) => `${gridId}-row-${index}`;

/**
 * The grid's rows, virtually scrolled (spec §9) in the table's parent element. The virtualizer
 * lives here, and every prop stays the same while scrolling, so that a scroll step re-renders
 * this body and mounts the rows it brings into view, and nothing else of the grid
 * (bench/README.md).
 */
export const GridBody = memo(function GridBody({ ref, ...props }: GridBodyProps) {
  const { rows, columns, focusedIndex, canLoadMore, onLoadMore } = props;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useRowVirtualizer(rows.length, bodyRef);
  useImperativeHandle(
    ref,
    () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }),
    [virtualizer],
  );
  const rowWindow = windowOf(virtualizer, rows.length);

  const lastShown = Math.max(rowWindow.indexes[rowWindow.indexes.length - 1] ?? -1, focusedIndex);
  const isNearEnd = lastShown >= rows.length - NEAR_END_ROWS;
  // Also runs when a page arrives (canLoadMore turns true again) with the user still near
  // the end, as while dragging the scrollbar down.
  useEffect(() => {
    if (canLoadMore && isNearEnd) onLoadMore();
  }, [canLoadMore, isNearEnd, onLoadMore]);

  const span = columns.length + 1;
  return (
    <tbody ref={bodyRef}>
      {rowWindow.paddingTop > 0 && (
        <tr aria-hidden style={{ height: rowWindow.paddingTop }}>
          <td colSpan={span} />
        </tr>
      )}
      {rowWindow.indexes.map((index) => {
        const row = rows[index];
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
            isFocused={focusedIndex === index}
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
    </tbody>
  );
});

/**
 * The rows of a range with the overscan around them, but without it when the rows in view
 * jumped past the previous ones (a scrollbar drag, a long fling): the next frame jumps again,
 * so rows around them would be mounted for nothing.
 */
function jumpAwareRangeExtractor(): (range: Range) => number[] {
  let shown = { start: 0, end: -1, jumped: false };
  return (range) => {
    // Called again for the same rows when a page arrives: the rows around stay as they were.
    if (range.startIndex !== shown.start || range.endIndex !== shown.end) {
      const rowsInView = range.endIndex - range.startIndex;
      const jumped = Math.abs(range.startIndex - shown.start) > rowsInView;
      shown = { start: range.startIndex, end: range.endIndex, jumped };
    }
    return defaultRangeExtractor(shown.jumped ? { ...range, overscan: 0 } : range);
  };
}

function useRowVirtualizer(count: number, bodyRef: RefObject<HTMLElement | null>) {
  // The same function for the virtualizer's lifetime: it runs once for each new range.
  const [rangeExtractor] = useState(jumpAwareRangeExtractor);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render only
  return useVirtualizer({
    rangeExtractor,
    count,
    // Found from the body's own element: a ref of the scroll box, an ancestor, is not yet set
    // when this component's layout effects run on mount.
    getScrollElement: () => bodyRef.current?.closest('table')?.parentElement ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 0, height: TABLE_INITIAL_ROWS * ROW_HEIGHT },
  });
}

interface RowWindow {
  /** Indexes of the rows to render, in order. */
  indexes: number[];
  paddingTop: number;
  paddingBottom: number;
}

/**
 * The first 20 rows render at once, before the scroll box is measured; then only the rows in
 * view and a margin around them.
 */
function windowOf(virtualizer: Virtualizer<HTMLElement, Element>, count: number): RowWindow {
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    // Not measured (hidden, or no layout at all): the first rows, without spacers.
    const shown = Math.min(count, TABLE_INITIAL_ROWS);
    return { indexes: [...Array(shown).keys()], paddingTop: 0, paddingBottom: 0 };
  }
  return {
    indexes: items.map((item) => item.index),
    paddingTop: first.start,
    paddingBottom: Math.max(0, virtualizer.getTotalSize() - last.end),
  };
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

/**
 * One row of plain elements styled by the table's class names (gridStyles): a scroll mounts
 * dozens of rows, and styled components or inline SVG in each cost frames. Memoised and keyed
 * by the record's key, so that rows already in view are not rendered again.
 */
const GridRow = memo(function GridRow(props: GridRowProps) {
  const { t } = useI18n();
  const { row, index } = props;
  const title = row.displayTitle || row.key;
  // spec §3 isDefaultModel (issue 24): the default record (a VAT rate) marked as nested grids
  // mark theirs (DefaultRowMarker), drawn here as a plain element like the rest of the row.
  const marker = row.isDefaultModel === true && (
    <span className="grid-default" title={t('grid.defaultRowHint')} data-testid="grid-default-row">
      {t('grid.defaultRow')}
    </span>
  );
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
      {props.columns.map((column, columnIndex) => {
        const value = row[column.name];
        const mark = columnIndex === 0 && marker;
        if (column.kind === 'bool') {
          const yes = t('grid.yes');
          return (
            <td key={column.name} className="grid-bool">
              {value === true && (
                <svg viewBox="0 0 24 24" focusable="false" role="img">
                  <title>{yes}</title>
                  <path d={CHECK_PATH} />
                </svg>
              )}
              {mark}
            </td>
          );
        }
        // A reference by id or key reads as the server's text of it (spec §3 <field>Cb).
        const shown = row[`${column.name}Cb`];
        const text =
          typeof shown === 'string' && shown !== ''
            ? shown
            : formatCell(column, value, props.numbers);
        return (
          <td
            key={column.name}
            className={column.kind === 'number' ? 'grid-number' : undefined}
            title={text}
          >
            {text}
            {mark}
          </td>
        );
      })}
    </tr>
  );
});
