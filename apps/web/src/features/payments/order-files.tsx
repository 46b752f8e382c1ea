import { useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import StatementIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { StatementResponse, UploadResponse } from '@listina/contract';
import { formatNumber } from '@listina/forms';
import { useI18n } from '../../app/i18n';
import { importStatement, uploadOrders } from './payments-api';
import type { PaymentRunner } from './use-payment-runner';

type FileResult =
  { kind: 'upload'; result: UploadResponse } | { kind: 'statement'; result: StatementResponse };

const ORDER_FILE_TYPES = '.xml,.csv,.xlsx,.png,.jpg,.jpeg,.pdf';
const STATEMENT_FILE_TYPES = '.xml';

/**
 * Orders from files (POST /api/payOrder/upload: pain.001, CSV, XLSX, UPN QR images or PDFs)
 * and bank statements (POST /api/payOrder/statement: camt.053 or camt.054), each answered
 * with what it did: the orders made, row by row; the orders paid and rejected, and the
 * entries that matched none.
 */
export function OrderFileActions({ runner }: { runner: PaymentRunner }) {
  const { t } = useI18n();
  const ordersInput = useRef<HTMLInputElement>(null);
  const statementInput = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState<FileResult | null>(null);

  const upload = (files: File[], ignoreWarnings = false): void =>
    void runner.run(
      'upload',
      async () => {
        const result = await uploadOrders(files, ignoreWarnings);
        await runner.changed(result.undoId);
        setShown({ kind: 'upload', result });
        return null;
      },
      () => upload(files, true),
    );
  const statement = (file: File): void =>
    void runner.run('statement', async () => {
      const result = await importStatement(file);
      await runner.changed(result.undoId);
      setShown({ kind: 'statement', result });
      return null;
    });

  return (
    <>
      <Button
        startIcon={<UploadIcon />}
        disabled={runner.busy !== null}
        onClick={() => ordersInput.current?.click()}
        data-testid="payments-upload"
      >
        {t('payments.upload')}
      </Button>
      <Button
        startIcon={<StatementIcon />}
        disabled={runner.busy !== null}
        onClick={() => statementInput.current?.click()}
        data-testid="payments-statement"
      >
        {t('payments.statement')}
      </Button>
      <input
        ref={ordersInput}
        type="file"
        multiple
        accept={ORDER_FILE_TYPES}
        hidden
        data-testid="payments-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) upload(files);
        }}
      />
      <input
        ref={statementInput}
        type="file"
        accept={STATEMENT_FILE_TYPES}
        hidden
        data-testid="payments-statement-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) statement(file);
        }}
      />
      {shown && <FileResultDialog shown={shown} onClose={() => setShown(null)} />}
    </>
  );
}

/** The server's reason code of an unmatched entry ('noOrder', 'state:paid'), as words. */
function useReasonText() {
  const { t, has } = useI18n();
  return (reason: string) => {
    const [code = '', state] = reason.split(':');
    const key = `payments.unmatchedReason.${code}`;
    if (!has(key)) return reason;
    return state === undefined ? t(key) : t(key, [t(`payOrder.stateValue.${state}`)]);
  };
}

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The bank's reason of a returned order (its bankMessage, e.g. AC04) in words
 * ("AC04 – Account closed"); a code without words, or the bank's own text, as it came.
 */
function useBankReasonText() {
  const { t, has } = useI18n();
  return (message: unknown) => {
    const code = typeof message === 'string' ? message : '';
    if (code === '') return t('payments.returnedWithoutReason');
    const key = `payOrder.returnReason.${code}`;
    return has(key) ? t(key) : code;
  };
}

function FileResultDialog({ shown, onClose }: { shown: FileResult; onClose: () => void }) {
  const { t } = useI18n();
  const reasonText = useReasonText();
  const bankReasonText = useBankReasonText();
  let title: string;
  let summary: string;
  let table: ReactNode;
  if (shown.kind === 'upload') {
    const { result } = shown;
    title = t('payments.upload');
    summary = t('payments.uploadResult', [result.created]);
    table = (
      <ResultTable
        headers={[
          t('payments.column.file'),
          t('payments.column.row'),
          t('payments.column.recipient'),
          t('payments.column.amount'),
        ]}
        rows={result.rows.map((row) => [
          row.file,
          formatNumber(row.row, { places: 0 }),
          row.recipient,
          formatNumber(row.amount),
        ])}
        testId="payments-upload-rows"
      />
    );
  } else {
    const { result } = shown;
    title = t('payments.statement');
    summary = t('payments.statementResult', [
      result.entries,
      result.paid.length,
      result.rejected.length,
      result.unmatched.length,
    ]);
    const rejected =
      result.rejected.length > 0 ? (
        <>
          <DialogContentText sx={{ mt: 2 }}>{t('payments.rejectedByBank')}</DialogContentText>
          <ResultTable
            headers={[
              t('payments.column.recipient'),
              t('payments.column.amount'),
              t('payments.column.reason'),
            ]}
            rows={result.rejected.map((order) => [
              textOf(order.recipientIdCb) || order.displayTitle || order.key,
              formatNumber(textOf(order.amount)),
              bankReasonText(order.bankMessage),
            ])}
            testId="payments-rejected"
          />
        </>
      ) : null;
    table = rejected;
    if (result.unmatched.length > 0) {
      table = (
        <>
          {rejected}
          <DialogContentText sx={{ mt: 2 }}>{t('payments.unmatched')}</DialogContentText>
          <ResultTable
            headers={[
              t('payments.column.endToEndId'),
              t('payments.column.amount'),
              t('payments.column.reference'),
              t('payments.column.reason'),
            ]}
            rows={result.unmatched.map((entry) => [
              entry.endToEndId ?? '',
              `${formatNumber(entry.amount)} ${entry.currency}`,
              entry.reference ?? '',
              // A return that matched no order still says why the bank sent the money back.
              entry.bankReason
                ? `${reasonText(entry.reason)} ${t('payments.returnedBecause', [bankReasonText(entry.bankReason)])}`
                : reasonText(entry.reason),
            ])}
            testId="payments-unmatched"
          />
        </>
      );
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="payments-file-result">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="payments-file-summary">{summary}</DialogContentText>
        {table}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="payments-file-result-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResultTable(props: { headers: string[]; rows: string[][]; testId: string }) {
  return (
    <Table size="small" data-testid={props.testId}>
      <TableHead>
        <TableRow>
          {props.headers.map((header) => (
            <TableCell key={header}>{header}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row, index) => (
          <TableRow key={index}>
            {row.map((cell, column) => (
              <TableCell key={column}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
