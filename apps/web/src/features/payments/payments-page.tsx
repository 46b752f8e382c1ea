import { useCallback, useMemo } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TableRecord } from '@listina/contract';
import { TOOLBAR_HEIGHT } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { useTableRights } from '../../schema-ui/api';
import { useDialogs } from '../../schema-ui/dialogs/dialog-context';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import { TableGrid } from '../../schema-ui/grid/table-grid';
import { useUrlSearch } from '../../schema-ui/grid/use-url-search';
import { FilterChips } from '../../ui/filter-chips';
import { MessageAlert } from '../../ui/message-alert';
import { OrderActions } from './order-actions';
import { OrderFileActions } from './order-files';
import { orderFilterText } from './order-filter-text';
import { PackageActions } from './package-actions';
import { payOrderHandlers } from './pay-order-handlers';
import { PAY_ORDER_TABLE, PAY_PACKAGE_TABLE } from './payments-api';
import { usePaymentRunner, type PaymentRunner } from './use-payment-runner';

/** The page fills the window below the toolbar and the main area's padding (2 × 16 px). */
const PAGE_HEIGHT = `calc(100vh - ${TOOLBAR_HEIGHT + 32}px)`;

const VIEWS = ['orders', 'packages'] as const;
type View = (typeof VIEWS)[number];

/**
 * /o/{organizationId}/payments and /payments/packages (issue 8): the payment orders and the
 * payment packages as grids of the schema UI, with their actions on the selected rows; an
 * order opens in the edit dialog with the payOrder handlers (recipient, account, type). The
 * orders take `?filter=field:value` from the address, as the documents list does (issue 27).
 */
export function PaymentsPage() {
  const { organizationId = '', view = 'orders' } = useParams();
  const { t } = useI18n();
  const runner = usePaymentRunner();
  if (!(VIEWS as readonly string[]).includes(view)) {
    return <Navigate to={`/o/${organizationId}/payments`} replace />;
  }
  const current = view as View;
  const base = `/o/${organizationId}/payments`;

  return (
    <Paper
      sx={{ height: PAGE_HEIGHT, p: 2, display: 'flex', flexDirection: 'column' }}
      data-testid="payments-page"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('payments.title')}
        </Typography>
        <Tabs value={current} aria-label={t('payments.title')}>
          <Tab
            value="orders"
            label={t('payOrder.title')}
            component={Link}
            to={base}
            data-testid="payments-tab-orders"
          />
          <Tab
            value="packages"
            label={t('payPackage.title')}
            component={Link}
            to={`${base}/packages`}
            data-testid="payments-tab-packages"
          />
        </Tabs>
      </Stack>
      <RunnerMessages runner={runner} />
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        {current === 'orders' ? <OrdersGrid runner={runner} /> : <PackagesGrid runner={runner} />}
      </Box>
    </Paper>
  );
}

function RunnerMessages({ runner }: { runner: PaymentRunner }) {
  const { t } = useI18n();
  return (
    <>
      <MessageAlert message={runner.error} testId="payments-error" />
      {runner.notice && (
        <Alert
          severity="success"
          onClose={runner.clearNotice}
          closeText={t('common.close')}
          sx={{ my: 1 }}
          data-testid="payments-notice"
        >
          {runner.notice}
        </Alert>
      )}
      {runner.warned && (
        <WarningsDialog
          text={runner.warned.text}
          onContinue={runner.continueWarned}
          onCancel={runner.dismissWarned}
          testId="payments-warnings"
        />
      )}
    </>
  );
}

/** The address's list filters, `field:value` each (issue 27: a report's figure opens them). */
export const FILTER_PARAM = 'filter';

/**
 * The payment orders the address's `?filter=` names (the payments report's orders of a state,
 * its bank returns of a reason), as chips in words, each removable; the list asks with them.
 */
function useAddressFilters() {
  const { t, has } = useI18n();
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.getAll(FILTER_PARAM).join('\n');
  const filters = useMemo(() => (text === '' ? [] : text.split('\n')), [text]);
  const remove = useCallback(
    (filter: string) =>
      setSearchParams(
        (params) => {
          const rest = params.getAll(FILTER_PARAM).filter((item) => item !== filter);
          params.delete(FILTER_PARAM);
          for (const item of rest) params.append(FILTER_PARAM, item);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const chips = (
    <FilterChips
      filters={filters}
      describe={(filter) => orderFilterText({ t, has }, filter)}
      onRemove={remove}
      removeLabel={(chip) => t('filters.remove', [chip])}
      testId="payments-filters"
    />
  );
  return { filters, chips };
}

function OrdersGrid({ runner }: { runner: PaymentRunner }) {
  const { t } = useI18n();
  const dialogs = useDialogs();
  const canWrite = useTableRights(PAY_ORDER_TABLE)?.canWrite === true;
  const [search, setSearch] = useUrlSearch();
  const address = useAddressFilters();
  const open = useCallback(
    (row: TableRecord) =>
      void dialogs.openEdit({ table: PAY_ORDER_TABLE, key: row.key, handlers: payOrderHandlers }),
    [dialogs],
  );
  const add = useCallback(
    () => void dialogs.openEdit({ table: PAY_ORDER_TABLE, handlers: payOrderHandlers }),
    [dialogs],
  );
  return (
    <>
      <Stack direction="row" sx={{ gap: 1, my: 1, flexWrap: 'wrap' }}>
        {canWrite ? (
          <OrderFileActions runner={runner} />
        ) : (
          <Alert severity="info" sx={{ flex: 1 }} data-testid="payments-readonly">
            {t('payments.readonly')}
          </Alert>
        )}
      </Stack>
      {address.chips}
      <TableGrid
        table={PAY_ORDER_TABLE}
        filter={address.filters}
        search={search}
        onSearchChange={setSearch}
        onOpen={open}
        onAdd={add}
        selectionActions={(keys, unselect, rows) => (
          <OrderActions
            keys={keys}
            rows={rows}
            runner={runner}
            canWrite={canWrite}
            unselect={unselect}
          />
        )}
        height="fill"
      />
    </>
  );
}

function PackagesGrid({ runner }: { runner: PaymentRunner }) {
  const canWrite = useTableRights(PAY_PACKAGE_TABLE)?.canWrite === true;
  const [search, setSearch] = useUrlSearch();
  return (
    <TableGrid
      table={PAY_PACKAGE_TABLE}
      search={search}
      onSearchChange={setSearch}
      selectionActions={(keys, unselect) => (
        <PackageActions keys={keys} runner={runner} canWrite={canWrite} unselect={unselect} />
      )}
      height="fill"
    />
  );
}
