import { expect, test, type Page } from '@playwright/test';
import {
  DOVECOT_BIN,
  dovecotAvailable,
  startDovecot,
  type DovecotServer,
} from '../apps/server/test/dovecot';
import { gridRow, isSaveOf, openCodeList, openCodeLists } from './support/code-lists';
import {
  ESLOG_INVOICE,
  FACTURX_INVOICE,
  invoiceMessage,
  type CorpusInvoice,
} from './support/intake-mail';
import { createFreshOrganization } from './support/organization';
import { keepScreen } from './support/screens';

/**
 * Issue 25, invoices by e-mail: a new organisation's admin sets up the mailbox its suppliers
 * write to (a real Dovecot on 127.0.0.1, started here), tests it, and two invoices e-mailed
 * to it come in on the Intake page and open as documents with what capture read. The e2e
 * server polls mailboxes every INTAKE_POLL_SECONDS (playwright.config.ts) and wakes on IDLE.
 */

const MAIL_USER = 'racuni';
const MAIL_PASSWORD = 'imap-geslo-25';
/** How long the worker may take to see, import and capture a message. */
const IMPORT_TIMEOUT = 120_000;

let dovecot: DovecotServer | undefined;

test.skip(!dovecotAvailable(), `no Dovecot at ${DOVECOT_BIN} (apt-get install dovecot-imapd)`);

test.beforeAll(async () => {
  // Plain IMAP, no STARTTLS offered: the server under test, started before this file, cannot
  // be told to trust the certificate the test server makes for itself.
  dovecot = await startDovecot({ users: { [MAIL_USER]: MAIL_PASSWORD }, tls: false });
});

test.afterAll(async () => {
  await dovecot?.stop();
});

/** The Intake page's line of the message with this subject. */
const messageRow = (page: Page, subject: string) =>
  page.getByTestId('intake-message').filter({ hasText: subject });

/** The document made from the message opens in the editor with the invoice's fields read. */
async function expectCapturedDocument(page: Page, subject: string, invoice: CorpusInvoice) {
  await messageRow(page, subject).getByTestId('intake-documents').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/work\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('field-number')).toHaveValue(invoice.number, {
    timeout: IMPORT_TIMEOUT,
  });
  const form = page.getByTestId('doc-form');
  await expect(form.getByRole('textbox', { name: 'Total' })).toHaveValue(invoice.total);
  // A supplier none of the new organisation's partners is: offered from what capture read.
  const supplier = page.getByTestId('capture-partner');
  await expect(supplier).toContainText(invoice.supplierName);
  await expect(supplier).toContainText(invoice.vatId);
}

test('a new admin sets up a mailbox, tests it, and two e-mailed invoices become documents with captured fields', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  if (!dovecot) throw new Error('Dovecot did not start');
  const mail = dovecot;
  const organization = await createFreshOrganization(request, 'intake');

  // 1. The mailbox, in the code lists: the password typed is masked, and the test says it works.
  await openCodeLists(page, organization);
  await openCodeList(page, 'intakeMailbox', 'Mailboxes');
  await page.getByTestId('grid-add').click();
  const dialog = page.getByTestId('edit-dialog');
  await dialog.getByTestId('field-name').fill('Prejeti računi');
  await dialog.getByTestId('field-host').fill(mail.host);
  await dialog.getByTestId('field-port').fill(String(mail.port));
  await dialog.getByTestId('field-tls').uncheck();
  await dialog.getByTestId('field-username').fill(MAIL_USER);
  const password = dialog.getByTestId('field-password');
  await password.fill(MAIL_PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await expect(dialog.getByTestId('field-folder')).toHaveValue('INBOX');

  await dialog.getByTestId('form-action-testMailbox').click();
  const tested = dialog.getByTestId('form-action-testMailbox-result');
  await expect(tested).toHaveAttribute('role', 'status');
  await expect(tested).toHaveClass(/MuiAlert-colorSuccess/);
  await expect(tested).toContainText('INBOX');
  await keepScreen(page, testInfo, 'intake-mailbox-tested');

  const saved = page.waitForResponse(isSaveOf('intakeMailbox'));
  await dialog.getByTestId('edit-dialog-save').click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const row = gridRow(page, 'Prejeti računi');
  await expect(row).toContainText(mail.host);
  await expect(row).not.toContainText(MAIL_PASSWORD);

  // 2. Two suppliers e-mail their invoices: an e-SLOG XML and a Factur-X PDF.
  const eslogSubject = `Račun ${ESLOG_INVOICE.number}`;
  const facturxSubject = `Facture ${FACTURX_INVOICE.number}`;
  await mail.append(
    MAIL_USER,
    'INBOX',
    await invoiceMessage({
      fromName: 'IP Jamšek d.o.o.',
      from: 'racuni@ip-jamsek.si',
      to: `${MAIL_USER}@example.si`,
      subject: eslogSubject,
      invoice: ESLOG_INVOICE,
    }),
  );
  await mail.append(
    MAIL_USER,
    'INBOX',
    await invoiceMessage({
      fromName: 'Le Fournisseur',
      from: 'factures@fournisseur.fr',
      to: `${MAIL_USER}@example.si`,
      subject: facturxSubject,
      invoice: FACTURX_INVOICE,
    }),
  );

  // 3. The Intake page shows them imported, each with the document made from it.
  await page.getByRole('banner').getByTestId('intake-button').click();
  await expect(page.getByTestId('intake-page')).toBeVisible();
  await expect(page.getByTestId('intake-address')).toContainText('@');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('intake-message')).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: IMPORT_TIMEOUT });
  for (const [subject, sender] of [
    [eslogSubject, 'racuni@ip-jamsek.si'],
    [facturxSubject, 'factures@fournisseur.fr'],
  ] as const) {
    const line = messageRow(page, subject);
    await expect(line.getByTestId('intake-sender')).toHaveText(sender);
    await expect(line.getByTestId('intake-result')).toHaveText('Imported');
    await expect(line.getByTestId('intake-documents').getByRole('link')).toHaveCount(1);
  }
  await expect(messageRow(page, eslogSubject).getByTestId('intake-sender-name')).toHaveText(
    'IP Jamšek d.o.o.',
  );
  await keepScreen(page, testInfo, 'intake-log');

  // 4. Each opens as a document with the supplier and the amounts read from the invoice.
  await expectCapturedDocument(page, eslogSubject, ESLOG_INVOICE);
  await keepScreen(page, testInfo, 'intake-document');
  await page.goBack();
  await expect(page.getByTestId('intake-page')).toBeVisible();
  await expectCapturedDocument(page, facturxSubject, FACTURX_INVOICE);

  // The mailbox marked them read once their documents were made (afterImport: markRead).
  const inbox = await mail.messages(MAIL_USER, 'INBOX');
  expect(inbox.map((message) => message.flags)).toEqual([['\\Seen'], ['\\Seen']]);
});
