import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { scriptSizes } from './grid-probes';
import type { ApiSession } from './listina-api';

/** Debian's Chromium with the flags of the browser suite (e2e/playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Functions handed to page.evaluate are sent as their source text, and tsx (esbuild with
 * keepNames) wraps the named functions inside them in `__name(…)`, which the page lacks.
 */
const NAME_HELPER = 'globalThis.__name = (target) => target;';

/**
 * A fresh context (empty cache) already signed in: the apikey and organisation the app keeps
 * in local storage (apps/web/src/app/storage.ts), as after the login form.
 */
export async function signedInContext(
  browser: Browser,
  session: ApiSession,
  viewport = { width: 1280, height: 1000 },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-GB',
    timezoneId: 'Europe/Ljubljana',
    storageState: {
      cookies: [],
      origins: [
        {
          origin: session.url,
          localStorage: [
            { name: 'listina.apikey', value: session.apikey },
            { name: 'listina.organizationId', value: session.organizationId },
          ],
        },
      ],
    },
  });
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

/** A fresh context, signed out, with the same helper. */
export async function anonymousContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addInitScript({ content: NAME_HELPER });
  return context;
}

/** What the browser received for the scripts of a page, from the real server. */
export interface ScriptsReceived {
  count: number;
  /** Bytes of the bodies as sent (compressed, if the server compresses). */
  encoded: number;
  decoded: number;
  /** content-encoding headers seen ('none' when absent). */
  encodings: string[];
}

export async function scriptsOfPage(
  browser: Browser,
  url: string,
  readySelector: string,
): Promise<ScriptsReceived> {
  const context = await anonymousContext(browser);
  const page = await context.newPage();
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) {
      encodings.add(response.headers()['content-encoding'] ?? 'none');
    }
  });
  await page.goto(url);
  await page.locator(readySelector).waitFor();
  const scripts = await page.evaluate(scriptSizes);
  await context.close();
  return {
    count: scripts.length,
    encoded: scripts.reduce((sum, s) => sum + s.encoded, 0),
    decoded: scripts.reduce((sum, s) => sum + s.decoded, 0),
    encodings: [...encodings],
  };
}
