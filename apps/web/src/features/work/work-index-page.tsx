import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TableRecord } from '@listina/contract';
import { formatApiError } from '../../api/format-error';
import { useI18n } from '../../app/i18n';
import { useTiles } from '../../app/tiles';
import { TableGrid } from '../../schema-ui/grid/table-grid';
import { CenteredProgress } from '../../ui/centered-progress';
import { MessageAlert } from '../../ui/message-alert';
import {
  DocBulkActions,
  DocBulkSummary,
  DocBulkWarnings,
  useDocBulkActions,
} from './doc-bulk-actions';
import { DOC_TABLE } from './doc-api';
import {
  CreatePaymentOrdersButton,
  DocPaymentOrdersPanel,
  useDocPaymentOrders,
} from './doc-payment-orders';
import { DocFilterBar } from './doc-filter-bar';
import { combineFilters } from './doc-filters';
import { useDocFilters } from './use-doc-filters';

/** spec §2 toolbar search: filterId=search lists what the search text finds, without a tile. */
const SEARCH_FILTER_ID = 'search';
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
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const filterId = searchParams.get('filterId') ?? '';
  const hasTileFilter = filterId !== '' && filterId !== SEARCH_FILTER_ID;
  const tiles = useTiles();
  const tile = hasTileFilter ? tiles.data?.items.find((item) => item.filterId === filterId) : null;
  const bulk = useDocBulkActions();
  const paymentOrders = useDocPaymentOrders();
  const docFilters = useDocFilters(organizationId);
  const tileFilter = tile?.filter ?? NO_FILTER;
  const ownFilter = docFilters.filter;
  const filter = useMemo(
    () => (ownFilter ? combineFilters(tileFilter, ownFilter) : null),
    [tileFilter, ownFilter],
  );

  const openRow = useCallback(
    (row: TableRecord) => void navigate(`/o/${organizationId}/work/edit/${row.key}`),
    [navigate, organizationId],
  );
  const addDocument = useCallback(
    () => void navigate(`/o/${organizationId}/work/edit`),
    [navigate, organizationId],
  );

  let grid;
  // The saved filters come first: the list is never asked for unfiltered in between.
  if ((hasTileFilter && tiles.isPending) || !filter) grid = <CenteredProgress />;
  else if (hasTileFilter && tiles.isError) {
    grid = <MessageAlert message={formatApiError(tiles.error, t)} testId="work-index-error" />;
  } else {
    grid = (
      <TableGrid
        // A new filter or search starts a new grid: its search box takes the new text.
        key={`${filterId}\n${search}`}
        table={DOC_TABLE}
        filter={filter}
        initialSearch={search}
        onOpen={openRow}
        onAdd={addDocument}
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
      sx={{ flex: 1, minHeight: 0, p: 2, display: 'flex', flexDirection: 'column' }}
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
