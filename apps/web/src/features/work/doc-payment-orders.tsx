import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import { MAX_PAYMENT_KEYS, paymentRoutes } from '@listina/contract';
import { callApi } from '../../api/client';
import { formatApiError } from '../../api/format-error';
import { DIALOG_MAX_WIDTH } from '../../app/constants';
import { useI18n } from '../../app/i18n';
import { invalidateTables } from '../../schema-ui/api';
import { WarningsDialog } from '../../schema-ui/dialogs/warnings-dialog';
import { isWarningsOnly } from '../../schema-ui/form/server-messages';
import { useUndo } from '../../schema-ui/undo/undo-context';
import { DOC_TABLE, ignoring } from './doc-api';

type Grouping = 'each' | 'supplier';
/** The orders made change the documents' payment state too. */
const CHANGED_TABLES = ['payOrder', DOC_TABLE];

/** POST /api/payOrder/fromDocuments: orders from approved documents, all or nothing. */
export function createPaymentOrders(keys: string[], grouping: Grouping, ignoreWarnings = false) {
  return callApi(paymentRoutes.fromDocuments, {
    query: ignoring(ignoreWarnings),
    body: { documentKeys: keys, grouping },
  });
}

/**
 * Payment orders from the selected documents (issue 8): the grouping is asked first, warnings
 * (a possible duplicate, a due date passed) offer Continue anyway, and what was made links to
 * the payments page.
 */
export function useDocPaymentOrders() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const undo = useUndo();
  const [asking, setAsking] = useState<string[] | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [warned, setWarned] = useState<{ text: string; again: () => void } | null>(null);

  const create = async (keys: string[], grouping: Grouping, ignoreWarnings = false) => {
    setAsking(null);
    setWarned(null);
    setError(null);
    setCreated(null);
    if (keys.length > MAX_PAYMENT_KEYS) {
      setError(t('work.documents.tooManySelected', [MAX_PAYMENT_KEYS]));
      return;
    }
    setBusy(true);
    try {
      const result = await createPaymentOrders(keys, grouping, ignoreWarnings);
      undo.offer({ undoIds: [result.undoId], kind: 'other', tables: CHANGED_TABLES });
      setCreated(result.items.length);
      await invalidateTables(queryClient, CHANGED_TABLES);
    } catch (failure) {
      if (isWarningsOnly(failure)) {
        const again = () => void create(keys, grouping, true);
        setWarned({ text: formatApiError(failure, t), again });
      } else setError(formatApiError(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return {
    isBusy,
    error,
    created,
    warned,
    asking,
    ask: (keys: string[]) => setAsking(keys),
    cancelAsk: () => setAsking(null),
    create,
    dismissWarned: () => setWarned(null),
    clear: () => {
      setCreated(null);
      setError(null);
    },
  };
}

export type DocPaymentOrders = ReturnType<typeof useDocPaymentOrders>;

/** The selection's button. */
export function CreatePaymentOrdersButton(props: { keys: string[]; orders: DocPaymentOrders }) {
  const { t } = useI18n();
  return (
    <Button
      startIcon={<PaymentsIcon />}
      disabled={props.orders.isBusy}
      onClick={() => props.orders.ask(props.keys)}
      data-testid="work-create-payment-orders"
    >
      {t('work.payments.create', [props.keys.length])}
    </Button>
  );
}

/** The grouping question, the warnings question and the outcome with its link. */
export function DocPaymentOrdersPanel(props: { orders: DocPaymentOrders; organizationId: string }) {
  const { t } = useI18n();
  const { orders } = props;
  return (
    <>
      {orders.error && (
        <Alert
          severity="error"
          onClose={orders.clear}
          sx={{ my: 1, whiteSpace: 'pre-line' }}
          data-testid="work-payment-orders-error"
        >
          {orders.error}
        </Alert>
      )}
      {orders.created !== null && (
        <Alert
          severity="success"
          onClose={orders.clear}
          closeText={t('common.close')}
          sx={{ my: 1 }}
          data-testid="work-payment-orders-created"
          action={
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={`/o/${props.organizationId}/payments`}
              data-testid="work-payment-orders-open"
            >
              {t('work.payments.open')}
            </Button>
          }
        >
          {t('work.payments.created', [orders.created])}
        </Alert>
      )}
      {orders.asking && (
        <GroupingDialog
          onCreate={(grouping) => void orders.create(orders.asking ?? [], grouping)}
          onCancel={orders.cancelAsk}
        />
      )}
      {orders.warned && (
        <WarningsDialog
          text={orders.warned.text}
          onContinue={orders.warned.again}
          onCancel={orders.dismissWarned}
          testId="work-payment-orders-warnings"
        />
      )}
    </>
  );
}

function GroupingDialog(props: { onCreate: (grouping: Grouping) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const labelId = useId();
  const [grouping, setGrouping] = useState<Grouping>('each');
  return (
    <Dialog
      open
      onClose={props.onCancel}
      maxWidth={false}
      fullWidth
      aria-labelledby={titleId}
      data-testid="work-payment-orders-dialog"
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('work.payments.title')}</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={labelId}>{t('work.payments.grouping')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={grouping}
            onChange={(event) =>
              setGrouping(event.target.value === 'supplier' ? 'supplier' : 'each')
            }
          >
            <FormControlLabel value="each" control={<Radio />} label={t('work.payments.each')} />
            <FormControlLabel
              value="supplier"
              control={<Radio />}
              label={t('work.payments.supplier')}
            />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} data-testid="work-payment-orders-cancel">
          {t('schemaForm.dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => props.onCreate(grouping)}
          data-testid="work-payment-orders-confirm"
        >
          {t('work.payments.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
