import { orderReferenceOf, type Model } from '@listina/forms';
import { fetchRecord } from '../../schema-ui/api';
import type { FieldHandlerContext, FieldHandlers } from '../../schema-ui/types';
import { partnerAccounts } from './payments-api';

/**
 * The handlers the payOrder schema names (spec §3 Payment order): a chosen partner fills the
 * recipient and offers its bank accounts, a chosen account its IBAN and BIC, the payment type
 * its reference type and model, a chosen country its name.
 */

type Item = Record<string, unknown>;

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The partner's fields the order copies, as the order names them. */
const RECIPIENT_FIELDS = [
  ['recipientAddress', 'address'],
  ['recipientTown', 'town'],
  ['recipientCountryCode', 'countryCode'],
] as const;

/** Country fields whose country's name is kept beside the code (spec §3: ...CountryCodeCb). */
const COUNTRY_NAME_FIELDS: ReadonlySet<string> = new Set([
  'recipientBankCountryCode',
  'intermediaryBankCountryCode',
]);

/** The account's fields on the order: IBAN, BIC and the text shown for it. */
export function accountFields(account: Item | undefined): Model {
  if (!account) {
    return {
      recipientAccountId: null,
      recipientAccountIdCb: '',
      recipientIBAN: '',
      recipientBIC: '',
    };
  }
  const iban = textOf(account.code) ?? '';
  return {
    recipientAccountId: typeof account.id === 'number' ? account.id : null,
    recipientAccountIdCb: textOf(account.displayText) || iban,
    recipientIBAN: iban,
    recipientBIC: textOf(account.bic) ?? '',
  };
}

/** The account to take without asking: the default one, or the only one. */
export function preferredAccount(accounts: readonly Item[]): Item | undefined {
  return (
    accounts.find((account) => account.isDefault === true) ??
    (accounts.length === 1 ? accounts[0] : undefined)
  );
}

function recipientFieldsOf(partner: Item): Model {
  const fields: Model = {};
  for (const [to, from] of RECIPIENT_FIELDS) {
    if (from in partner) fields[to] = textOf(partner[from]) ?? '';
  }
  return fields;
}

/**
 * The partner's address and accounts arrive after the choice (a lookup item carries its lean
 * fields only); they are laid over the model unless another recipient was chosen meanwhile.
 */
async function loadRecipient(partnerId: unknown, partner: Item, context: FieldHandlerContext) {
  const partnerKey = textOf(partner.key);
  if (!partnerKey) return;
  const hasAddress = RECIPIENT_FIELDS.every(([, from]) => from in partner);
  const [record, accounts] = await Promise.all([
    hasAddress ? Promise.resolve(partner) : fetchRecord('partner', partnerKey),
    partnerAccounts(partnerKey),
  ]);
  const active = accounts.filter((account) => account.isActive !== false);
  context.later((model) => {
    if (model.recipientId !== partnerId) return model;
    // A partner suggested by an IBAN brings that account (spec §7 suggestion's account).
    const suggested = active.find((account) => account.key === partner.bankAccountKey);
    const chosen = suggested ?? preferredAccount(active);
    return {
      ...model,
      ...recipientFieldsOf(record),
      recipientAccounts: active,
      ...(chosen ? accountFields(chosen) : {}),
    };
  });
}

function recipientSelected(context: FieldHandlerContext): Model | undefined {
  const { model, item, value } = context;
  if (!item) return undefined;
  // Without an answer the account list stays empty and the IBAN is typed in, as before.
  loadRecipient(value, item, context).catch(() => undefined);
  return {
    ...model,
    recipientIdCb: textOf(item.name) ?? model.recipientIdCb,
    ...recipientFieldsOf(item),
    recipientAccounts: [],
    ...accountFields(undefined),
  };
}

function accountSelected({ model, item }: FieldHandlerContext): Model | undefined {
  return item ? { ...model, ...accountFields(item) } : undefined;
}

/** spec §3: reference type SI and model SI99 for SEPA_SI, otherwise NRC and no model. */
function paymentTypeChanged({ model, value }: FieldHandlerContext): Model {
  return value === 'SEPA_SI'
    ? { ...model, recipientReferenceType: 'SI', recipientModel: 'SI99' }
    : { ...model, recipientReferenceType: 'NRC', recipientModel: '' };
}

/** A whole reference pasted into the reference field ('SI12 1234…'): type, model, reference. */
function referenceChanged({ model, value }: FieldHandlerContext): Model | undefined {
  const fields = orderReferenceOf(value, model.recipientReferenceType);
  return fields ? { ...model, ...fields } : undefined;
}

function countrySelected({ model, field, item }: FieldHandlerContext): Model | undefined {
  if (!item || !COUNTRY_NAME_FIELDS.has(field.name)) return undefined;
  return { ...model, [`${field.name}Cb`]: textOf(item.name) ?? '' };
}

export const payOrderHandlers: FieldHandlers = {
  'payOrder.recipientSelected': recipientSelected,
  'payOrder.accountSelected': accountSelected,
  'payOrder.paymentTypeChanged': paymentTypeChanged,
  'payOrder.countrySelected': countrySelected,
  'payOrder.referenceChanged': referenceChanged,
};
