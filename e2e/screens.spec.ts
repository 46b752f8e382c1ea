import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { keepScreen, SCREENS_DIR } from './support/screens';

test('a kept screenshot lands in e2e/artifacts/screens, outside the folder each run empties', async ({
  page,
}, testInfo) => {
  const file = path.join(SCREENS_DIR, 'screens-playground.png');
  fs.rmSync(file, { force: true });
  await page.goto('/playground');
  await expect(page.getByTestId('playground-form')).toBeVisible();
  await keepScreen(page, testInfo, 'playground');
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  const outputDir = path.resolve(testInfo.project.outputDir);
  expect(path.relative(outputDir, file).startsWith('..')).toBe(true);
  expect(testInfo.attachments.map((item) => item.name)).toContain('playground');
});
