// @ts-check
// What CI makes of `npm audit --omit=dev --json`: a report with high or critical advisories fails the run; a report
// with only lesser ones passes and says how many; no report at all (the advisory endpoint refused, e.g. 405 from a
// registry mirror that does not serve it, or did not answer) passes with one line saying nothing was checked.

/** @typedef {{ info?: number, low?: number, moderate?: number, high?: number, critical?: number }} Counts */

/**
 * @param {{ stdout: string }} audit what npm printed with --json
 * @returns {{ fail: boolean, lines: string[] }}
 */
export function auditVerdict({ stdout }) {
  /** @type {any} */
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    report = null;
  }
  /** @type {Counts | undefined} */
  const counts = report?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') {
    // npm's own error report ("405 Method Not Allowed - POST <url>"), or whatever else it printed first.
    const said = report?.message || report?.error?.summary || stdout.trim().split('\n')[0];
    const why = String(said || 'no answer')
      .split(' - ')[0]
      ?.slice(0, 120);
    return {
      fail: false,
      lines: [`npm audit: the advisory endpoint gave no report (${why}); production dependencies not checked`],
    };
  }
  const n = (/** @type {keyof Counts} */ level) => Number(counts[level] ?? 0);
  const serious = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => v?.severity === 'high' || v?.severity === 'critical')
    .map(
      ([name, v]) =>
        `  ${name}: ${v.severity}${v.fixAvailable ? ' (a fix is available: npm audit fix --omit=dev)' : ''}`,
    );
  const lesser = `${n('moderate')} moderate, ${n('low')} low`;
  if (n('high') + n('critical') > 0)
    return {
      fail: true,
      lines: [
        `npm audit: ${n('critical')} critical and ${n('high')} high advisories in production dependencies (and ${lesser}):`,
        ...serious,
      ],
    };
  return { fail: false, lines: [`npm audit: no high or critical advisories in production dependencies (${lesser})`] };
}
