import type { Plugin } from 'vite';

/** One string literal of TypeScript source: '...', "..." or a template without `${`. */
const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\x60(?:[^\x60\\$]|\\.)*\x60)`;
const SUMMARY = new RegExp(String.raw`\bsummary:\s*${STRING}(?:\s*\+\s*${STRING})*\s*,`, 'g');

/**
 * A route's `summary` is prose for the OpenAPI document; the browser never reads it. The
 * account routes' summaries alone were 1.4 KB of the entry every page loads (bench/README.md
 * "JavaScript per route"), so the web build leaves them out of packages/contract.
 */
export function stripSummaries(source: string): string {
  return source.replace(SUMMARY, '');
}

export function stripRouteSummaries(): Plugin {
  return {
    name: 'listina-strip-route-summaries',
    enforce: 'pre',
    transform(code, id) {
      if (!/packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      return { code: stripSummaries(code), map: null };
    },
  };
}
