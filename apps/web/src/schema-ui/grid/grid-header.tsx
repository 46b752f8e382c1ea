import { memo, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { columnWidth, type GridColumn } from './columns';
import type { SortKey } from './sort';
import type { SelectionState } from './use-row-selection';

export const SELECT_COLUMN_WIDTH = 48;
const TITLE_STYLE = { maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const KEYBOARD_RESIZE_STEP = 10;

interface GridHeaderProps {
  columns: GridColumn[];
  /** Widths the user set, by column name; the others have their default width. */
  widths: Readonly<Record<string, number>>;
  onResize: (name: string, width: number, save: boolean) => void;
  sort: readonly SortKey[];
  /** The columns the list call sorts by (its declared sort keys); the others are plain. */
  sortable: ReadonlySet<string>;
  onSort: (name: string, additive: boolean) => void;
  selection: SelectionState;
  onSelectAll: (selected: boolean) => void;
  canSelect: boolean;
}

/**
 * Header row: select-all, column titles (those of sort keys sort on click; shift adds a key)
 * and resize handles. Memoised: it renders again only when one of these changes, not when the
 * grid scrolls or a page of rows arrives.
 */
export const GridHeader = memo(function GridHeader(props: GridHeaderProps) {
  const { t } = useI18n();
  const { columns, sort, selection } = props;
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox" style={{ width: SELECT_COLUMN_WIDTH }}>
          <Checkbox
            size="small"
            checked={selection === 'all'}
            indeterminate={selection === 'some'}
            disabled={!props.canSelect}
            onChange={(event) => props.onSelectAll(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('grid.selectAll') } }}
            data-testid="grid-select-all"
          />
        </TableCell>
        {columns.map((column) => {
          const width = columnWidth(column, props.widths);
          const index = sort.findIndex((key) => key.field === column.name);
          const key = sort[index];
          return (
            <TableCell
              key={column.name}
              aria-sort={key ? (key.desc ? 'descending' : 'ascending') : undefined}
              align={column.kind === 'number' ? 'right' : 'left'}
              style={{ width }}
              // stickyHeader cells are position: sticky, which also anchors the resize handle.
              sx={{ whiteSpace: 'nowrap' }}
              data-testid={`grid-header-${column.name}`}
            >
              {props.sortable.has(column.name) ? (
                <TableSortLabel
                  active={key !== undefined}
                  direction={key?.desc ? 'desc' : 'asc'}
                  onClick={(event: MouseEvent) => props.onSort(column.name, event.shiftKey)}
                  sx={TITLE_STYLE}
                  title={column.label}
                  data-testid={`grid-sort-${column.name}`}
                >
                  {column.label}
                  {key && sort.length > 1 && (
                    <Box component="sup" sx={{ ml: 0.25 }} aria-hidden>
                      {index + 1}
                    </Box>
                  )}
                </TableSortLabel>
              ) : (
                <Box
                  component="span"
                  title={column.label}
                  sx={{ ...TITLE_STYLE, display: 'inline-block', verticalAlign: 'bottom' }}
                >
                  {column.label}
                </Box>
              )}
              <ResizeHandle
                label={t('grid.resizeColumn', [column.label])}
                width={width}
                onResize={(width, save) => props.onResize(column.name, width, save)}
                testId={`grid-resize-${column.name}`}
              />
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
});

interface ResizeHandleProps {
  label: string;
  width: number;
  onResize: (width: number, save: boolean) => void;
  testId: string;
}

/** The header's right edge: drag it, or focus it and use the arrow keys. */
function ResizeHandle({ label, width, onResize, testId }: ResizeHandleProps) {
  const startDrag = (event: PointerEvent<HTMLElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = width;
    const widthAt = (x: number) => startWidth + x - startX;
    const move = (moved: globalThis.PointerEvent) => onResize(widthAt(moved.clientX), false);
    const end = (ended: globalThis.PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      onResize(widthAt(ended.clientX), true);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: -KEYBOARD_RESIZE_STEP, ArrowRight: KEYBOARD_RESIZE_STEP }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(width + step, true);
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={COLUMN_WIDTH_MIN}
      aria-valuemax={COLUMN_WIDTH_MAX}
      tabIndex={0}
      onPointerDown={startDrag}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        bottom: 0,
        width: 6,
        cursor: 'col-resize',
        touchAction: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'primary.light', outline: 'none' },
      }}
    />
  );
}
