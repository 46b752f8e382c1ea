import type { PayOrderState } from '../tables/entities/pay-order';
import type { PayPackageState } from '../tables/entities/pay-package';

/**
 * The state transitions of payment orders and packages (docs/payments.md). `MARKED` are the
 * ones a user asks for with mark; building a package, pay and statements make the others.
 */
const ORDER_MARKS: Record<PayOrderState, readonly PayOrderState[]> = {
  draft: ['ready', 'cancelled'],
  ready: ['draft', 'cancelled'],
  inPackage: ['ready'],
  sent: ['paid', 'rejected'],
  paid: [],
  rejected: ['draft', 'cancelled'],
  cancelled: ['draft'],
};

const PACKAGE_MARKS: Record<PayPackageState, readonly PayPackageState[]> = {
  open: ['cancelled'],
  sent: ['paid', 'rejected'],
  paid: [],
  rejected: [],
  cancelled: [],
};

/**
 * What a bank statement may do to an order: a booked debit pays a sent order; a return or
 * reversal rejects a sent order, or a paid one when the money came back after the booking was
 * seen (docs/payments.md). Users cannot mark a paid order rejected: only the bank's return can.
 */
const STATEMENT_MOVES: Record<'paid' | 'rejected', readonly PayOrderState[]> = {
  paid: ['sent'],
  rejected: ['sent', 'paid'],
};

export const mayStatementMove = (from: string, to: 'paid' | 'rejected'): boolean =>
  STATEMENT_MOVES[to].includes(from as PayOrderState);

export const mayMarkOrder = (from: string, to: string): boolean =>
  (ORDER_MARKS[from as PayOrderState] ?? []).includes(to as PayOrderState);

export const mayMarkPackage = (from: string, to: string): boolean =>
  (PACKAGE_MARKS[from as PayPackageState] ?? []).includes(to as PayPackageState);

/** Orders pay may send: ready ones (packaged on the way) and those in an open package. */
export const SENDABLE_ORDER_STATES: readonly string[] = ['ready', 'inPackage'];

/** Orders that still count: not given up on (the document's payment state, duplicates). */
export const isLiveOrder = (state: string) => state !== 'cancelled' && state !== 'rejected';
