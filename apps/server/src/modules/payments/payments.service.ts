import { sql } from 'kysely';
import type { TableRecord } from '@listina/contract';
import type { Trx } from '../../db/scope';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { payOrder } from '../tables/entities/pay-order';
import type { Journal } from '../tables/journal';
import { checkRecord } from '../tables/save';
import { setOwnedColumns } from '../tables/state-change';
import type { BatchTools, TableScope, TablesService } from '../tables/tables.service';
import { formatCents, toCents } from './iso20022';
import { ordersFromDocuments, type FromDocumentsInput } from './from-documents';
import { EDITABLE_ORDER_STATES, missingKeys } from './order-rules';
import { mayMarkOrder, mayMarkPackage } from './transitions';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const titleOf = (record: TableRecord) => record.displayTitle || record.key;

/** An amount in cents (a number, or text with a point or comma): undefined unless ≥ 0 with at most two places. */
const centsOf = (value: unknown): bigint | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? toCents(String(value).trim().replace(',', '.'))
    : undefined;

/** The refusal of a mark to the state a record is in already (sent twice), in the state's words. */
const alreadyIn = (table: 'payOrder' | 'payPackage', record: TableRecord, state: string) => ({
  code: `errors.${table}.already.${state}`,
  parameters: [titleOf(record)],
});

/** Sets an order's server-owned values in a state change's journal (a package's orders). */
async function setOrder(
  trx: Trx,
  organizationId: string,
  order: TableRecord,
  values: Record<string, unknown>,
  journal: Journal,
) {
  await setOwnedColumns(trx, payOrder, { organizationId }, order, values, journal);
}

/** A package's orders as a state change needs them: id, key, version, state. */
async function ordersOfPackage(trx: Trx, organizationId: string, packageId: number) {
  const { rows } = await sql<{ id: string; key: string; version: number; state: string }>`
    select id::text, key::text, version, state from pay_order
    where organization_id = ${organizationId} and pay_package_id = ${packageId}
    order by id
  `.execute(trx);
  return rows.map((row) => ({ ...row, id: Number(row.id), displayTitle: row.key }));
}

/**
 * Payment orders and packages beyond the generic table calls (issue 8, docs/payments.md):
 * orders from documents, split, marks along the allowed transitions and packages.
 */
export function createPaymentsService(tables: TablesService) {
  // spec §3: the paying account is the organisation's default unless the order names one.
  tables.onWrite('payOrder', async (trx, organizationId, ids) => {
    if (organizationId === null) return;
    await sql`
      update pay_order set organization_bank_account_id = (
        select id from organization_bank_account
        where organization_id = ${organizationId} and is_active
        order by is_default desc, id limit 1)
      where organization_id = ${organizationId} and id = any(${ids}::bigint[])
        and organization_bank_account_id is null
    `.execute(trx);
  });

  /** Open packages for ready orders, one per paying account and execution date. */
  async function packageOrders(tools: BatchTools, organizationId: string, orders: TableRecord[]) {
    const refused = orders.filter((o) => o.state !== 'ready');
    if (refused.length)
      throw new AppError(
        409,
        refused.map((o) => ({
          code: 'errors.payOrder.notReady',
          parameters: [titleOf(o), String(o.state)],
        })),
      );
    const noAccount = orders.filter((o) => o.organizationBankAccountId == null);
    if (noAccount.length)
      throw new AppError(
        400,
        noAccount.map((o) => ({
          code: 'errors.payOrder.noPayingAccountOf',
          parameters: [titleOf(o)],
          field: 'organizationBankAccountId',
        })),
      );
    const groups = new Map<string, TableRecord[]>();
    for (const order of orders) {
      const group = `${String(order.organizationBankAccountId)}|${String(order.executionDate)}`;
      groups.set(group, [...(groups.get(group) ?? []), order]);
    }
    const packages: TableRecord[] = [];
    for (const group of groups.values()) {
      const first = group[0];
      if (!first) continue;
      const pack = await openPackage(tools, organizationId, first);
      await tools.setOwnedMany(
        'payOrder',
        group.map((record) => ({ record, values: { state: 'inPackage', payPackageId: pack.id } })),
      );
      packages.push(pack);
    }
    return packages;
  }

  /** The open package of the order's account and date, or a new one. */
  async function openPackage(tools: BatchTools, organizationId: string, order: TableRecord) {
    const { rows } = await sql<{ key: string; count: string }>`
      select (select key::text from pay_package
              where organization_id = ${organizationId} and state = 'open'
                and organization_bank_account_id = ${Number(order.organizationBankAccountId)}
                and execution_date = ${String(order.executionDate)}::date
              order by id limit 1) as key,
             (select count(*)::text from pay_package where organization_id = ${organizationId})
               as count
    `.execute(tools.trx);
    const found = rows[0];
    if (found?.key) return tools.read('payPackage', found.key);
    const date = String(order.executionDate).replaceAll('-', '');
    const number = String(Number(found?.count ?? 0) + 1).padStart(4, '0');
    return tools.create(
      'payPackage',
      {},
      {
        columns: {
          code: `P${date}-${number}`,
          organization_bank_account_id: order.organizationBankAccountId,
          execution_date: order.executionDate,
          state: 'open',
        },
      },
    );
  }

  return {
    /** Orders from approved documents, one each or per supplier, linked both ways. */
    fromDocuments: (scope: TableScope, input: FromDocumentsInput, ignoreWarnings: boolean) =>
      tables
        .batch(scope, ignoreWarnings, (tools) =>
          ordersFromDocuments(tools, scope.organization.id, input),
        )
        .then(({ result, undoId }) => ({ items: result, undoId })),

    /**
     * Two orders that add up to the original: a new one of splitVal (same recipient, reference,
     * documents and state) and the original with the rest.
     */
    async split(scope: TableScope, key: string, splitVal: string | number, version: number) {
      const { result, undoId } = await tables.batch(scope, true, async (tools) => {
        const original = await tools.read('payOrder', key);
        // Issue 22: split at the version seen, so that a split sent twice splits once.
        if (original.version !== version)
          throw conflict('errors.changedMeanwhile', [titleOf(original)], 'version');
        if (!EDITABLE_ORDER_STATES.includes(String(original.state)))
          throw new AppError(409, [
            {
              code: `errors.payOrder.locked.${String(original.state)}`,
              parameters: [titleOf(original)],
            },
          ]);
        const amount = centsOf(original.amount);
        const part = centsOf(splitVal);
        if (part === undefined || amount === undefined || part <= 0n || part >= amount)
          throw badRequest(
            'errors.payOrder.splitValue',
            [String(splitVal), String(original.amount)],
            'splitVal',
          );
        const rest = formatCents(amount - part);
        await tools.setOwned('payOrder', original, { amount: rest });
        const { id: _id, key: _key, version: _version, ...copy } = original;
        const added = await tools.create(
          'payOrder',
          { ...copy, amount: formatCents(part) },
          { columns: { document_key: original.documentKey ?? null, state: original.state } },
        );
        await sql`
          insert into pay_order_doc (organization_id, pay_order_id, doc_id)
          select organization_id, ${added.id}, doc_id from pay_order_doc
          where organization_id = ${scope.organization.id} and pay_order_id = ${original.id}
        `.execute(tools.trx);
        return [
          await tools.read('payOrder', original.key),
          await tools.read('payOrder', added.key),
        ];
      });
      return { items: result, undoId };
    },

    /** Orders to a state along the allowed transitions; all or nothing. */
    async mark(scope: TableScope, keys: string[], state: string) {
      return tables.changeState('payOrder', scope, keys, (order) => {
        const from = String(order.state);
        // Issue 22: the same mark again (a double click) is a conflict, said as such.
        if (from === state) return { problems: [alreadyIn('payOrder', order, state)], status: 409 };
        if (!mayMarkOrder(from, state))
          return {
            problems: [
              { code: 'errors.payOrder.transition', parameters: [titleOf(order), from, state] },
            ],
          };
        if (state === 'ready') {
          const problems = checkRecord(payOrder, order);
          if (problems.length)
            return {
              problems: problems.map((p) => ({ ...p, parameters: [...(p.parameters ?? [])] })),
            };
        }
        const values: Record<string, unknown> = { state };
        if (from === 'inPackage') values.payPackageId = null;
        if (state === 'paid') values.paidAt = new Date();
        return { values };
      });
    },

    /** Ready orders into open packages (one per paying account and date). */
    async buildPackages(scope: TableScope, keys: string[]) {
      const { result, undoId } = await tables.batch(scope, false, async (tools) => {
        const orders = await tools.readMany('payOrder', keys);
        const missing = missingKeys(keys, orders);
        if (missing.length)
          throw new AppError(404, [
            { code: 'errors.recordNotFound', parameters: [missing.join(', ')] },
          ]);
        const packages = await packageOrders(tools, scope.organization.id, orders);
        return Promise.all(packages.map((p) => tools.read('payPackage', p.key)));
      });
      return { items: result, undoId };
    },

    /** Packages and their orders: open → cancelled; sent → paid or rejected. */
    async markPackages(scope: TableScope, keys: string[], state: string) {
      const organizationId = scope.organization.id;
      const { items, undoId } = await tables.changeState('payPackage', scope, keys, (pack) => {
        const from = String(pack.state);
        if (from === state)
          return { problems: [alreadyIn('payPackage', pack, state)], status: 409 };
        if (!mayMarkPackage(from, state))
          return {
            problems: [
              { code: 'errors.payPackage.transition', parameters: [titleOf(pack), from, state] },
            ],
          };
        return {
          values: { state },
          after: async (trx: Trx, journal: Journal) => {
            const orders = await ordersOfPackage(trx, organizationId, Number(pack.id));
            for (const order of orders) {
              if (state === 'cancelled')
                await setOrder(
                  trx,
                  organizationId,
                  order,
                  { state: 'ready', payPackageId: null },
                  journal,
                );
              else if (order.state === 'sent')
                await setOrder(
                  trx,
                  organizationId,
                  order,
                  state === 'paid' ? { state, paidAt: new Date() } : { state },
                  journal,
                );
            }
          },
        };
      });
      return { items, undoId };
    },

    /** Ready orders into open packages, in another call's batch (pay). */
    packageOrders,
  };
}
