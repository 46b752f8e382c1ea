import type { TableRecord } from '@listina/contract';
import type { MessageSpec } from '../../lib/errors';
import type { StandingMessage, WarningContext } from '../tables/entity';
import { duplicateWarnings } from './duplicates';

/** Days between two ISO dates (YYYY-MM-DD), counted in whole calendar days. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const positive = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') && Number(value) > 0;

/**
 * spec §3 `validations` of a document, shown in its form before any action (issue 24):
 * - the warnings a save would give (net plus VAT is not the total, the amount due is not the
 *   total less prepaid), passed in as `modelWarnings`;
 * - documents it may duplicate, while it is not rejected;
 * - no IBAN to pay to, while something is due and nothing is paid;
 * - the due date passed, while it is not paid (nor rejected).
 * An archived document was dealt with: it gets the first and none of the others.
 */
export async function documentStandingMessages(
  record: Record<string, unknown>,
  { db, organizationId }: WarningContext,
  modelWarnings: readonly MessageSpec[],
  today = new Date().toISOString().slice(0, 10),
): Promise<StandingMessage[]> {
  const found: StandingMessage[] = modelWarnings.map((w) => ({ ...w, group: 'warning' }));
  const status = record.status;
  if (organizationId === null || status === 'rejected' || status === 'archived') return found;
  const duplicates = await duplicateWarnings(db, organizationId, record as TableRecord);
  found.push(...duplicates.map((w): StandingMessage => ({ ...w, group: 'warning' })));
  const paymentState = record.paymentState;
  if (paymentState === 'paid') return found;
  const due =
    positive(record.amountDue) || (record.amountDue == null && positive(record.totalAmount));
  const iban = typeof record.paymentIban === 'string' ? record.paymentIban.trim() : '';
  if (due && iban === '' && paymentState === 'unpaid') {
    found.push({ group: 'warning', code: 'validations.doc.noIban', field: 'paymentIban' });
  }
  const dueDate = typeof record.dueDate === 'string' ? record.dueDate.slice(0, 10) : '';
  if (due && dueDate !== '' && dueDate < today) {
    found.push({
      group: 'warning',
      code: 'validations.doc.dueDatePassed',
      parameters: [daysBetween(dueDate, today)],
      field: 'dueDate',
    });
  }
  return found;
}
