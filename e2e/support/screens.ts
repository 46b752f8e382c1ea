import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Where the screenshots of each state are kept (issue 4: screenshots of each state kept as
 * test artefacts). Outside Playwright's outputDir, which it empties when a run starts, so the
 * last screenshot of every state survives; git-ignored.
 */
export const SCREENS_DIR = path.join(import.meta.dirname, '..', 'artifacts', 'screens');

/**
 * Keeps a screenshot of a state the spec reached: in e2e/artifacts/screens/<spec>-<state>.png
 * and attached to the HTML report (e2e/artifacts/html).
 */
export async function keepScreen(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  const spec = path.basename(testInfo.file).replace(/\.spec\.ts$/, '');
  const file = path.join(SCREENS_DIR, `${spec}-${state}.png`);
  const body = await page.screenshot({ path: file, animations: 'disabled' });
  await testInfo.attach(state, { body, contentType: 'image/png' });
}
