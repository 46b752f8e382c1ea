import type { StatementResponse, TableRecord, UploadResponse } from '@listina/contract';
import { compactCode, isValidIban, toIsoDate } from '@listina/forms';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db';
import { inScope } from '../../db/scope';
import { AppError, badRequest, notFound, type MessageSpec } from '../../lib/errors';
import type { BatchTools, TableScope, TablesService } from '../tables/tables.service';
import { buildCheckedPain001, readCheckedCamt, toCents, type CamtEntry } from './iso20022';
import { painFileName, painFileOf, keyOfEndToEndId, readDebtors } from './order-files';
import { fullReference, missingKeys, textOf } from './order-rules';
import type { PaymentsService } from './payments.service';
import { mayStatementMove, SENDABLE_ORDER_STATES } from './transitions';
import { noticeRejectedOrders } from './rejected-notice';
import { readUploadedOrders, uploadKindOf, type UploadedFile } from './order-upload';
import { upnFormPdf, type UpnData } from './upn';
import { sheetRefusal, uploadProblem } from './upload-messages';
import type { TableImporter } from '../tables/import';
import { DEFAULT_LOCALE } from '@listina/contract';
import type { Locale } from '../../plugins/i18n';

export type PaymentFilesService = ReturnType<typeof createPaymentFilesService>;

export interface PaymentFile {
  filename: string;
  content: string;
  undoId?: string;
}

/** Ends a dry run's transaction (rolled back) with what it would have made. */
class DryRun extends Error {
  constructor(readonly rows: UploadResponse['rows']) {
    super('dry run');
  }
}

const titleOf = (record: TableRecord) => record.displayTitle || record.key;

/**
 * What may have gone wrong with ready orders since they were checked as a save (marking them
 * ready does): an execution date now past. The file's own checks (packages/forms rules again,
 * in iso20022/order-checks) and the XSD run on every file.
 */
function staleOrderProblems(orders: readonly TableRecord[]): MessageSpec[] {
  const today = toIsoDate(new Date());
  return orders.flatMap((order) =>
    textOf(order.executionDate) < today
      ? [
          {
            code: 'validation.date.past',
            parameters: [],
            field: `${order.key}.executionDate`,
          },
        ]
      : [],
  );
}

/**
 * A UPN form pays euros to an IBAN (ZBS UPN QR: field 15 is the recipient's IBAN, field 9 an
 * amount in euros): any other order is refused with why (400), and nothing is printed.
 */
function refuseUpnOf(order: TableRecord): void {
  const recipient = textOf(order.recipientIdCb) || titleOf(order);
  const currency = textOf(order.currencyCode);
  if (currency !== 'EUR')
    throw badRequest('errors.payOrder.upn.currency', [recipient, currency], 'currencyCode');
  const account = textOf(order.recipientIBAN);
  if (!isValidIban(String(compactCode(account))))
    throw badRequest('errors.payOrder.upn.noIban', [recipient, account], 'recipientIBAN');
}

/** Whether two amounts are the same to the cent ('12.5' and '12.50' are; '12.505' is none). */
const sameAmount = (a: string, b: string) => {
  const cents = toCents(a);
  return cents !== undefined && cents === toCents(b);
};

/**
 * The payment calls that read or write files (issue 8; docs/payments.md): pain.001 export
 * and pay, the UPN form, and bank statements.
 */
export function createPaymentFilesService(
  db: Db,
  tables: TablesService,
  payments: PaymentsService,
  importer: TableImporter,
  /** Tells the users' open notification streams (issue 26: a rejected payment told). */
  told: (organizationId: string, userIds: string[]) => void = () => undefined,
) {
  /** The orders of these keys; unknown ones are 404 (another organisation's too). */
  async function ordersOf(scope: TableScope, keys: string[]) {
    const orders = await tables.readMany('payOrder', scope, keys);
    const missing = missingKeys(keys, orders);
    if (missing.length) throw notFound('errors.recordNotFound', [missing.join(', ')]);
    return orders;
  }

  /** The orders of pay's keys and open packages, sendable ones only (409 otherwise). */
  async function sendable(tools: BatchTools, keys: string[], packageKeys: string[]) {
    const orders = await tools.readMany('payOrder', keys);
    const missing = missingKeys(keys, orders);
    const packages = await tools.readMany('payPackage', packageKeys);
    missing.push(...missingKeys(packageKeys, packages));
    if (missing.length) throw notFound('errors.recordNotFound', [missing.join(', ')]);
    const closed = packages.filter((p) => p.state !== 'open');
    if (closed.length)
      throw new AppError(
        409,
        closed.map((p) => ({ code: 'errors.payPackage.notOpen', parameters: [titleOf(p)] })),
      );
    if (packages.length) {
      const { rows } = await sql<{ key: string }>`
        select key::text from pay_order
        where pay_package_id = any(${packages.map((p) => p.id)}::bigint[])
      `.execute(tools.trx);
      const more = await tools.readMany(
        'payOrder',
        missingKeys(
          rows.map((r) => r.key),
          orders,
        ),
      );
      orders.push(...more);
    }
    const refused = orders.filter((o) => !SENDABLE_ORDER_STATES.includes(String(o.state)));
    if (refused.length)
      throw new AppError(
        409,
        refused.map((o) => ({
          code: 'errors.payOrder.notSendable',
          parameters: [titleOf(o), textOf(o.state)],
        })),
      );
    return orders;
  }

  return {
    /** A checked pain.001 of the orders, in their accounts' version; nothing changes. */
    async exportXml(scope: TableScope, keys: string[]): Promise<PaymentFile> {
      const orders = await ordersOf(scope, keys);
      const cancelled = orders.filter((o) => o.state === 'cancelled');
      if (cancelled.length)
        throw new AppError(
          409,
          cancelled.map((o) => ({
            code: 'errors.payOrder.notSendable',
            parameters: [titleOf(o), 'cancelled'],
          })),
        );
      const file = await inScope(
        db,
        { userId: scope.user.id, organizationId: scope.organization.id },
        (trx) => painFileOf(trx, scope.organization.id, orders),
      );
      return { filename: painFileName(file), content: await buildCheckedPain001(file) };
    },

    /**
     * spec §7 pay: ready orders are packaged, the file is written and checked, and every order
     * and package is marked sent, in one transaction (an invalid file changes nothing).
     */
    async pay(scope: TableScope, keys: string[], packageKeys: string[]): Promise<PaymentFile> {
      // It writes the orders and packages as the server's (setOwned): the rights first.
      tables.requireWritable('payOrder', scope);
      const { result, undoId } = await tables.batch(scope, true, async (tools) => {
        let orders = await sendable(tools, keys, packageKeys);
        const problems = staleOrderProblems(orders);
        if (problems.length) throw new AppError(400, problems);
        const loose = orders.filter((o) => o.state === 'ready');
        if (loose.length) {
          await payments.packageOrders(tools, scope.organization.id, loose);
          orders = await tools.readMany(
            'payOrder',
            orders.map((o) => o.key),
          );
        }
        const file = await painFileOf(tools.trx, scope.organization.id, orders);
        const content = await buildCheckedPain001(file);
        const sentAt = new Date();
        await tools.setOwnedMany(
          'payOrder',
          orders.map((record) => ({ record, values: { state: 'sent', sentAt } })),
        );
        const packageIds = [...new Set(orders.map((o) => Number(o.payPackageId)))];
        const { rows } = await sql<{ key: string }>`
          select key::text from pay_package where id = any(${packageIds}::bigint[])
        `.execute(tools.trx);
        for (const pack of await tools.readMany(
          'payPackage',
          rows.map((r) => r.key),
        ))
          await tools.setOwned('payPackage', pack, {
            state: 'sent',
            sentAt,
            messageId: file.messageId,
            painVersion: file.version,
          });
        return { filename: painFileName(file), content };
      });
      return { ...result, undoId };
    },

    /** The UPN form of an order: a printable PDF with its UPN QR code. */
    async upn(scope: TableScope, key: string): Promise<{ filename: string; content: Buffer }> {
      const [order] = await ordersOf(scope, [key]);
      if (!order) throw notFound('errors.recordNotFound', [key]);
      refuseUpnOf(order);
      const payer = await inScope(
        db,
        { userId: scope.user.id, organizationId: scope.organization.id },
        async (trx) => {
          const debtors = await readDebtors(trx, scope.organization.id, [
            Number(order.organizationBankAccountId),
          ]);
          return debtors.get(Number(order.organizationBankAccountId));
        },
      );
      const reference = fullReference(order);
      const data: UpnData = {
        payerName: payer?.name,
        payerIban: payer?.iban.startsWith('SI') ? payer.iban : undefined,
        amount: textOf(order.amount),
        purposeCode: textOf(order.purposeCode) || 'OTHR',
        purpose: textOf(order.description) || textOf(order.recipientIdCb),
        dueDate: textOf(order.executionDate) || undefined,
        recipientIban: textOf(order.recipientIBAN),
        recipientReference: order.recipientReferenceType === 'NRC' ? 'SI99' : reference,
        recipientName: textOf(order.recipientIdCb),
        recipientAddress: textOf(order.recipientAddress),
        recipientTown: textOf(order.recipientTown),
      };
      const date = textOf(order.executionDate) || 'order';
      return {
        filename: `upn-${date}-${order.key.slice(-8)}.pdf`,
        content: await upnFormPdf(data),
      };
    },

    /**
     * A camt.053 or camt.054 (XSD-checked), entry by entry in the file's order: a booked debit
     * whose end-to-end id names a sent order of the same amount and currency marks it paid; a
     * booked return (TxDtls/RtrInf, a credit) or reversal (RvslInd) of a sent or paid order
     * marks it rejected with the bank's reason; every other entry is listed as unmatched, with
     * why. The same statement read again changes nothing: its entries are listed as unmatched
     * with the orders' states.
     */
    async statement(scope: TableScope, bytes: Buffer): Promise<StatementResponse> {
      tables.requireWritable('payOrder', scope);
      const camt = await readCheckedCamt(bytes);
      const unmatched: StatementResponse['unmatched'] = [];
      const unmatch = (entry: CamtEntry, reason: string) =>
        unmatched.push({
          endToEndId: entry.endToEndId ?? null,
          amount: entry.amount || entry.batch?.amount || '',
          currency: entry.currency,
          reference: entry.reference ?? null,
          reason,
          bankReason: entry.reason ?? null,
        });
      const candidates: { key: string; entry: CamtEntry }[] = [];
      for (const entry of camt.entries) {
        const key = keyOfEndToEndId(entry.endToEndId);
        // Money in is ours only when it is a payment of ours coming back.
        if (entry.creditDebit !== 'DBIT' && !entry.returned) unmatch(entry, 'credit');
        else if (!key) unmatch(entry, 'noOrder');
        else if (entry.status !== 'BOOK') unmatch(entry, 'notBooked');
        else candidates.push({ key, entry });
      }
      const { result, undoId } = await tables.batch(scope, true, async (tools) => {
        const orders = await tools.readMany('payOrder', [...new Set(candidates.map((c) => c.key))]);
        const byKey = new Map(orders.map((order) => [order.key, order]));
        // Each order's state as the entries so far leave it: a payment and its return may
        // come in one statement.
        const outcome = new Map<string, { state: string; values: Record<string, unknown> }>();
        const paidAt = new Date();
        for (const { key, entry } of candidates) {
          const order = byKey.get(key);
          const state = outcome.get(key)?.state ?? textOf(order?.state);
          const to = entry.returned ? 'rejected' : 'paid';
          if (!order) unmatch(entry, 'noOrder');
          else if (!mayStatementMove(state, to)) unmatch(entry, `state:${state}`);
          else if (
            !sameAmount(entry.amount || entry.batch?.amount || '0', textOf(order.amount)) ||
            entry.currency !== order.currencyCode
          )
            unmatch(entry, 'amountDiffers');
          else
            outcome.set(key, {
              state: to,
              values:
                to === 'rejected'
                  ? { state: to, bankMessage: entry.reason ?? null }
                  : { state: to, paidAt, bankMessage: null },
            });
        }
        const settled = await tools.setOwnedMany(
          'payOrder',
          [...outcome].map(([key, { values }]) => ({
            record: byKey.get(key) as TableRecord,
            values,
          })),
        );
        // A sent package is settled once none of its orders is still out; a paid one whose
        // orders all came back is rejected.
        await sql`
          update pay_package p set state = case when exists (
              select 1 from pay_order o where o.pay_package_id = p.id and o.state = 'paid')
            then 'paid' else 'rejected' end
          where p.organization_id = ${scope.organization.id} and p.state in ('sent', 'paid')
            and not exists (select 1 from pay_order o
              where o.pay_package_id = p.id and o.state = 'sent')
        `.execute(tools.trx);
        const rejected = settled.filter((order) => order.state === 'rejected');
        const users = await noticeRejectedOrders(
          tools.trx,
          scope.organization.id,
          rejected.map((order) => ({
            id: String(order.id),
            bankMessage: textOf(order.bankMessage) || null,
          })),
          scope.user.id,
          tools.journal,
        );
        return { paid: settled.filter((order) => order.state === 'paid'), rejected, users };
      });
      if (result.users.length > 0) told(scope.organization.id, result.users);
      const changed = result.paid.length + result.rejected.length;
      return {
        entries: camt.entries.length,
        paid: result.paid,
        rejected: result.rejected,
        unmatched,
        undoId: changed > 0 ? undoId : null,
      };
    },

    /**
     * Orders from files: pain.001, UPN QR images or PDFs, all in one transaction, every row
     * checked as a save (any problem refuses the whole upload, naming file and row); or one
     * CSV or XLSX of payOrder columns, through the table import.
     */
    async upload(
      scope: TableScope,
      files: UploadedFile[],
      options: { dryRun: boolean; ignoreWarnings: boolean },
      /** The reader's language: the messages about the files' orders are told in it. */
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<UploadResponse> {
      // Refused up front (403), not row by row among the files' problems.
      tables.requireWritable('payOrder', scope);
      if (files.length === 0) throw badRequest('errors.payOrder.upload.empty', [], 'files');
      const sheets = files.filter((file) => uploadKindOf(file) === 'spreadsheet');
      if (sheets.length > 0) {
        if (files.length > 1) throw badRequest('errors.payOrder.upload.mixed', [], 'files');
        const entity = importer.writableEntity('payOrder', scope);
        const sheet = sheets[0] ?? { filename: '', bytes: Buffer.alloc(0) };
        const done = await importer
          .importFile(entity, scope, sheet.bytes, options)
          .catch(async (error: unknown) => {
            if (!(error instanceof AppError) || error.errors.length === 0) throw error;
            throw await sheetRefusal(locale, sheet, entity, error);
          });
        return { rows: [], created: done.created, dryRun: done.dryRun, undoId: done.undoId };
      }
      try {
        const { result, undoId } = await tables.batch(
          scope,
          options.ignoreWarnings,
          async (tools) => {
            const uploaded = await readUploadedOrders(
              tools.trx,
              scope.organization.id,
              files,
              locale,
            );
            const rows: UploadResponse['rows'] = [];
            const errors: MessageSpec[] = [];
            for (const order of uploaded) {
              try {
                const record = await tools.create('payOrder', order.model);
                rows.push({
                  file: order.file,
                  row: order.row,
                  recipient: textOf(record.recipientIdCb),
                  amount: textOf(record.amount),
                  key: record.key,
                });
              } catch (error) {
                if (!(error instanceof AppError)) throw error;
                for (const problem of error.errors)
                  errors.push(
                    uploadProblem(
                      locale,
                      order,
                      problem,
                      problem.field,
                      problem.field === undefined ? undefined : order.model[problem.field],
                    ),
                  );
              }
            }
            if (errors.length) throw new AppError(400, errors);
            if (options.dryRun) throw new DryRun(rows);
            return rows;
          },
        );
        return { rows: result, created: result.length, dryRun: false, undoId };
      } catch (error) {
        if (!(error instanceof DryRun)) throw error;
        return {
          rows: error.rows.map((row) => ({ ...row, key: null })),
          created: error.rows.length,
          dryRun: true,
          undoId: null,
        };
      }
    },
  };
}
