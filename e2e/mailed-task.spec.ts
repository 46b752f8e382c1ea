import path from 'node:path';
import { devices, expect, test } from '@playwright/test';
import { submitLogin } from './support/app';
import { waitForMail } from './support/mailbox';
import { activatedInvoice, approvalRoute, joinAsApprover } from './support/approval';
import { createFreshOrganization, registerUser } from './support/organization';

/**
 * Issue 26, an approver away from the desk: Ana activates an invoice; Bor, its approver, is not
 * signed in anywhere. The mail the server sends him through SMTP (the suite's real listener,
 * support/smtp-listener.ts) names the organisation, the supplier, the amount due and the due
 * date, in text and HTML; he opens its link on his phone, signs in, lands on the document and
 * confirms it there.
 */
const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];

test('an approver opens a task from its mail on a phone, signs in and confirms it', async ({
  browser,
  request,
}) => {
  test.slow();
  const org = await createFreshOrganization(request, 'mailana');
  const borUser = await registerUser(request, 'mailbor');
  const route = await approvalRoute(request, org, await joinAsApprover(request, org, borUser));
  const number = `MAIL-${Date.now().toString(36)}`;
  const key = await activatedInvoice(request, route, number);

  // The mail, as Bor's mail program shows it, received over SMTP.
  const mail = await waitForMail(`${borUser.username}@example.test`, number);
  expect(path.basename(mail.file)).toMatch(/^\d+-smtp\d+-/);
  expect(mail.subject).toBe(`[${org.name}] A document waits for you: ${number} Dobavitelj d.o.o.`);
  expect(mail.text).toContain('Amount due: 122,00 EUR');
  expect(mail.text).toContain('Due date: 20.12.2026');
  expect(mail.headers['list-unsubscribe']).toMatch(/\/account\/profile#notifications>$/);
  const link = /href="([^"]+\/work\/edit\/[^"]+)"/.exec(mail.html)?.[1];
  expect(link).toBe(new URL(`/o/${org.organizationId}/work/edit/${key}`, link).href);

  // On his phone, signed out: the link asks him to sign in, then opens the document.
  const phone = await browser.newContext({ ...iPhone, locale: 'en-GB' });
  const page = await phone.newPage();
  await page.goto(link ?? '');
  await expect(page).toHaveURL(/\/account\/login\?returnUrl=/);
  await submitLogin(page, borUser.username, borUser.password);
  await expect(page).toHaveURL(new RegExp(`/o/${org.organizationId}/work/edit/${key}$`));
  await expect(page.getByTestId('doc-title')).toHaveText(number);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  await page.getByTestId('wf-action-confirmed').click();
  await expect(page.getByTestId('doc-status')).toHaveText('Archived');
  await phone.close();
});
