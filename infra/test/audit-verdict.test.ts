// CI's audit step fails for high or critical advisories in the production dependencies, and only for those: an
// advisory endpoint that refuses or does not answer is one line, not a failed run.
import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../scripts/audit-verdict.mjs';

/** The shape `npm audit --json` (report version 2) prints when the endpoint answers. */
function report(vulnerabilities: Record<string, { severity: string; fixAvailable: boolean }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  for (const v of Object.values(vulnerabilities)) {
    counts[v.severity as keyof typeof counts] += 1;
    counts.total += 1;
  }
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: Object.fromEntries(
      Object.entries(vulnerabilities).map(([name, v]) => [name, { name, isDirect: false, via: [], effects: [], ...v }]),
    ),
    metadata: { vulnerabilities: counts, dependencies: { prod: 120, dev: 0, total: 120 } },
  });
}

describe('the audit verdict', () => {
  it('fails on a high or critical advisory, naming the package and whether a fix is available', () => {
    const verdict = auditVerdict({
      stdout: report({
        semver: { severity: 'high', fixAvailable: true },
        'ws-old': { severity: 'critical', fixAvailable: false },
        debug: { severity: 'low', fixAvailable: true },
      }),
    });
    expect(verdict.fail).toBe(true);
    expect(verdict.lines[0]).toContain('1 critical and 1 high');
    expect(verdict.lines.join('\n')).toMatch(/semver: high \(a fix is available/);
    expect(verdict.lines.join('\n')).toMatch(/ws-old: critical$/m);
  });

  it('passes with only moderate or low advisories, saying how many', () => {
    const verdict = auditVerdict({ stdout: report({ debug: { severity: 'moderate', fixAvailable: true } }) });
    expect(verdict).toEqual({
      fail: false,
      lines: ['npm audit: no high or critical advisories in production dependencies (1 moderate, 0 low)'],
    });
    expect(auditVerdict({ stdout: report({}) }).fail).toBe(false);
  });

  it('passes with one line when the advisory endpoint refuses (405 from a registry that does not serve it)', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    });
    const verdict = auditVerdict({ stdout: refused });
    expect(verdict.fail).toBe(false);
    expect(verdict.lines).toEqual([
      'npm audit: the advisory endpoint gave no report (405 Method Not Allowed); production dependencies not checked',
    ]);
  });

  it('passes with one line when nothing answered at all', () => {
    for (const stdout of ['', 'npm error code ENOTFOUND\nnpm error network request failed'])
      expect(auditVerdict({ stdout }).lines).toHaveLength(1);
    expect(auditVerdict({ stdout: '' }).fail).toBe(false);
  });
});
