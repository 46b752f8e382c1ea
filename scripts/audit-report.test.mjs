import { describe, expect, it } from 'vitest';
import { EXIT, readAudit, verdict } from './audit-report.mjs';

/** Issue 9: what `npm run audit` says for each answer npm audit can give. */

const report = (counts, vulnerabilities = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
    },
  });

describe('npm run audit', () => {
  it('passes a clean report and says what it counted', () => {
    expect(verdict(readAudit(report({ low: 2 })))).toEqual({
      code: EXIT.ok,
      lines: [
        'npm audit of the production dependencies: 0 critical, 0 high, 0 moderate, 2 low, 0 info.',
      ],
    });
  });

  it('fails on a high vulnerability and names the package', () => {
    const { code, lines } = verdict(
      readAudit(report({ high: 1 }, { tar: { name: 'tar', severity: 'high', range: '<6.2.1' } })),
    );
    expect(code).toBe(EXIT.vulnerable);
    expect(lines).toContain('  high: tar <6.2.1');
  });

  it('says plainly that nothing was checked when the advisory service does not answer', () => {
    const refused = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(verdict(readAudit(refused))).toEqual({
      code: EXIT.unreachable,
      lines: [
        'npm audit could not reach the advisory service: 405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk; nothing was checked.',
      ],
    });
    const offline = readAudit(
      '',
      'npm error code ENOTFOUND\nnpm error getaddrinfo ENOTFOUND registry.example\n',
    );
    expect(offline).toEqual({
      kind: 'unreachable',
      reason: 'getaddrinfo ENOTFOUND registry.example',
    });
  });
});
