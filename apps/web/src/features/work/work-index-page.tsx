import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TableRecord } from '@listina/contract';
import { canDeleteDoc } from '@listina/forms';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useTiles } from '../../app/tiles';
import { TableGrid } from '../../schema-ui/grid/table-grid';
import { useUrlSearch } from '../../schema-ui/grid/use-url-search';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import {
  DocBulkActions,
  DocBulkSummary,
  DocBulkWarnings,
  useDocBulkActions,
} from './doc-bulk-actions';
import { docStandingOf, useDocActor } from './doc-actor';
import { DOC_TABLE } from './doc-api';
import {
  CreatePaymentOrdersButton,
  DocPaymentOrdersPanel,
  useDocPaymentOrders,
} from './doc-payment-orders';
import { DocFilterBar } from './doc-filter-bar';
import { DocPhoneList } from './doc-phone-list';
import { combineFilters } from './doc-filters';
import { useDocFilters } from './use-doc-filters';

/** spec §2 toolbar search: filterId=search lists what the search text finds, without a tile. */
const SEARCH_FILTER_ID = 'search';
/** The URL query parameter of the list's own filters, `field:value` each (issue 24). */
export const FILTER_PARAM = 'filter';
const NO_FILTER: readonly string[] = [];

/**
 * /o/{organizationId}/work/index (spec §2): the document grid. ?filterId= narrows it by the
 * tile's filter (GET /api/tile), ?search= fills its search box, and the filter bar by the
 * user's saved filters (issue 5); rows open the document.
 */
export function WorkIndexPage() {
  const { organizationId = '' } = useParams();
  const { t } = useI18n();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, onSearchChange] = useUrlSearch();
  const filterId = searchParams.get('filterId') ?? '';
  const urlFilters = searchParams.getAll(FILTER_PARAM);
  const hasTileFilter = filterId !== '' && filterId !== SEARCH_FILTER_ID;
  const tiles = useTiles();
  const tile = hasTileFilter ? tiles.data?.items.find((item) => item.filterId === filterId) : null;
  const bulk = useDocBulkActions();
  const paymentOrders = useDocPaymentOrders();
  const actor = useDocActor();
  // issue 24: by the rule the server refuses by (packages/forms doc-rights).
  const canDeleteRow = useCallback(
    (row: TableRecord) => canDeleteDoc(docStandingOf(row), actor),
    [actor],
  );
  const docFilters = useDocFilters(organizationId, urlFilters.length > 0 ? urlFilters : null);
  const tileFilter = tile?.filter ?? NO_FILTER;
  const ownFilter = docFilters.filter;
  const filter = useMemo(
    () => (ownFilter ? combineFilters(tileFilter, ownFilter) : null),
    [tileFilter, ownFilter],
  );

  // issue 24: the list's filters live in the URL's query (replacing the entry, so Back leaves
  // the list), so a filtered list can be bookmarked and shared, and a reload keeps them.
  const applied = docFilters.filter;
  const urlText = urlFilters.join('\n');
  useEffect(() => {
    if (applied === null || applied.join('\n') === urlText) return;
    setSearchParams(
      (params) => {
        params.delete(FILTER_PARAM);
        for (const item of applied) params.append(FILTER_PARAM, item);
        return params;
      },
      { replace: true },
    );
  }, [applied, urlText, setSearchParams]);
  const openRow = useCallback(
    (row: TableRecord) => void navigate(`/o/${organizationId}/work/edit/${row.key}`),
    [navigate, organizationId],
  );
  const addDocument = useCallback(
    () => void navigate(`/o/${organizationId}/work/edit`),
    [navigate, organizationId],
  );

  // Issue 26: a phone lists the documents as rows a finger taps; the grid needs the width.
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  let grid;
  // The saved filters come first: the list is never asked for unfiltered in between.
  if ((hasTileFilter && tiles.isPending) || !filter) grid = <CenteredProgress />;
  else if (hasTileFilter && tiles.isError) {
    grid = <MessageAlert message={formatApiError(tiles.error, t)} testId="work-index-error" />;
  } else if (isPhone) {
    grid = <DocPhoneList filter={filter} search={search} onOpen={openRow} />;
  } else {
    grid = (
      <TableGrid
        // A new tile starts a new grid; the search box's text is the URL's.
        key={filterId}
        table={DOC_TABLE}
        filter={filter}
        search={search}
        onSearchChange={onSearchChange}
        onOpen={openRow}
        onAdd={addDocument}
        canDeleteRow={canDeleteRow}
        selectionActions={(keys, unselect, rows) => (
          <>
            <DocBulkActions keys={keys} rows={rows} actions={bulk} onDone={unselect} />
            <CreatePaymentOrdersButton keys={keys} orders={paymentOrders} />
          </>
        )}
        height="fill"
      />
    );
  }

  return (
    <Paper
      sx={{ flex: 1, minHeight: 0, p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column' }}
      data-testid="work-index-page"
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('work.documents.title')}
        </Typography>
        {tile && (
          <Typography color="text.secondary" data-testid="work-filter-label">
            {tile.label}
          </Typography>
        )}
        {search && (
          <Typography color="text.secondary" data-testid="work-search-text">
            {t('work.documents.searchFor', [search])}
          </Typography>
        )}
      </Stack>
      {hasTileFilter && tiles.isSuccess && !tile && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="work-filter-unknown">
          {t('work.documents.unknownFilter', [filterId])}
        </Alert>
      )}
      <DocFilterBar filters={docFilters} />
      <MessageAlert message={bulk.error} testId="work-bulk-error" />
      <DocBulkSummary
        summary={bulk.summary}
        onClose={bulk.clearSummary}
        onContinueAnyway={bulk.continueAnyway}
      />
      <DocBulkWarnings actions={bulk} />
      <DocPaymentOrdersPanel orders={paymentOrders} organizationId={organizationId} />
      {grid}
    </Paper>
  );
}
