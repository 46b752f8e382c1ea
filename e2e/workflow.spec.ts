import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from './support/app';
import { joinAsApprover, memberKeyOf } from './support/approval';
import { createFreshOrganization, registerUser, tableApi } from './support/organization';
import { keepScreen } from './support/screens';

/**
 * Issue 6 with two people in two browsers: Ana (the organisation's admin) activates an
 * invoice; Bor, its approver, sees the notification arrive live, opens it from his tile and
 * confirms; Ana, who books, sends it one step back; Bor approves again; Ana books it and it
 * lands in the archive; the log shows every step.
 */

async function signInTo(page: Page, user: { username: string; password: string }, org: string) {
  await page.goto('/account/login');
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL(/\/o\/[^/]+\/home$/);
  await page.goto(`/o/${org}/home`);
  await expect(page.getByTestId('home-tiles')).toBeVisible();
}

test('two people take an invoice through its workflow, live notifications and log included', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const org = await createFreshOrganization(request, 'wfana');
  const borUser = await registerUser(request, 'wfbor');
  const members = {
    bor: await joinAsApprover(request, org, borUser),
    ana: await memberKeyOf(request, org, org.username),
  };
  const api = tableApi(request, org);

  // The route of incoming invoices: Bor approves, Ana books.
  const types = await request.get('/api/cl/documentType?count=100', {
    headers: { authorization: org.apikey, 'organization-id': org.organizationId },
  });
  const invoiceType = ((await types.json()) as { items: { id: number; code: string }[] }).items[0];
  await api.create('workflow', {
    code: 'E2E',
    name: 'Incoming invoices',
    documentTypeId: invoiceType?.id,
    isActive: true,
    steps: [
      {
        id: -1,
        position: 1,
        systemTileCode: 'approval',
        name: 'Approval',
        memberKeys: [members.bor],
        roles: [],
        approvalRule: 'any',
        minApprovers: 1,
      },
      {
        id: -2,
        position: 2,
        systemTileCode: 'accounting',
        name: 'Booking',
        memberKeys: [members.ana],
        roles: [],
        approvalRule: 'any',
        minApprovers: 1,
      },
    ],
  });
  const supplier = await api.create('partner', {
    code: 'DOB1',
    name: 'Dobavitelj d.o.o.',
    countryCode: 'SI',
    isActive: true,
    bankAccounts: [],
  });
  const number = `WF-${Date.now().toString(36)}`;
  const created = await request.post('/api/doc', {
    headers: { authorization: org.apikey, 'organization-id': org.organizationId },
    data: {
      number,
      documentTypeId: invoiceType?.id,
      customerKey: supplier.item.key,
      issueDate: '2026-11-20',
      dueDate: '2026-12-20',
      netAmount: '100.00',
      vatAmount: '22.00',
      totalAmount: '122.00',
      currencyCode: 'EUR',
      costLines: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { item } = (await created.json()) as { item: { key: string } };

  const ana = await (await browser.newContext()).newPage();
  const bor = await (await browser.newContext()).newPage();
  await signInTo(ana, org, org.organizationId);
  await signInTo(bor, borUser, org.organizationId);
  // Bor is new here: nothing unread yet.
  const borBadge = bor.getByTestId('notifications-badge');
  const before = 0;
  await expect(bor.getByTestId('notifications-button')).toHaveAccessibleName('Notifications');

  // Ana activates the invoice from its page; Bor's bell counts it without a reload.
  await ana.goto(`/o/${org.organizationId}/work/edit/${item.key}`);
  await ana.getByTestId('doc-activate').click();
  await expect(ana.getByTestId('doc-status')).toHaveText('Active');
  await expect(ana.getByTestId('doc-wf-step')).toContainText('Approval');
  await expect(borBadge).toHaveText(String(before + 1));

  // Bor opens it from his tile and confirms.
  const borTile = bor.getByTestId('home-tile-task-approval');
  await expect(borTile.getByTestId('home-tile-count')).toHaveText('1');
  await borTile.click();
  const row = bor.getByTestId('grid-table').getByTestId('grid-row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await row.dblclick();
  await expect(bor.getByTestId('doc-title')).toHaveText(number);
  await keepScreen(bor, testInfo, 'workflow-approver');
  await bor.getByTestId('wf-action-confirmed').click();
  await expect(bor.getByTestId('doc-wf-step')).toContainText('Accounting');
  // Booking is Ana's: Bor is offered no actions there.
  await expect(bor.getByTestId('wf-actions')).toBeHidden();

  // Ana, who books, sends it one step back with a comment.
  await ana.reload();
  await expect(ana.getByTestId('doc-wf-step')).toContainText('Accounting');
  await ana.getByTestId('wf-actions-menu').click();
  await ana.getByTestId('wf-action-oneStepBack').click();
  await ana.getByTestId('wf-comment').fill('Please check the quantity first.');
  await ana.getByTestId('wf-submit').click();
  await expect(ana.getByTestId('doc-wf-step')).toContainText('Approval');
  await expect(borBadge).toHaveText(String(before + 2));

  // Bor approves again from his notification.
  await bor.getByTestId('notifications-button').click();
  const notification = bor.getByTestId('notification-item').filter({ hasText: number }).first();
  await expect(notification).toContainText('Approval');
  await notification.click();
  await expect(bor.getByTestId('doc-title')).toHaveText(number);
  await bor.getByTestId('wf-action-confirmed').click();
  await expect(bor.getByTestId('doc-wf-step')).toContainText('Accounting');

  // Ana books it: archived, and in the archive tile.
  await ana.reload();
  await ana.getByTestId('wf-action-confirmed').click();
  await expect(ana.getByTestId('doc-status')).toHaveText('Archived');
  await expect(ana.getByTestId('wf-action-confirmed')).toBeHidden();
  await ana.goto(`/o/${org.organizationId}/home`);
  await expect(ana.getByTestId('home-tile-archive').getByTestId('home-tile-count')).toHaveText('1');
  await ana.getByTestId('home-tile-archive').click();
  await expect(
    ana.getByTestId('grid-table').getByTestId('grid-row').filter({ hasText: number }),
  ).toHaveCount(1);

  // The log: who did what, from which step to which, with Ana's comment.
  await ana.goto(`/o/${org.organizationId}/work/edit/${item.key}`);
  const log = ana.getByTestId('wf-log');
  if (await ana.getByTestId('wf-log-toggle').isVisible()) {
    const rows = log.getByTestId('wf-log-row');
    if ((await rows.count()) === 0) await ana.getByTestId('wf-log-toggle').click();
  }
  const rows = log.getByTestId('wf-log-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Activated');
  await expect(rows.nth(1)).toContainText('Confirmed');
  await expect(rows.nth(2)).toContainText('Sent one step back');
  await expect(rows.nth(2)).toContainText('Please check the quantity first.');
  await expect(rows.nth(3)).toContainText('Confirmed');
  await expect(rows.nth(4)).toContainText('Archive');
  await keepScreen(ana, testInfo, 'workflow-log');
});
