/**
 * How `npm run audit` reads `npm audit --omit=dev --json` (scripts/audit.mjs): a report with
 * its counts by severity, or the plain reason the advisory service gave no answer. Shared by
 * the script and its test.
 */

export const SEVERITIES = ['critical', 'high', 'moderate', 'low', 'info'];

/** Exit codes of `npm run audit` (docs/security.md). */
export const EXIT = { ok: 0, vulnerable: 1, failed: 2, unreachable: 3 };

/**
 * { kind: 'report', counts, packages } when the service answered; { kind: 'unreachable',
 * reason } when npm could not ask it (no network, a registry without the bulk advisory
 * endpoint answering 404 or 405, …).
 */
export function readAudit(stdout, stderr = '') {
  let json;
  try {
    json = JSON.parse(stdout);
  } catch {
    const reason = lastLine(stderr) || 'npm audit printed no report';
    return { kind: 'unreachable', reason };
  }
  const counts = json?.metadata?.vulnerabilities;
  if (counts && typeof counts === 'object') {
    const packages = Object.values(json.vulnerabilities ?? {})
      .filter((v) => v && (v.severity === 'high' || v.severity === 'critical'))
      .map((v) => ({ name: v.name, severity: v.severity, range: v.range }));
    return {
      kind: 'report',
      counts: Object.fromEntries(SEVERITIES.map((s) => [s, Number(counts[s] ?? 0)])),
      packages,
    };
  }
  const reason =
    json?.error?.code ||
    json?.message ||
    json?.error?.summary ||
    lastLine(stderr) ||
    'npm audit gave no report';
  return { kind: 'unreachable', reason: String(reason) };
}

/** The lines to print and the exit code. */
export function verdict(result) {
  if (result.kind === 'unreachable')
    return {
      code: EXIT.unreachable,
      lines: [
        `npm audit could not reach the advisory service: ${result.reason}; nothing was checked.`,
      ],
    };
  const { counts, packages } = result;
  const summary = SEVERITIES.map((s) => `${counts[s]} ${s}`).join(', ');
  const serious = counts.critical + counts.high;
  const lines = [`npm audit of the production dependencies: ${summary}.`];
  for (const p of packages) lines.push(`  ${p.severity}: ${p.name} ${p.range ?? ''}`.trimEnd());
  if (serious > 0) lines.push('High or critical vulnerabilities ship: see `npm audit --omit=dev`.');
  return { code: serious > 0 ? EXIT.vulnerable : EXIT.ok, lines };
}

const lastLine = (text) =>
  text
    .split('\n')
    .map((l) => l.replace(/^npm (error|ERR!|warn)\s*/, '').trim())
    .filter((l) => l && !/complete log of this run|Unknown user config/.test(l))
    .at(-1) ?? '';
