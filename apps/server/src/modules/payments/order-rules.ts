import { sql } from 'kysely';
import type { MessageSpec } from '../../lib/errors';
import type { LockProblem, LockedRecord, WarningContext } from '../tables/entity';

/** Orders that may still be changed or deleted: before they go into a package. */
export const EDITABLE_ORDER_STATES: readonly string[] = ['draft', 'ready'];

/** An order counts towards duplicates while it may still be paid, and once paid for 90 days. */
export const DUPLICATE_WINDOW_DAYS = 90;

/** A model value as text: strings as they are, numbers written out, anything else empty. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The keys asked for that no record found has (keys compared in lower case). */
export function missingKeys(keys: readonly string[], found: readonly { key: string }[]): string[] {
  const have = new Set(found.map((record) => record.key));
  return keys.filter((key) => !have.has(key.toLowerCase()));
}

const titleOf = (record: LockedRecord) =>
  typeof record.displayTitle === 'string' && record.displayTitle !== ''
    ? record.displayTitle
    : String(record.key ?? record.id);

/**
 * An order in a package, sent, settled or cancelled is kept as it is (docs/payments.md): it is
 * taken out of its package, or marked back to draft, before it changes.
 */
export function payOrderLocks(records: readonly LockedRecord[]): Promise<LockProblem[]> {
  return Promise.resolve(
    records.map((record): LockProblem => {
      const state = textOf(record.state) || 'draft';
      return EDITABLE_ORDER_STATES.includes(state)
        ? undefined
        : { status: 409, code: `errors.payOrder.locked.${state}`, parameters: [titleOf(record)] };
    }),
  );
}

/** Only an open package may be deleted (its orders go back to ready); sent ones are history. */
export function payPackageLocks(records: readonly LockedRecord[]): Promise<LockProblem[]> {
  return Promise.resolve(
    records.map((record): LockProblem =>
      record.state === 'open'
        ? undefined
        : { status: 409, code: 'errors.payPackage.notOpen', parameters: [titleOf(record)] },
    ),
  );
}

/** The whole reference as a file sends it: 'SI1212345678909', 'RF18…', or the NRC text. */
export function fullReference(model: Record<string, unknown>): string {
  const reference = typeof model.recipientReference === 'string' ? model.recipientReference : '';
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (model.recipientReferenceType === 'SI') return `${textOf(model.recipientModel)}${compact}`;
  if (model.recipientReferenceType === 'RF') return compact;
  return reference.trim();
}

interface StoredOrder {
  document_key: string | null;
}

/**
 * Warnings that refuse a save until it is repeated with ignoreWarnings (issue 8): a possible
 * duplicate (the same recipient account, reference and amount, still to be paid or paid in
 * the last 90 days), the source document's due date passing before the execution date, and
 * orders of one document that no longer add up to its total.
 */
export async function payOrderWarnings(
  model: Record<string, unknown>,
  { db, organizationId, key }: WarningContext,
): Promise<MessageSpec[]> {
  if (organizationId === null) return [];
  const warnings: MessageSpec[] = [];
  const iban = typeof model.recipientIBAN === 'string' ? model.recipientIBAN : '';
  const amount =
    typeof model.amount === 'string' || typeof model.amount === 'number' ? model.amount : null;
  if (iban !== '' && amount !== null) {
    const { rows } = await sql<{ recipient_name: string; execution_date: string; state: string }>`
      select recipient_name, to_char(execution_date, 'DD.MM.YYYY') as execution_date, state
      from pay_order
      where organization_id = ${organizationId} and recipient_iban = ${iban}
        and amount = ${String(amount)}::numeric
        and key is distinct from ${key ?? null}::uuid
        and (case when recipient_reference_type = 'SI' then coalesce(recipient_model, '') else '' end
             || coalesce(recipient_reference, '')) = ${duplicateReference(model)}
        and (state in ('draft', 'ready', 'inPackage', 'sent')
             or (state = 'paid' and coalesce(paid_at, updated_at)
                 > now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS})))
      order by id limit 1
    `.execute(db);
    const other = rows[0];
    if (other)
      warnings.push({
        code: 'warnings.payOrder.duplicate',
        parameters: [other.recipient_name, other.execution_date],
        field: 'amount',
      });
  }
  const documentKey = await sourceDocumentKey(model, db, organizationId, key);
  if (documentKey) warnings.push(...(await documentWarnings(model, db, documentKey, key)));
  return warnings;
}

/** As the duplicate query compares it: SI model and reference, else the reference alone. */
function duplicateReference(model: Record<string, unknown>): string {
  const reference = typeof model.recipientReference === 'string' ? model.recipientReference : '';
  const model_ = model.recipientReferenceType === 'SI' ? textOf(model.recipientModel) : '';
  return `${model_}${reference}`;
}

async function sourceDocumentKey(
  model: Record<string, unknown>,
  db: WarningContext['db'],
  organizationId: string,
  key: string | undefined,
): Promise<string | undefined> {
  if (typeof model.documentKey === 'string' && model.documentKey !== '') return model.documentKey;
  if (!key) return undefined;
  const { rows } = await sql<StoredOrder>`
    select document_key from pay_order where organization_id = ${organizationId} and key = ${key}::uuid
  `.execute(db);
  return rows[0]?.document_key ?? undefined;
}

async function documentWarnings(
  model: Record<string, unknown>,
  db: WarningContext['db'],
  documentKey: string,
  key: string | undefined,
): Promise<MessageSpec[]> {
  const { rows } = await sql<{
    number: string;
    due_date: string | null;
    due_passed: boolean;
    total_amount: string | null;
    amount_due: string;
    others: string;
    differs: boolean;
  }>`
    select d.number, to_char(d.due_date, 'DD.MM.YYYY') as due_date,
      coalesce(d.due_date < ${textOf(model.executionDate) || null}::date, false) as due_passed,
      d.total_amount::text as total_amount,
      coalesce(d.amount_due, d.total_amount)::text as amount_due,
      coalesce(sum(o.amount), 0)::text as others,
      coalesce(d.amount_due, d.total_amount) is not null
        and coalesce(d.amount_due, d.total_amount)
          <> coalesce(sum(o.amount), 0) + ${textOf(model.amount) || '0'}::numeric
        as differs
    from doc d
    left join pay_order o on o.organization_id = d.organization_id and o.document_key = d.key
      and o.state not in ('cancelled', 'rejected') and o.key is distinct from ${key ?? null}::uuid
    where d.key = ${documentKey}::uuid
    group by d.organization_id, d.id
  `.execute(db);
  const doc = rows[0];
  if (!doc) return [];
  const warnings: MessageSpec[] = [];
  if (doc.due_passed && doc.due_date)
    warnings.push({
      code: 'warnings.payOrder.duePassed',
      parameters: [doc.number, doc.due_date],
      field: 'executionDate',
    });
  // What the orders add up to is the amount due (issue 21), which is the total unless a
  // prepayment or a rounding set it apart; then the warning names both.
  if (doc.differs && doc.total_amount !== null && doc.amount_due !== doc.total_amount)
    warnings.push({
      code: 'warnings.payOrder.amountDueDiffers',
      parameters: [doc.number, doc.amount_due, doc.total_amount],
      field: 'amount',
    });
  else if (doc.differs)
    warnings.push({
      code: 'warnings.payOrder.amountDiffers',
      parameters: [doc.number, doc.amount_due],
      field: 'amount',
    });
  return warnings;
}
