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

export const mayMarkOrder = (from: string, to: string): boolean =>
  (ORDER_MARKS[from as PayOrderState] ?? []).includes(to as PayOrderState);

export const mayMarkPackage = (from: string, to: string): boolean =>
  (PACKAGE_MARKS[from as PayPackageState] ?? []).includes(to as PayPackageState);

/** Orders pay may send: ready ones (packaged on the way) and those in an open package. */
export const SENDABLE_ORDER_STATES: readonly string[] = ['ready', 'inPackage'];

/** Orders that still count: not given up on (the document's payment state, duplicates). */
export const isLiveOrder = (state: string) => state !== 'cancelled' && state !== 'rejected';
