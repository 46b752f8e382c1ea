import Button from '@mui/material/Button';
import SendIcon from '@mui/icons-material/Send';
import { PAY_PACKAGE_MARK_STATES } from '@listina/contract';
import { useI18n } from '../../app/i18n';
import { markPackages, payOrders, type PackageMarkState } from './payments-api';
import type { PaymentRunner } from './use-payment-runner';

interface PackageActionsProps {
  keys: string[];
  runner: PaymentRunner;
  canWrite: boolean;
  unselect: (keys: string[]) => void;
}

/**
 * The packages grid's actions on the selected rows (issue 8): mark them paid, rejected or
 * cancelled (their orders follow), or pay them (the pain.001 file downloads).
 */
export function PackageActions({ keys, runner, canWrite, unselect }: PackageActionsProps) {
  const { t } = useI18n();
  if (!canWrite) return null;
  const disabled = runner.busy !== null;

  const mark = (state: PackageMarkState) =>
    void runner.run('mark', async () => {
      const result = await markPackages(keys, state);
      await runner.changed(result.undoId);
      return t('payments.done.packagesMarked', [
        result.items.length,
        t(`payPackage.stateValue.${state}`),
      ]);
    });
  const pay = () =>
    void runner.run('pay', async () => {
      const { filename } = await payOrders({ packageKeys: keys });
      await runner.changed(null);
      unselect(keys);
      return t('payments.done.paid', [filename]);
    });

  return (
    <>
      {PAY_PACKAGE_MARK_STATES.map((state) => (
        <Button
          key={state}
          disabled={disabled}
          onClick={() => mark(state)}
          data-testid={`packages-mark-${state}`}
        >
          {t('payments.markAs', [t(`payPackage.stateValue.${state}`)])}
        </Button>
      ))}
      <Button startIcon={<SendIcon />} disabled={disabled} onClick={pay} data-testid="packages-pay">
        {t('payments.pay', [keys.length])}
      </Button>
    </>
  );
}
