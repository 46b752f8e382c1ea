import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/**
 * Keeps a screenshot of a state the spec reached: in test-results/screens/<spec>-<state>.png
 * (git-ignored; Playwright empties test-results when a run starts) and attached to the report.
 */
export async function keepScreen(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  const spec = path.basename(testInfo.file).replace(/\.spec\.ts$/, '');
  const file = path.join(testInfo.project.outputDir, 'screens', `${spec}-${state}.png`);
  const body = await page.screenshot({ path: file, animations: 'disabled' });
  await testInfo.attach(state, { body, contentType: 'image/png' });
}
