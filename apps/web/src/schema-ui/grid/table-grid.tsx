import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import type { TableRecord } from '@listina/contract';
import { formatNumber, type Schema } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { LOADING_INDICATOR_DELAY_MS, TABLE_SEARCH_DEBOUNCE_MS } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { useSession } from '../../app/session';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import { useSchema, useTableRights, type TableRights } from '../api';
import { useDialogs } from '../dialogs/dialog-context';
import { labelOf } from '../form/labels';
import { fittedWidths, gridColumns, rowColumnNames, shownColumns } from './columns';
import { ColumnChooser } from './column-chooser';
import { DeleteDialog } from './delete-dialog';
import { ExportDialog } from './export-dialog';
import { GridBody, rowDomId, type GridBodyHandle } from './grid-body';
import { nextFocus } from './grid-keys';
import { GridHeader, SELECT_COLUMN_WIDTH } from './grid-header';
import { GridLoadStatus } from './grid-load-status';
import { gridStyles, ROW_HEIGHT } from './grid-styles';
import { GridToolbar } from './grid-toolbar';
import { ImportDialog, ImportFileInput } from './import-dialog';
import { nextSort, type SortKey } from './sort';
import { useDebouncedValue, useDelayedFlag } from '../timing';
import { useGridActions, useOpenRow } from './use-grid-actions';
import { useGridPreferences, type GridPreferences } from './use-grid-preferences';
import { selectedInOrder, useRowSelection } from './use-row-selection';
import { useTableRows } from './use-table-rows';

export interface TableGridProps {
  /** Table name (GET /api/cl/{table}, or /api/{table} for a root table such as doc). */
  table: string;
  /** Fixed list filters, `field:value` each (e.g. a home tile's), sent with every list call. */
  filter?: readonly string[];
  /** The search box's text when the grid opens (spec §2: a search passed on in the query). */
  initialSearch?: string;
  /**
   * The search box's text kept by the page (issue 24: in the URL query, so a search can be
   * bookmarked and survives a reload); each change comes through onSearchChange.
   */
  search?: string;
  onSearchChange?: (text: string) => void;
  /** Enter or double-click on a row; by default the row opens in the edit dialog. */
  onOpen?: (row: TableRecord) => void;
  /** The add button; by default it opens the edit dialog on a new record. */
  onAdd?: () => void;
  /**
   * More toolbar actions for the selected rows (their keys in the grid's order), shown while
   * some are selected; `unselect` drops keys from the selection; `rows` are those of them
   * loaded, as the user sees them (their versions, for an action taken on what was seen).
   */
  selectionActions?: (
    keys: string[],
    unselect: (keys: string[]) => void,
    rows: readonly TableRecord[],
  ) => ReactNode;
  /** A lookup's view-all: Enter or double-click picks the row instead of opening it. */
  onPick?: (row: TableRecord) => void;
  /**
   * Whether this user may delete the row now (an archived document is kept, but for admins):
   * delete is offered only while every selected row that is loaded may go. The server decides
   * anyway; this keeps the grid from offering what it would refuse.
   */
  canDeleteRow?: (row: TableRecord) => boolean;
  /**
   * spec §5: read-only grids hide add, delete and import. A table the user may not change,
   * add to or delete from (GET /api/cl) hides them without being told.
   */
  readonly?: boolean;
  /**
   * Height of the scrolling rows, so the grid never grows past it; 'fill' takes the room
   * left in a flex column of fixed height.
   */
  height?: number | string;
}

const DEFAULT_HEIGHT = 'min(70vh, 760px)';

/** A code-list table as a server-backed grid (spec §2, §9). */
export function TableGrid(props: TableGridProps) {
  const { t } = useI18n();
  const schema = useSchema(props.table);
  const rights = useTableRights(props.table);
  // The user's columns load beside the schema, so the grid never shows others first.
  const preferences = useGridPreferences(props.table);
  if (schema.isError) {
    return <MessageAlert message={formatApiError(schema.error, t)} testId="grid-error" />;
  }
  if (!schema.data || !rights || !preferences.isReady) return <SchemaLoading />;
  return (
    <LoadedGrid
      key={props.table}
      {...props}
      schema={schema.data}
      rights={rights}
      preferences={preferences}
    />
  );
}

/** The width of an element, followed as the window or the layout changes (0 until measured). */
function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** spec §9: a loading indicator only once loading has taken 500 ms. */
function SchemaLoading() {
  const { t } = useI18n();
  const isShown = useDelayedFlag(true, LOADING_INDICATOR_DELAY_MS);
  return isShown ? <CenteredProgress label={t('grid.loading')} /> : null;
}

function LoadedGrid({
  table,
  filter,
  initialSearch,
  search: pageSearch,
  onSearchChange,
  onOpen,
  onAdd: onAddProp,
  onPick,
  canDeleteRow,
  selectionActions,
  readonly,
  height,
  schema,
  rights,
  preferences,
}: TableGridProps & { schema: Schema; rights: TableRights; preferences: GridPreferences }) {
  const { t, has } = useI18n();
  const { user } = useSession();
  const dialogs = useDialogs();
  const gridId = useId();
  const isReadonly = readonly === true || schema.readonly === true || !rights.canWrite;
  const canCreate = !isReadonly && rights.canCreate;
  const canDeleteTable = !isReadonly && rights.canDelete;
  const sortable = useMemo(() => new Set(rights.sortKeys), [rights.sortKeys]);
  const numbers = useMemo(
    () => ({
      decimalSeparator: user?.localeSettings.decimalSeparator,
      thousandSeparator: user?.localeSettings.thousandSeparator,
    }),
    [user],
  );

  const [ownSearch, setOwnSearch] = useState(initialSearch ?? '');
  const search = pageSearch ?? ownSearch;
  const setSearch = useCallback(
    (text: string) => {
      setOwnSearch(text);
      onSearchChange?.(text);
    },
    [onSearchChange],
  );
  const [sort, setSort] = useState<SortKey[]>([]);
  const debouncedSearch = useDebouncedValue(search, TABLE_SEARCH_DEBOUNCE_MS);
  const data = useTableRows(table, debouncedSearch, sort, filter);
  const { rows } = data;

  // The columns of the last rows seen, so that a search without results keeps its columns.
  const names = rowColumnNames(rows);
  const [knownNames, setKnownNames] = useState(names);
  if (names !== null && names !== knownNames) setKnownNames(names);
  const offered = useMemo(
    () => gridColumns(schema, names ?? knownNames, t, has),
    [schema, names, knownNames, t, has],
  );
  const chosen = preferences.choice?.columns ?? null;
  const columns = useMemo(() => shownColumns(offered, chosen), [offered, chosen]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const available = useElementWidth(scrollRef);
  const userWidths = preferences.choice?.widths;
  const widths = useMemo(
    () => fittedWidths(columns, userWidths ?? {}, available - SELECT_COLUMN_WIDTH),
    [columns, userWidths, available],
  );
  const tableWidth = columns.reduce(
    (sum, column) => sum + (widths[column.name] ?? column.defaultWidth),
    SELECT_COLUMN_WIDTH,
  );
  const [isChooserOpen, setChooserOpen] = useState(false);

  // The callbacks handed to the toolbar, header and body stay the same from render to render:
  // those are memoised, and a page of rows arriving re-renders only what shows it.
  const tableRef = useRef<HTMLTableElement>(null);
  const [focusedIndex, setFocusedIndex] = useState(0);
  const { selected, state: selection, toggle, selectAll, unselect } = useRowSelection(rows);
  const mayDelete = (row: TableRecord) => canDeleteRow?.(row) ?? true;
  const canDelete = canDeleteTable && rows.every((row) => !selected.has(row.key) || mayDelete(row));
  const clickRow = useCallback((index: number) => {
    setFocusedIndex(index);
    tableRef.current?.focus();
  }, []);

  const bodyRef = useRef<GridBodyHandle>(null);
  const focused = Math.min(focusedIndex, rows.length - 1);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = data;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const actions = useGridActions({
    table,
    rows,
    selected,
    headers: columns.map((column) => ({ field: column.name, label: column.label })),
    onDeleted: unselect,
  });
  const { askDelete } = actions;
  const [isExportOpen, setExportOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const open = useOpenRow({ table, onOpen, onPick, isReadonly });
  const scrollToTop = useCallback(() => scrollRef.current?.scrollTo?.({ top: 0 }), []);
  const onSearch = useCallback(
    (text: string) => {
      setSearch(text);
      scrollToTop();
    },
    [scrollToTop, setSearch],
  );
  const onSort = useCallback(
    (name: string, additive: boolean) => {
      setSort((old) => nextSort(old, name, additive));
      scrollToTop();
    },
    [scrollToTop],
  );
  const onAdd = useCallback(
    () => (onAddProp ? onAddProp() : void dialogs.openEdit({ table })),
    [dialogs, table, onAddProp],
  );
  const onDeleteSelected = useCallback(
    () => askDelete({ keys: [...selected] }),
    [askDelete, selected],
  );
  const onExport = useCallback(() => setExportOpen(true), [setExportOpen]);
  const onImport = useCallback(() => fileRef.current?.click(), []);
  const onChooseColumns = useCallback(() => setChooserOpen(true), [setChooserOpen]);
  const focusRow = (index: number) => {
    setFocusedIndex(index);
    bodyRef.current?.scrollToIndex(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Keys typed into a control inside the grid (a checkbox, a resize handle) are its own.
    if (event.target !== event.currentTarget || rows.length === 0) return;
    const row = rows[focused];
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / ROW_HEIGHT));
    const target = nextFocus(event.key, focused, rows.length, pageRows);
    if (target !== null) focusRow(target);
    else if (event.key === 'Enter' && row) open(row);
    else if (event.key === ' ' && row) toggle(row.key);
    else if (event.key === 'Delete' && row && canDeleteTable && mayDelete(row)) {
      askDelete({ keys: [row.key], title: row.displayTitle || row.key });
    } else return;
    event.preventDefault();
  };

  const count = (n: number) => formatNumber(n, { ...numbers, places: 0 });
  const status = data.isPending
    ? ''
    : t(hasNextPage ? 'grid.rowCountMore' : 'grid.rowCount', [count(rows.length)]);
  const problemLabel = (name: string) => {
    const field = schema.fields.find((candidate) => candidate.name === name);
    return field ? labelOf(field, schema, t, has) : name;
  };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, flex: '1 1 auto' }}
      data-testid="table-grid"
    >
      <GridToolbar
        search={search}
        onSearch={onSearch}
        selectedCount={selected.size > 0 ? count(selected.size) : null}
        canCreate={canCreate}
        canDelete={canDelete}
        onAdd={onAdd}
        onDeleteSelected={onDeleteSelected}
        onExport={onExport}
        onImport={onImport}
        onChooseColumns={onChooseColumns}
        extraActions={
          selectionActions && selected.size > 0
            ? selectionActions(
                selectedInOrder(rows, selected),
                unselect,
                rows.filter((row) => selected.has(row.key)),
              )
            : null
        }
        status={status}
      />
      <MessageAlert
        message={
          preferences.saveError
            ? t('grid.columns.saveFailed', [formatApiError(preferences.saveError, t)])
            : null
        }
        testId="grid-columns-error"
      />
      <GridLoadStatus
        isLoadingShown={data.isLoadingShown}
        error={data.error}
        canClearSort={sort.length > 0}
        onClearSort={() => setSort([])}
      />
      <Box
        ref={scrollRef}
        sx={{
          ...(height === 'fill'
            ? { flex: '1 1 auto', minHeight: 5 * ROW_HEIGHT }
            : { height: height ?? DEFAULT_HEIGHT }),
          overflow: 'auto',
          bgcolor: 'background.paper',
        }}
      >
        <Table
          ref={tableRef}
          stickyHeader
          size="small"
          role="grid"
          aria-label={labelOf({ ...schema, name: table }, schema, t, has)}
          aria-rowcount={hasNextPage ? -1 : rows.length + 1}
          aria-multiselectable
          aria-activedescendant={focused >= 0 ? rowDomId(gridId, focused) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          sx={gridStyles(tableWidth)}
          data-testid="grid-table"
        >
          <GridHeader
            columns={columns}
            widths={widths}
            onResize={preferences.setWidth}
            sort={sort}
            sortable={sortable}
            onSort={onSort}
            selection={selection}
            onSelectAll={selectAll}
            canSelect={rows.length > 0}
          />
          <GridBody
            ref={bodyRef}
            gridId={gridId}
            rows={rows}
            columns={columns}
            numbers={numbers}
            selected={selected}
            focusedIndex={focused}
            canLoadMore={hasNextPage && !isFetchingNextPage}
            onLoadMore={loadMore}
            onRowClick={clickRow}
            onRowActivate={open}
            onToggle={toggle}
          />
        </Table>
        {!data.isPending && rows.length === 0 && !data.error && (
          <Box sx={{ p: 2, color: 'text.secondary' }} data-testid="grid-empty">
            {search.trim() ? t('grid.noMatch', [search.trim()]) : t('grid.empty')}
          </Box>
        )}
      </Box>
      {isChooserOpen && (
        <ColumnChooser
          offered={offered}
          shown={columns}
          onChange={preferences.setColumns}
          onReset={preferences.reset}
          onClose={() => setChooserOpen(false)}
        />
      )}
      <ImportFileInput ref={fileRef} onChoose={(file) => void actions.importer.check(file)} />
      <DeleteDialog {...actions.deleteDialog} />
      {isExportOpen && (
        <ExportDialog
          open
          selectedCount={selected.size}
          onExport={actions.runExport}
          onClose={() => setExportOpen(false)}
        />
      )}
      <ImportDialog
        state={actions.importer.state}
        numbers={numbers}
        labelOf={problemLabel}
        onConfirm={(ignoreWarnings) => void actions.importer.confirm(ignoreWarnings)}
        onClose={actions.importer.close}
      />
    </Box>
  );
}
