import { test, type TestInfo } from '@playwright/test';

/**
 * The browser opens the product by a production host name, whose primary colour is blue, since
 * development hosts' orange (spec §9) fails color-contrast on purpose. Chromium resolves the
 * name to the suite's own server, so the page and everything it loads share one origin, as in
 * production. The API calls keep the suite's address (realOrigin).
 */
export const PRODUCTION_HOST = 'listina.test';

/** The suite's own address, for API calls. */
export const realOrigin = (testInfo: TestInfo) =>
  new URL(testInfo.project.use.baseURL ?? '').origin;

/** The suite's server under the production host name. */
export const productionOrigin = (testInfo: TestInfo) => {
  const url = new URL(realOrigin(testInfo));
  url.hostname = PRODUCTION_HOST;
  return url.origin;
};

/**
 * For the tests of the calling file: the host name resolves to the suite's server and, unless
 * `baseURL: false`, pages open by it.
 */
export function useProductionHost({ baseURL = true }: { baseURL?: boolean } = {}) {
  test.use({
    launchOptions: [
      async ({ launchOptions }, use) => {
        const args = [
          ...(launchOptions.args ?? []),
          `--host-resolver-rules=MAP ${PRODUCTION_HOST} 127.0.0.1`,
        ];
        await use({ ...launchOptions, args });
      },
      { scope: 'worker' },
    ],
  });
  if (baseURL)
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    test.use({ baseURL: async ({}, use, testInfo) => use(productionOrigin(testInfo)) });
}
