import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);

/** A violation found and reported, not yet fixed: its rule and a part of the element's HTML. */
export interface KnownViolation {
  rule: string;
  htmlPart: string;
  /** Where it comes from and what the fix is. */
  why: string;
}

/**
 * Runs axe-core (WCAG 2.1 A/AA and best practices) on the page, or on one part of it, attaches
 * the whole report and fails on serious or critical violations other than the known ones,
 * listing rule, element and axe's summary so that the failure message alone says what to fix.
 * Known violations that are still there are noted in the report's annotations.
 */
export async function expectNoSeriousViolations(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { include?: string; known?: readonly KnownViolation[] } = {},
) {
  let builder = new AxeBuilder({ page })
    // The app has no frames: axe runs in the page itself instead of merging frame results in
    // a page of its own, which cost 2–3 s a run on the suite's machine.
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  // Kept beside the test's other output, minor and moderate findings included.
  const report = testInfo.outputPath(`axe-${name}.json`);
  fs.writeFileSync(report, JSON.stringify(results.violations, null, 2));
  await testInfo.attach(`axe-${name}`, { path: report, contentType: 'application/json' });
  const found = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact,
        target: node.target.join(' '),
        html: node.html.slice(0, 160),
        summary: node.failureSummary?.split('\n').slice(1, 3).join(' ').trim(),
      })),
    );
  const isKnown = (item: { rule: string; html: string }) =>
    options.known?.some((known) => known.rule === item.rule && item.html.includes(known.htmlPart));
  for (const item of found.filter(isKnown)) {
    testInfo.annotations.push({
      type: 'known axe violation',
      description: `${name}: ${item.rule} on ${item.target}`,
    });
  }
  expect(
    found.filter((item) => !isKnown(item)),
    `serious or critical axe violations on ${name}`,
  ).toEqual([]);
  return results;
}

/**
 * Every form control shown in scope has an accessible name (a label, aria-label or
 * labelledby). Hidden ones (the grid's file input, opened by its Import button) are not read.
 */
export async function expectEveryInputLabelled(scope: Locator) {
  const controls = scope
    .locator(
      ['input:not([type="hidden"])', 'textarea', 'select', '[role="combobox"]', '[role="textbox"]']
        .concat('[contenteditable="true"]')
        // MUI's multiline inputs keep a hidden copy for measuring (aria-hidden, never focused).
        .map((selector) => `${selector}:not([aria-hidden="true"])`)
        .join(', '),
    )
    .filter({ visible: true });
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (const control of await controls.all()) {
    await expect(control).toHaveAccessibleName(/\S/);
  }
  return count;
}
