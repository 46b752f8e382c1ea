import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CodeIcon from '@mui/icons-material/Code';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import SendIcon from '@mui/icons-material/Send';
import { PAY_ORDER_MARK_STATES, type TableRecord } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import {
  buildPackages,
  downloadUpn,
  exportOrdersXml,
  markOrders,
  payOrders,
  type OrderMarkState,
} from './payments-api';
import { SplitDialog } from './split-dialog';
import type { PaymentRunner } from './use-payment-runner';

interface OrderActionsProps {
  keys: string[];
  /** The selected rows as loaded: a split names the version of the order it splits. */
  rows: readonly TableRecord[];
  runner: PaymentRunner;
  /** The user may change orders (GET /api/cl canWrite); otherwise only the files are offered. */
  canWrite: boolean;
  /** Rows that left what the grid shows them as (marked, packaged, sent). */
  unselect: (keys: string[]) => void;
}

/**
 * The orders grid's actions on the selected rows (issue 8): mark, split, build packages, pay
 * (the pain.001 file downloads), export the file without sending, print the UPN form.
 */
export function OrderActions({ keys, rows, runner, canWrite, unselect }: OrderActionsProps) {
  const { t } = useI18n();
  const [markAnchor, setMarkAnchor] = useState<HTMLElement | null>(null);
  const [splitting, setSplitting] = useState<{ key: string; version: number } | null>(null);
  const count = keys.length;
  const single = count === 1 ? keys[0] : undefined;
  const singleVersion = rows.find((row) => row.key === single)?.version;
  const disabled = runner.busy !== null;

  const mark = (state: OrderMarkState) => {
    setMarkAnchor(null);
    void runner.run('mark', async () => {
      const result = await markOrders(keys, state);
      await runner.changed(result.undoId);
      return t('payments.done.marked', [result.items.length, t(`payOrder.stateValue.${state}`)]);
    });
  };
  const build = () =>
    void runner.run('build', async () => {
      const result = await buildPackages(keys);
      await runner.changed(result.undoId);
      unselect(keys);
      return t('payments.done.built', [result.items.length]);
    });
  const pay = () =>
    void runner.run('pay', async () => {
      const { filename } = await payOrders({ keys });
      await runner.changed(null);
      unselect(keys);
      return t('payments.done.paid', [filename]);
    });
  const exportXml = () =>
    void runner.run('export', async () => {
      const { filename } = await exportOrdersXml(keys);
      return t('payments.done.downloaded', [filename]);
    });
  const printUpn = (key: string) =>
    void runner.run('upn', async () => {
      const { filename } = await downloadUpn(key);
      return t('payments.done.downloaded', [filename]);
    });

  return (
    <>
      {canWrite && (
        <>
          <Button
            endIcon={<ArrowDropDownIcon />}
            disabled={disabled}
            onClick={(event) => setMarkAnchor(event.currentTarget)}
            aria-haspopup="menu"
            data-testid="payments-mark"
          >
            {t('payments.mark', [count])}
          </Button>
          <Menu
            anchorEl={markAnchor}
            open={markAnchor !== null}
            onClose={() => setMarkAnchor(null)}
          >
            {PAY_ORDER_MARK_STATES.map((state) => (
              <MenuItem
                key={state}
                onClick={() => mark(state)}
                data-testid={`payments-mark-${state}`}
              >
                {t(`payOrder.stateValue.${state}`)}
              </MenuItem>
            ))}
          </Menu>
          <Button
            startIcon={<CallSplitIcon />}
            disabled={disabled || single === undefined || singleVersion === undefined}
            onClick={() =>
              single !== undefined &&
              singleVersion !== undefined &&
              setSplitting({ key: single, version: singleVersion })
            }
            data-testid="payments-split"
          >
            {t('payments.split')}
          </Button>
          <Button
            startIcon={<InventoryIcon />}
            disabled={disabled}
            onClick={build}
            data-testid="payments-build"
          >
            {t('payments.build', [count])}
          </Button>
          <Button
            startIcon={<SendIcon />}
            disabled={disabled}
            onClick={pay}
            data-testid="payments-pay"
          >
            {t('payments.pay', [count])}
          </Button>
        </>
      )}
      <Button
        startIcon={<CodeIcon />}
        disabled={disabled}
        onClick={exportXml}
        data-testid="payments-export"
      >
        {t('payments.exportXml', [count])}
      </Button>
      <Button
        startIcon={<PrintIcon />}
        disabled={disabled || single === undefined}
        onClick={() => single !== undefined && printUpn(single)}
        data-testid="payments-upn"
      >
        {t('payments.upn')}
      </Button>
      {splitting !== null && (
        <SplitDialog
          orderKey={splitting.key}
          version={splitting.version}
          onSplit={async (undoId) => {
            await runner.changed(undoId);
            setSplitting(null);
          }}
          onClose={() => setSplitting(null)}
        />
      )}
    </>
  );
}
