import { expect, type APIRequestContext } from '@playwright/test';
import { createFreshOrganization, tableApi, type FreshOrganization } from './organization';

/** The paying account of the organisation (a valid Slovenian IBAN of NLB). */
export const PAYER_IBAN = 'SI56020170014356205';
/** The supplier's account. */
export const SUPPLIER_IBAN = 'SI56192001234567892';

export interface PaymentsSetup {
  org: FreshOrganization;
  documentKey: string;
  number: string;
  amount: string;
}

/** An organisation that pays, with what its specs call its API with. */
export interface PayingOrganization {
  org: FreshOrganization;
  headers: Record<string, string>;
  api: ReturnType<typeof tableApi>;
  documentTypeId: number | undefined;
}

/**
 * A fresh organisation that pays: its own bank account (PAYER_IBAN, the default) and a
 * one-step approval route for its invoices, through the API.
 */
export async function payingOrganization(
  request: APIRequestContext,
  label = 'pay',
): Promise<PayingOrganization> {
  const org = await createFreshOrganization(request, label);
  const headers = { authorization: org.apikey, 'organization-id': org.organizationId };
  const api = tableApi(request, org);
  const get = async <T>(url: string): Promise<T> => {
    const response = await request.get(url, { headers });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return (await response.json()) as T;
  };

  const types = await get<{ items: { id: number }[] }>('/api/cl/documentType?count=10');
  const documentTypeId = types.items[0]?.id;
  await api.create('workflow', {
    code: 'PAY',
    name: 'Invoices',
    documentTypeId,
    isActive: true,
    steps: [
      {
        id: -1,
        position: 1,
        name: 'Approval',
        systemTileCode: 'approval',
        memberKeys: [],
        roles: ['orgadmin'],
        approvalRule: 'any',
        minApprovers: 1,
        commentRequired: false,
      },
    ],
  });

  const own = await get<{ items: { key: string }[] }>('/api/cl/organization');
  await api.update('organization', String(own.items[0]?.key), {
    organizationBankAccounts: [
      { id: -1, code: PAYER_IBAN, bic: 'LJBASI2X', isDefault: true, isActive: true },
    ],
  });
  return { org, headers, api, documentTypeId };
}

/**
 * A document of the paying organisation (its type, and the fields given) approved along its
 * route: created, activated and confirmed, so it is in the archive. Returns its key.
 */
export async function approvedDocument(
  request: APIRequestContext,
  paying: PayingOrganization,
  document: Record<string, unknown> & { number: string },
): Promise<string> {
  const { headers, documentTypeId } = paying;
  const created = await request.post('/api/doc', {
    headers,
    data: { documentTypeId, ...document },
  });
  expect(created.status(), `creating ${document.number}: ${await created.text()}`).toBe(201);
  const documentKey = ((await created.json()) as { item: { key: string } }).item.key;
  const activated = await request.post('/api/doc/activate?ignoreWarnings=true', {
    headers,
    data: { keys: [documentKey] },
  });
  expect(activated.status(), `activating: ${await activated.text()}`).toBe(200);
  const { items } = (await activated.json()) as { items: { version: number }[] };
  const confirmed = await request.post(`/api/wf/action/${documentKey}?ignoreWarnings=true`, {
    headers,
    data: { workflowStepResultCode: 'confirmed', extras: { version: items[0]?.version } },
  });
  expect(confirmed.status(), `confirming: ${await confirmed.text()}`).toBe(200);
  return documentKey;
}

/**
 * A fresh organisation that pays (payingOrganization), a supplier with an account, and an
 * invoice of it approved along the organisation's route, all through the API.
 */
export async function approvedInvoiceOrganization(
  request: APIRequestContext,
  amount: string,
): Promise<PaymentsSetup> {
  const paying = await payingOrganization(request);
  const supplier = await paying.api.create('partner', {
    code: 'CIST',
    name: 'Čistilni servis Žnidaršič d.o.o.',
    countryCode: 'SI',
    town: 'Ljubljana',
    isActive: true,
    bankAccounts: [
      { id: -1, code: SUPPLIER_IBAN, bic: 'HDELSI22', isDefault: true, isActive: true },
    ],
  });

  const number = `R-PAY-${Date.now().toString(36)}`;
  const documentKey = await approvedDocument(request, paying, {
    customerKey: supplier.item.key,
    number,
    issueDate: '2026-11-01',
    dueDate: '2099-03-31',
    currencyCode: 'EUR',
    totalAmount: amount,
    paymentIban: SUPPLIER_IBAN,
    paymentReferenceModel: 'SI12',
    paymentReference: '1234567890120',
    description: 'Čiščenje poslovnih prostorov',
    costLines: [{ id: -1, account: '4000', amount }],
  });
  return { org: paying.org, documentKey, number, amount };
}

/** One payment out as the bank books it: the order's end-to-end id and amount. */
export interface BookedPayment {
  endToEndId: string;
  amount: string;
  recipientName: string;
  recipientIban: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A camt.053.001.02 statement of the paying account with each payment booked as a debit, as
 * a bank answers a pain.001 (the elements the XSD asks for, in its order).
 */
export function camt053(accountIban: string, payments: readonly BookedPayment[]): string {
  const now = '2026-11-26T18:00:00Z';
  const balance = (code: string, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt>` +
    `<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entry = (payment: BookedPayment, index: number) =>
    `<Ntry><Amt Ccy="EUR">${payment.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>` +
    '<BookgDt><Dt>2026-11-26</Dt></BookgDt><ValDt><Dt>2026-11-26</Dt></ValDt>' +
    `<AcctSvcrRef>E2E-BANK-${index + 1}</AcctSvcrRef>` +
    '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>' +
    '<NtryDtls><TxDtls>' +
    `<Refs><EndToEndId>${escapeXml(payment.endToEndId)}</EndToEndId></Refs>` +
    `<AmtDtls><TxAmt><Amt Ccy="EUR">${payment.amount}</Amt></TxAmt></AmtDtls>` +
    `<RltdPties><Cdtr><Nm>${escapeXml(payment.recipientName)}</Nm></Cdtr>` +
    `<CdtrAcct><Id><IBAN>${payment.recipientIban}</IBAN></Id></CdtrAcct></RltdPties>` +
    '</TxDtls></NtryDtls></Ntry>';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
    '<BkToCstmrStmt>',
    `<GrpHdr><MsgId>E2E-STMT-1</MsgId><CreDtTm>${now}</CreDtTm></GrpHdr>`,
    `<Stmt><Id>E2E-STMT-1-1</Id><CreDtTm>${now}</CreDtTm>`,
    `<Acct><Id><IBAN>${accountIban}</IBAN></Id><Ccy>EUR</Ccy></Acct>`,
    balance('OPBD', '2026-11-25'),
    balance('CLBD', '2026-11-26'),
    ...payments.map(entry),
    '</Stmt></BkToCstmrStmt></Document>',
    '',
  ].join('\n');
}

/** The text of the first element of this name in an XML file (no namespaces prefixes). */
export function xmlText(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];
}
