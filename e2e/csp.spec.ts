import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { uploadDocument } from './support/documents';
import { createFreshOrganization } from './support/organization';

/**
 * Issue 9: the app runs whole under its Content-Security-Policy (script-src 'self', no
 * framing): signing in, the home page and a document whose PDF pdf.js draws in its worker and
 * whose image the preview shows break no rule of it.
 */
test('the app, pdf.js and the preview run under the Content-Security-Policy without a violation', async ({
  page,
  playwright,
  baseURL,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = (window as unknown as { cspViolations?: string[] }).cspViolations ?? [];
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
      (window as unknown as { cspViolations?: string[] }).cspViolations = seen;
    });
  });

  const home = await page.goto('/account/login');
  expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  expect(home?.headers()['x-frame-options']).toBe('DENY');
  // An organisation of its own: the demo's would hold this upload's attachment, which other
  // specs upload there too (a file already in a document is a warning).
  const api = await playwright.request.newContext({ baseURL });
  const organization = await createFreshOrganization(api, 'csp');
  const key = await uploadDocument(api, organization, `CSP-${Date.now().toString(36)}`);
  await api.dispose();
  await signIn(page, organization.username, organization.password);

  await page.goto(`/o/${organization.organizationId}/work/edit/${key}`);
  const preview = page.getByTestId('preview-panel');
  await expect(preview.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
  await preview.getByTestId('preview-tab').nth(1).click();
  await expect(preview.getByTestId('preview-image')).toBeVisible();
  await expect
    .poll(() =>
      preview.getByTestId('preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1);

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
  );
  expect(violations).toEqual([]);
  expect(refused).toEqual([]);
});
