import { devices, expect, test } from '@playwright/test';
import { submitLogin } from './support/app';
import { waitForMail } from './support/mailbox';
import { createFreshOrganization, registerUser, tableApi } from './support/organization';

/**
 * Issue 26, an approver away from the desk: Ana activates an invoice; Bor, its approver, is not
 * signed in anywhere. The mail the server sends him names the organisation, the supplier, the
 * amount due and the due date, in text and HTML; he opens its link on his phone, signs in,
 * lands on the document and confirms it there.
 */
const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];

test('an approver opens a task from its mail on a phone, signs in and confirms it', async ({
  browser,
  request,
}) => {
  test.slow();
  const org = await createFreshOrganization(request, 'mailana');
  const borUser = await registerUser(request, 'mailbor');
  const headers = { authorization: org.apikey, 'organization-id': org.organizationId };
  const current = await request.get('/api/organization/current', { headers });
  const { connectCode } = (await current.json()) as { connectCode: string };
  const joined = await request.post('/api/organization/connect', {
    headers: { authorization: borUser.apikey },
    data: { code: connectCode },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const api = tableApi(request, org);
  const members = (
    (await (await request.get('/api/cl/organizationMember?count=100', { headers })).json()) as {
      items: { key: string; userName: string }[];
    }
  ).items;
  const bor = members.find((m) => m.userName === borUser.username);
  if (!bor) throw new Error('Bor did not join');
  await api.update('organizationMember', bor.key, { roles: ['approver'] });

  const types = await request.get('/api/cl/documentType?count=100', { headers });
  const invoiceType = ((await types.json()) as { items: { id: number }[] }).items[0];
  await api.create('workflow', {
    code: 'MAIL',
    name: 'Incoming invoices',
    documentTypeId: invoiceType?.id,
    isActive: true,
    steps: [
      {
        id: -1,
        position: 1,
        systemTileCode: 'approval',
        name: 'Approval',
        memberKeys: [],
        roles: ['approver'],
        approvalRule: 'any',
        minApprovers: 1,
      },
    ],
  });
  const supplier = await api.create('partner', {
    code: 'MAILDOB',
    name: 'Mlekarna Planika d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  const number = `MAIL-${Date.now().toString(36)}`;
  const created = await request.post('/api/doc', {
    headers,
    data: {
      number,
      documentTypeId: invoiceType?.id,
      customerKey: supplier.item.key,
      issueDate: '2026-11-20',
      dueDate: '2026-12-21',
      netAmount: '1000.00',
      vatAmount: '220.00',
      totalAmount: '1220.00',
      currencyCode: 'EUR',
      costLines: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { item } = (await created.json()) as { item: { key: string } };
  const activated = await request.post('/api/doc/activate', {
    headers,
    data: { keys: [item.key] },
  });
  expect(activated.status(), await activated.text()).toBe(200);

  // The mail, as Bor's mail program shows it.
  const mail = await waitForMail(`${borUser.username}@example.test`, number);
  expect(mail.subject).toBe(
    `[${org.name}] A document waits for you: ${number} Mlekarna Planika d.o.o.`,
  );
  expect(mail.text).toContain('Amount due: 1.220,00 EUR');
  expect(mail.text).toContain('Due date: 21.12.2026');
  expect(mail.headers['list-unsubscribe']).toMatch(/\/account\/profile#notifications>$/);
  const link = /href="([^"]+\/work\/edit\/[^"]+)"/.exec(mail.html)?.[1];
  expect(link).toBe(new URL(`/o/${org.organizationId}/work/edit/${item.key}`, link).href);

  // On his phone, signed out: the link asks him to sign in, then opens the document.
  const phone = await browser.newContext({ ...iPhone, locale: 'en-GB' });
  const page = await phone.newPage();
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/account\/login\?returnUrl=/);
  await submitLogin(page, borUser.username, borUser.password);
  await expect(page).toHaveURL(new RegExp(`/o/${org.organizationId}/work/edit/${item.key}$`));
  await expect(page.getByTestId('doc-title')).toHaveText(number);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  await page.getByTestId('wf-action-confirmed').click();
  await expect(page.getByTestId('doc-status')).toHaveText('Archived');
  await phone.close();
});
