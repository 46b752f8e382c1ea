import fs from 'node:fs';
import path from 'node:path';
import {
  devices,
  expect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { submitLogin } from './support/app';
import { activatedInvoice, approvalRoute, joinAsApprover } from './support/approval';
import { expectNoSeriousViolations } from './support/axe';
import { onePagePdf } from './support/documents';
import { slovenianIban, upnSlip } from './support/scans';
import { createFreshOrganization, registerUser, type FreshUser } from './support/organization';
import { productionOrigin, useProductionHost } from './support/production-host';
import { keepScreen, SCREENS_DIR } from './support/screens';

/**
 * Issue 26, approvers on a phone: Bor approves from his phone. He signs in through a
 * document's link, opens his tasks from the list, zooms the invoice in, rejects one with a
 * comment and confirms another, one-handed: the page never scrolls sideways and every button
 * he sees is at least 44 px high. The rest of the product does not break on a phone or a
 * tablet either.
 */
const { defaultBrowserType: _browser, ...iPhone } = devices['iPhone 13'];
const SMALL_PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const TABLET = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
const DOCS_SCREENS = path.join(import.meta.dirname, '..', 'docs', 'screens');

// As in a11y.spec.ts: a production host name (support/production-host.ts); each phone context
// opens it by its own baseURL.
useProductionHost({ baseURL: false });

/** An invoice with its PDF, activated by the organisation's admin: a task for the approver. */
const invoiceWithPdf = (
  request: APIRequestContext,
  route: Awaited<ReturnType<typeof approvalRoute>>,
  number: string,
) =>
  activatedInvoice(request, route, {
    number,
    main: { name: 'racun.pdf', mimeType: 'application/pdf', buffer: onePagePdf(number) },
  });

/** The page does not scroll sideways, and the buttons in sight are big enough for a finger. */
async function expectOneHanded(page: Page, where: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], `${where}: the page scrolls sideways`).toBeLessThanOrEqual(widths[1] ?? 0);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, [role="button"], a.MuiButtonBase-root')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const inSight = box.width > 0 && box.bottom > 0 && box.top < innerHeight;
        return inSight && getComputedStyle(element).visibility !== 'hidden';
      })
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
  );
  expect(small, `${where}: buttons smaller than 44 px`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], `${where}: the page scrolls sideways`).toBeLessThanOrEqual(widths[1] ?? 0);
}

/** Keeps the screenshot in the artefacts and in docs/screens. */
async function docsScreen(page: Page, testInfo: TestInfo, name: string) {
  await keepScreen(page, testInfo, name);
  fs.mkdirSync(DOCS_SCREENS, { recursive: true });
  fs.copyFileSync(
    path.join(SCREENS_DIR, `phone-${name}.png`),
    path.join(DOCS_SCREENS, `phone-${name}.png`),
  );
}

test('an approver signs in on a phone, zooms an invoice in, rejects one and confirms another', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const org = await createFreshOrganization(request, 'phoneana');
  const bor: FreshUser = await registerUser(request, 'phonebor');
  const route = await approvalRoute(request, org, await joinAsApprover(request, org, bor));
  const stamp = Date.now().toString(36);
  const [first, second] = [`PH1-${stamp}`, `PH2-${stamp}`];
  const firstKey = await invoiceWithPdf(request, route, first);
  await invoiceWithPdf(request, route, second);

  const phone = await browser.newContext({
    ...iPhone,
    locale: 'en-GB',
    baseURL: productionOrigin(testInfo),
  });
  const page = await phone.newPage();

  // Signed out, the document's link asks him to sign in and then opens the document.
  const link = `/o/${org.organizationId}/work/edit/${firstKey}`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/login\?returnUrl=/);
  await submitLogin(page, bor.username, bor.password);
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByTestId('doc-title')).toHaveText(first);

  // His tasks, from home's tile: rows a finger taps.
  await page.getByTestId('home-button').click();
  await page
    .getByRole('link', { name: /My tasks/i })
    .first()
    .click();
  const rows = page.getByTestId('doc-phone-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first })).toContainText('Dobavitelj d.o.o.');
  await expect(rows.filter({ hasText: first })).toContainText('122,00');
  await expectOneHanded(page, 'task list');
  await expectNoSeriousViolations(page, testInfo, 'phone-tasks');
  await docsScreen(page, testInfo, 'tasks');

  // The first task: the invoice fits the width, and grows with the zoom button.
  await rows.filter({ hasText: first }).click();
  await expect(page.getByTestId('doc-title')).toHaveText(first);
  const canvas = page.getByTestId('preview-pdf').locator('canvas').first();
  await expect(canvas).toBeVisible();
  const before = (await canvas.boundingBox())?.width ?? 0;
  expect(before).toBeLessThanOrEqual(390);
  await page.getByTestId('preview-zoom-in').click();
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  await expectOneHanded(page, 'document');
  await page.getByTestId('preview-zoom-out').click();
  await page.getByTestId('doc-title').scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(page, testInfo, 'phone-document');
  await docsScreen(page, testInfo, 'document');

  // He rejects it with a comment.
  await page.getByTestId('wf-actions-menu').click();
  await page.getByTestId('wf-action-rejected').click();
  await page.getByTestId('wf-comment').fill('Not ordered by us.');
  await page.getByTestId('wf-submit').click();
  await expect(page.getByTestId('wf-actions')).toBeHidden();
  await expectOneHanded(page, 'rejected document');

  // Back to the list: the other task, confirmed.
  await page.getByTestId('doc-back').click();
  await page.getByTestId('doc-phone-row').filter({ hasText: second }).click();
  await expect(page.getByTestId('doc-title')).toHaveText(second);
  await expectOneHanded(page, 'second document');
  await page.getByTestId('wf-action-confirmed').click();
  await expect(page.getByTestId('doc-status')).toHaveText('Archived');
  await phone.close();
});

/** The keys of the documents that are a user's tasks in the organisation, as his list has them. */
async function tasksOf(
  request: APIRequestContext,
  organizationId: string,
  user: FreshUser,
): Promise<string[]> {
  const response = await request.get('/api/doc?count=100&filter=task:mine', {
    headers: { authorization: user.apikey, 'organization-id': organizationId },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: { key: string }[] }).items.map((item) => item.key);
}

/** Every scrolling box of the page, and the page, scrolled to its end or to its start. */
async function scrollAll(page: Page, to: 'top' | 'bottom') {
  await page.evaluate((end) => {
    for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) {
      if (element && element.scrollHeight > element.clientHeight) {
        element.scrollTop = end === 'top' ? 0 : element.scrollHeight;
      }
    }
  }, to);
}

/** The button is on the screen, not scrolled away below or above it. */
async function expectOnScreen(page: Page, testId: string, where: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const height = await page.evaluate(() => innerHeight);
  expect(box, `${where}: ${testId} is not shown`).not.toBeNull();
  expect(box?.y ?? -1, `${where}: ${testId} is above the screen`).toBeGreaterThanOrEqual(0);
  expect(
    (box?.y ?? 0) + (box?.height ?? 0),
    `${where}: ${testId} is below the screen`,
  ).toBeLessThanOrEqual(height);
}

test('an approver on a phone forwards one task, asks for data on another, and zooms a photographed invoice in', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const org = await createFreshOrganization(request, 'phonefwd');
  const bor: FreshUser = await registerUser(request, 'phonebor');
  const cene: FreshUser = await registerUser(request, 'phonecene');
  const borKey = await joinAsApprover(request, org, bor);
  const ceneKey = await joinAsApprover(request, org, cene);
  const route = await approvalRoute(request, org, [borKey, ceneKey]);
  const stamp = Date.now().toString(36);
  const [forwarded, supplemented, photographed] = [`PF1-${stamp}`, `PS2-${stamp}`, `PI3-${stamp}`];
  const forwardedKey = await invoiceWithPdf(request, route, forwarded);
  const supplementedKey = await invoiceWithPdf(request, route, supplemented);
  // A photographed slip as the invoice's main file: the preview shows an image, not a PDF.
  const slip = await upnSlip({
    amountCents: 12_200,
    purposeCode: 'SUPP',
    purpose: `Plačilo računa ${photographed}`,
    dueDate: '20.12.2026',
    iban: slovenianIban('19100', '40012345'),
    reference: 'SI00123',
    name: 'Dobavitelj d.o.o.',
    street: 'Cesta 1',
    town: '1000 Ljubljana',
  });
  await activatedInvoice(request, route, {
    number: photographed,
    main: { name: 'racun.png', mimeType: 'image/png', buffer: slip },
  });

  const phone = await browser.newContext({
    ...iPhone,
    locale: 'en-GB',
    baseURL: productionOrigin(testInfo),
  });
  const page = await phone.newPage();
  await page.goto('/account/login');
  await submitLogin(page, bor.username, bor.password);
  await page
    .getByRole('link', { name: /My tasks/i })
    .first()
    .click();
  const rows = page.getByTestId('doc-phone-row');
  await expect(rows).toHaveCount(3);
  await expectOneHanded(page, 'task list');

  // The photographed invoice fits the width and grows with the zoom button.
  await rows.filter({ hasText: photographed }).click();
  await expect(page.getByTestId('doc-title')).toHaveText(photographed);
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect.poll(async () => (await image.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  const before = (await image.boundingBox())?.width ?? 0;
  expect(before).toBeLessThanOrEqual(390);
  await page.getByTestId('preview-zoom-in').click();
  await expect.poll(async () => (await image.boundingBox())?.width ?? 0).toBeGreaterThan(before);
  await expectOneHanded(page, 'photographed document');
  await page.getByTestId('preview-zoom-out').click();

  // The actions stay at the bottom of the screen wherever the document is scrolled, and the
  // end of the document scrolls clear of them.
  await scrollAll(page, 'bottom');
  await expectOnScreen(page, 'wf-action-confirmed', 'scrolled to the end');
  await expectOnScreen(page, 'wf-actions-menu', 'scrolled to the end');
  const barTop = (await page.getByTestId('wf-actions').boundingBox())?.y ?? 0;
  const contentBottom = await page.evaluate(() => {
    const page = document.querySelector('[data-testid="doc-edit-page"]');
    const scroller = page?.parentElement;
    const last = scroller?.lastElementChild ?? page;
    return last?.getBoundingClientRect().bottom ?? 0;
  });
  expect(contentBottom, 'the action bar hides the end of the document').toBeLessThanOrEqual(
    barTop + 1,
  );
  await docsScreen(page, testInfo, 'action-bar');
  await scrollAll(page, 'top');
  await expectOnScreen(page, 'wf-action-confirmed', 'scrolled to the top');
  await expect(page.getByTestId('doc-title')).toBeInViewport();

  // He forwards the first invoice to Cene with a comment.
  await page.getByTestId('doc-back').click();
  await rows.filter({ hasText: forwarded }).click();
  await expect(page.getByTestId('doc-title')).toHaveText(forwarded);
  await page.getByTestId('wf-actions-menu').click();
  await page.getByTestId('wf-action-forwarded').click();
  const dialog = page.getByTestId('wf-dialog');
  await dialog.getByRole('combobox').fill('phonecene');
  await page.getByRole('option', { name: new RegExp(cene.username) }).click();
  await page.getByTestId('wf-comment').fill('You ordered this one.');
  await expectOneHanded(page, 'forward dialog');
  await page.getByTestId('wf-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wf-actions')).toBeHidden();
  // It is Cene's task now, and no longer Bor's.
  await expect.poll(() => tasksOf(request, org.organizationId, cene)).toContain(forwardedKey);
  expect(await tasksOf(request, org.organizationId, bor)).not.toContain(forwardedKey);

  // He asks for more data on the second, the comment saying which. (The document's back
  // button opens all documents; his tasks are home's tile.)
  const openMyTasks = async () => {
    await page.getByTestId('home-button').click();
    await page
      .getByRole('link', { name: /My tasks/i })
      .first()
      .click();
  };
  await openMyTasks();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: forwarded })).toHaveCount(0);
  await rows.filter({ hasText: supplemented }).click();
  await expect(page.getByTestId('doc-title')).toHaveText(supplemented);
  await page.getByTestId('wf-actions-menu').click();
  await page.getByTestId('wf-action-supplementData').click();
  await page.getByTestId('wf-comment').fill('Please add the delivery note.');
  await expectOneHanded(page, 'supplement dialog');
  await page.getByTestId('wf-submit').click();
  await expect(page.getByTestId('wf-dialog')).toBeHidden();
  await expect(page.getByTestId('wf-actions')).toBeHidden();
  await expectOneHanded(page, 'supplemented document');
  expect(await tasksOf(request, org.organizationId, bor)).not.toContain(supplementedKey);

  // His tasks keep only the photographed invoice.
  await openMyTasks();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(photographed);
  await phone.close();
});

for (const [name, device] of [
  ['a phone (360 × 740)', SMALL_PHONE],
  ['a tablet (768 × 1024)', TABLET],
] as const) {
  test(`home, code lists, payments and the profile do not scroll sideways on ${name}`, async ({
    browser,
    request,
  }) => {
    const org = await createFreshOrganization(request, 'phonepages');
    const context = await browser.newContext({ ...device, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/account/login');
    await submitLogin(page, org.username, org.password);
    await expect(page).toHaveURL(/\/o\/[^/]+\/home$/);
    await expectNoSidewaysScroll(page, 'home');
    const more = page.getByTestId('toolbar-more');
    const isPhone = device.viewport.width < 600;
    await expect(more).toHaveCount(isPhone ? 1 : 0);
    const open = async (testId: string) => {
      if (isPhone) await more.click();
      await page.getByTestId(testId).click();
    };
    await open('code-lists-button');
    await expect(page).toHaveURL(/\/cl/);
    await expect(page.getByTestId('code-lists-page')).toBeVisible();
    await expectNoSidewaysScroll(page, 'code lists');
    await open('payments-button');
    await expect(page).toHaveURL(/\/payments/);
    await expectNoSidewaysScroll(page, 'payments');
    await open('intake-button');
    await expect(page).toHaveURL(/\/intake/);
    await expectNoSidewaysScroll(page, 'intake');
    if (isPhone) {
      await more.click();
    } else {
      await page.getByTestId('user-menu').click();
    }
    await page.getByTestId('user-menu-profile').click();
    await expect(page).toHaveURL(/\/account\/profile/);
    await expectNoSidewaysScroll(page, 'profile');
    await context.close();
  });
}
