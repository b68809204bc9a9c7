// The dashboard and the alert rules are files (deploy/observability): they parse, every PromQL expression in them is
// valid, and every metric they name is one the three compiled processes export on /metrics (a renamed metric would
// leave a panel empty and an alert silent). Label names they match on are checked where the metric has samples.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix } from '@app/infra';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../infra/test-support/test-database.js';
import { REDIS_URL } from '../api/test/support/test-app.js';
import { requireCompiledEntries, startCompiled, type RunningService } from './support/compiled-service.js';
import { freePorts } from './support/launcher.js';

const observability = fileURLToPath(new URL('../deploy/observability/', import.meta.url));
const read = (path: string) => readFileSync(join(observability, path), 'utf8');
const TOKEN = 'observability-files-metrics-token';
/** Series Prometheus makes itself for every target, not exported by any process. */
const PROMETHEUS_OWN = new Set(['up']);
/** Labels Prometheus attaches to every scraped series (the job and the target's address). */
const TARGET_LABELS = new Set(['job', 'instance']);

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Panel {
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: { expr: string; datasource?: { uid: string } }[];
  panels?: Panel[];
}

const rules = (parse(read('prometheus/alerts.yml')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap(
  (g) => g.rules,
);
const dashboard = JSON.parse(read('grafana/dashboards/carbid-overview.json')) as { uid: string; panels: Panel[] };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queries = [
  ...rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
  ...panels.flatMap((p) => (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr }))),
];

/** The metrics an expression selects, with the label names it matches on; syntax errors by position. */
function selectors(expr: string): { errors: string[]; selected: { metric: string; labels: string[] }[] } {
  // Grafana fills these in before the query reaches Prometheus.
  const promql = expr.replaceAll('$__rate_interval', '1m').replaceAll('$__interval', '1m');
  const errors: string[] = [];
  const selected: { metric: string; labels: string[] }[] = [];
  const cursor = parser.parse(promql).cursor();
  do {
    if (cursor.type.isError)
      errors.push(`at ${cursor.from}: ${promql.slice(Math.max(0, cursor.from - 20), cursor.from + 20)}`);
    if (cursor.name === 'VectorSelector') {
      const node = cursor.node;
      const metric = node.getChild('Identifier');
      const labels = (node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []).map((m) => {
        const name = m.getChild('LabelName')!;
        return promql.slice(name.from, name.to);
      });
      if (metric) selected.push({ metric: promql.slice(metric.from, metric.to), labels });
    }
  } while (cursor.next());
  return { errors, selected };
}

/** Every series name a /metrics text can hold, with the label names seen on its samples. */
function exported(text: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (name: string) => names.get(name) ?? names.set(name, new Set()).get(name)!;
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      const [, family, kind] = type as unknown as [string, string, string];
      add(family);
      if (kind === 'histogram') for (const s of ['_bucket', '_sum', '_count']) add(family + s);
      if (kind === 'summary') for (const s of ['_sum', '_count']) add(family + s);
      continue;
    }
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? /.exec(line);
    if (!sample) continue;
    const labels = add(sample[1]!);
    for (const [, label] of (sample[2] ?? '').matchAll(/(\w+)="(?:[^"\\]|\\.)*"/g)) labels.add(label!);
  }
  return names;
}

describe('the alert rules and the dashboard', () => {
  it('parse, and every rule says how urgent it is and what it means', () => {
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
    // What the alerts must cover: outbox backlog growing, close lateness, stream reader lease lost, 5xx rate.
    const watched = rules.map((r) => r.expr).join('\n');
    for (const metric of [
      'outbox_oldest_unpublished_age_seconds',
      'auction_close_overdue_seconds',
      'events_stream_reader',
    ])
      expect(watched).toContain(metric);
    expect(watched).toMatch(/http_request_duration_seconds_count\{status=~"5\.\."\}/);
  });

  it('hold only valid PromQL, and every panel reads the provisioned Prometheus', () => {
    for (const { where, expr } of queries) expect(selectors(expr).errors, `${where}: ${expr}`).toEqual([]);
    const provisioned = (
      parse(read('grafana/provisioning/datasources/prometheus.yml')) as { datasources: { uid: string }[] }
    ).datasources.map((d) => d.uid);
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      expect(provisioned, panel.title).toContain(panel.datasource?.uid);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('the Prometheus configuration loads the rule file beside it and scrapes every process with the bearer token', () => {
    const config = parse(read('prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; authorization?: { credentials_file?: string } }[];
    };
    for (const file of config.rule_files)
      expect(() => read(join(dirname('prometheus/prometheus.yml'), file))).not.toThrow();
    expect(config.scrape_configs.map((j) => j.job_name).sort()).toEqual(['api', 'realtime', 'workers']);
    for (const job of config.scrape_configs) expect(job.authorization?.credentials_file, job.job_name).toBeTruthy();
  });

  it('the collector configuration wires only components it defines', () => {
    const config = parse(read('otel-collector/config.yaml')) as Record<string, Record<string, unknown>> & {
      service: { pipelines: Record<string, Record<'receivers' | 'processors' | 'exporters', string[]>> };
    };
    expect(Object.keys(config.service.pipelines)).toContain('traces');
    for (const [name, pipeline] of Object.entries(config.service.pipelines)) {
      for (const kind of ['receivers', 'processors', 'exporters'] as const) {
        for (const component of pipeline[kind] ?? [])
          expect(Object.keys(config[kind] ?? {}), `${name} ${kind}`).toContain(component);
      }
      expect(pipeline.receivers, name).toContain('otlp');
    }
  });
});

describe('every metric the rules and the dashboard name', () => {
  let db: TestDatabase;
  const prefix = testRedisPrefix();
  const running: RunningService[] = [];
  const scrapes: string[] = [];

  beforeAll(async () => {
    requireCompiledEntries();
    db = await createTestDatabase();
    const [api, gateway, workers] = (await freePorts(3)) as [number, number, number];
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: TOKEN,
      PORT: String(api),
      REALTIME_PORT: String(gateway),
      WORKERS_PORT: String(workers),
    };
    const processes = [
      ['api/dist/server.js', api],
      ['realtime/dist/server.js', gateway],
      ['workers/dist/main.js', workers],
    ] as const;
    for (const [entry, port] of processes)
      running.push(await startCompiled(entry, env, `http://127.0.0.1:${port}/readyz`));
    const scrape = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    // Twice: the API counts the first scrape's own request, so its latency histogram has samples (and labels) after.
    for (const [, port] of processes) await scrape(port);
    for (const [, port] of processes) scrapes.push(await scrape(port));
  }, 120_000);

  afterAll(async () => {
    for (const service of running) service.child.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    await dropRedisPrefix(REDIS_URL, prefix);
    await db?.drop();
  });

  it('is exported by one of the processes, with the labels the expression matches on', () => {
    const metrics = exported(scrapes.join('\n'));
    const missing: string[] = [];
    const unknownLabels: string[] = [];
    for (const { where, expr } of queries) {
      for (const { metric, labels } of selectors(expr).selected) {
        if (PROMETHEUS_OWN.has(metric)) continue;
        const seen = metrics.get(metric);
        if (!seen) missing.push(`${where}: ${metric}`);
        // A family with no samples yet (no bid decided in this run) shows no labels to check against.
        else if (seen.size > 0)
          for (const label of labels)
            if (!seen.has(label) && !TARGET_LABELS.has(label)) unknownLabels.push(`${where}: ${metric}{${label}}`);
      }
    }
    expect(missing).toEqual([]);
    expect(unknownLabels).toEqual([]);
    // The check has teeth: the scrape really holds the families the rules are about.
    for (const name of ['bids_total', 'bullmq_job_count', 'events_stream_reader', 'readiness_check'])
      expect(metrics.has(name), name).toBe(true);
  });
});
