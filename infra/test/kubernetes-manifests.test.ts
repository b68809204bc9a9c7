// The Kubernetes manifests (deploy/kubernetes): the base and the production overlay, rendered as kustomize would, are
// valid against the API schemas of Kubernetes 1.36 (the kubernetes-models package's validators), and hold what running
// the product needs: each process started compiled, in production mode, with every variable production requires and
// every secret from the Secret; liveness on /healthz and readiness on /readyz; requests for the CPU autoscaler; time to
// drain; the Ingress sending /socket.io/ to the gateways with cookie affinity; the migration Job never seeding.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import {
  RealtimeEnvSchema,
  StoresEnvSchema,
  TracingEnvSchema,
  WorkersEnvSchema,
  parseApiEnv,
  parseEnv,
  tracingRequested,
} from '@app/shared';
import { DRAIN_DEADLINE_MS } from '../src/process-lifecycle.js';
import { envFile, renderKustomization, type K8sObject } from '../test-support/kustomize.js';

const kubernetes = fileURLToPath(new URL('../../deploy/kubernetes/', import.meta.url));
// The overlay's secrets are kept out of git; the example beside them stands in.
const EXAMPLE_SECRETS = { 'secrets.env': 'secrets.env.example' };
const base = renderKustomization(`${kubernetes}base`);
const production = renderKustomization(`${kubernetes}overlays/production`, EXAMPLE_SECRETS);

/** Every variable whose value is a secret: only ever from a Secret, never a ConfigMap or a literal. */
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'METRICS_TOKEN',
  'PAYMENT_WEBHOOK_SECRET',
  'CARRIER_WEBHOOK_SECRET',
  'SMTP_URL',
  'VAPID_PRIVATE_KEY',
];
const PROCESSES = {
  'api/dist/server.js': { name: 'api', parse: (env: Record<string, string>) => parseApiEnv(env), port: 'PORT' },
  'realtime/dist/server.js': {
    name: 'realtime',
    parse: (env: Record<string, string>) => parseEnv(RealtimeEnvSchema, env),
    port: 'REALTIME_PORT',
  },
  'workers/dist/main.js': {
    name: 'workers',
    parse: (env: Record<string, string>) => parseEnv(WorkersEnvSchema, env),
    port: 'WORKERS_PORT',
  },
} as const;

interface Container {
  name: string;
  image: string;
  command: string[];
  ports?: { name: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  lifecycle?: { preStop?: { sleep?: { seconds: number } } };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
}
const podSpec = (o: K8sObject) =>
  (o.spec as { template: { spec: PodSpec; metadata: { labels: Record<string, string> } } }).template;
const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** A container's environment as the process sees it: the image's ENV, then envFrom, then env (secrets decoded). */
function environmentOf(objects: K8sObject[], c: Container): { env: Record<string, string>; fromSecret: Set<string> } {
  const image = Object.fromEntries(
    [
      ...readFileSync(fileURLToPath(new URL('../../Dockerfile', import.meta.url)), 'utf8').matchAll(
        /^ENV (\w+)=(\S*)$/gm,
      ),
    ].map((m) => [m[1]!, m[2]!]),
  );
  const env: Record<string, string> = { ...image };
  const fromSecret = new Set<string>();
  const secretData = (name: string) =>
    Object.fromEntries(
      Object.entries((find(objects, 'Secret', name)?.data ?? {}) as Record<string, string>).map(([k, v]) => [
        k,
        Buffer.from(v, 'base64').toString(),
      ]),
    );
  const fromTheSecret = (name: string, value: string | undefined) => {
    if (value === undefined) return;
    env[name] = value;
    fromSecret.add(name);
  };
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, find(objects, 'ConfigMap', from.configMapRef.name)?.data);
    if (from.secretRef) for (const [k, v] of Object.entries(secretData(from.secretRef.name))) fromTheSecret(k, v);
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) fromTheSecret(e.name, secretData(ref.name)[ref.key]);
    else if (e.value !== undefined) env[e.name] = e.value;
  }
  return { env, fromSecret };
}

type Model = new (data: object) => { validate(): void };
/** The validators of every API group these manifests use, by apiVersion. */
const MODELS: Record<string, Record<string, Model>> = {
  v1: core as unknown as Record<string, Model>,
  'apps/v1': apps as unknown as Record<string, Model>,
  'batch/v1': batch as unknown as Record<string, Model>,
  'autoscaling/v2': autoscaling as unknown as Record<string, Model>,
  'policy/v1': policy as unknown as Record<string, Model>,
  'networking.k8s.io/v1': networking as unknown as Record<string, Model>,
};

function validate(o: K8sObject): string | null {
  const Model = MODELS[o.apiVersion]?.[o.kind];
  if (!Model) return `no schema for ${o.apiVersion} ${o.kind}`;
  try {
    new Model(o).validate();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe.each([
  ['base', base],
  ['the production overlay', production],
])('%s', (_, objects) => {
  it('validates against the Kubernetes 1.36 schemas', () => {
    expect(objects.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const o of objects) {
      const problem = validate(o);
      if (problem) problems.push(`${o.kind}/${o.metadata.name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('runs each compiled process with a liveness probe on /healthz and a readiness probe on /readyz at its port', () => {
    const deployments = byKind(objects, 'Deployment');
    const started = deployments.map((d) => podSpec(d).spec.containers[0]!.command.join(' ')).sort();
    expect(started).toEqual(
      Object.keys(PROCESSES)
        .map((entry) => `node ${entry}`)
        .sort(),
    );
    for (const d of deployments) {
      const [c] = podSpec(d).spec.containers as [Container];
      const process = PROCESSES[c.command[1] as keyof typeof PROCESSES];
      expect(d.metadata.name).toBe(process.name);
      const port = c.ports?.find((p) => p.name === c.livenessProbe?.httpGet?.port);
      expect(c.livenessProbe?.httpGet?.path, d.metadata.name).toBe('/healthz');
      expect(c.readinessProbe?.httpGet?.path, d.metadata.name).toBe('/readyz');
      expect(c.readinessProbe?.httpGet?.port, d.metadata.name).toBe(port?.name);
      // The port the process listens on, as its own configuration reads it (production's refusals are the overlay's test).
      const { env } = environmentOf(objects, c);
      expect(port?.containerPort, d.metadata.name).toBe(
        (process.parse({ ...env, NODE_ENV: 'test' }) as Record<string, unknown>)[process.port] as number,
      );
    }
  });

  it('gives each process more time to stop than its pause before SIGTERM and its drain take', () => {
    for (const d of byKind(objects, 'Deployment')) {
      const { spec } = podSpec(d);
      const name = d.metadata.name as keyof typeof DRAIN_DEADLINE_MS;
      const pause = (spec.containers[0]!.lifecycle?.preStop?.sleep?.seconds ?? 0) * 1000;
      expect((spec.terminationGracePeriodSeconds ?? 30) * 1000, name).toBeGreaterThan(pause + DRAIN_DEADLINE_MS[name]);
    }
  });

  it('matches every Service, autoscaler and disruption budget to a Deployment whose pods it selects', () => {
    const deployments = byKind(objects, 'Deployment');
    const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
      Object.entries(selector).every(([k, v]) => labels[k] === v);
    for (const s of byKind(objects, 'Service')) {
      const spec = s.spec as { selector: Record<string, string>; ports: { targetPort: string }[] };
      const target = deployments.find((d) => selects(spec.selector, podSpec(d).metadata.labels));
      expect(target, `Service ${s.metadata.name}`).toBeDefined();
      for (const p of spec.ports)
        expect(
          podSpec(target!).spec.containers[0]!.ports?.map((x) => x.name),
          s.metadata.name,
        ).toContain(p.targetPort);
    }
    for (const b of byKind(objects, 'PodDisruptionBudget')) {
      const selector = (b.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      expect(
        deployments.some((d) => selects(selector, podSpec(d).metadata.labels)),
        b.metadata.name,
      ).toBe(true);
    }
    const scaled = byKind(objects, 'HorizontalPodAutoscaler').map((h) => {
      const spec = h.spec as {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        metrics: { resource?: { name: string } }[];
      };
      expect(
        spec.metrics.map((m) => m.resource?.name),
        h.metadata.name,
      ).toContain('cpu');
      // One pod is no failover; two survive a node drained under the disruption budget.
      expect(spec.minReplicas, h.metadata.name).toBeGreaterThanOrEqual(2);
      return `${spec.scaleTargetRef.kind}/${spec.scaleTargetRef.name}`;
    });
    expect(scaled.sort()).toEqual(deployments.map((d) => `Deployment/${d.metadata.name}`).sort());
    expect(byKind(objects, 'PodDisruptionBudget')).toHaveLength(deployments.length);
    // A CPU autoscaler measures against the request: every container states CPU and memory.
    for (const d of deployments) {
      const r = podSpec(d).spec.containers[0]!.resources;
      expect(r?.requests?.cpu, d.metadata.name).toMatch(/^\d+m$/);
      expect(r?.requests?.memory, d.metadata.name).toMatch(/^\d+(Mi|Gi)$/);
      expect(r?.limits?.memory, d.metadata.name).toMatch(/^\d+(Mi|Gi)$/);
    }
  });

  it('sends /socket.io/ to the gateways with cookie affinity and long timeouts, everything else to the API', () => {
    const paths = byKind(objects, 'Ingress').flatMap((i) => {
      const spec = i.spec as {
        ingressClassName: string;
        tls: { hosts: string[] }[];
        rules: { host: string; http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
      };
      expect(spec.ingressClassName, i.metadata.name).toBe('nginx');
      for (const rule of spec.rules)
        expect(
          spec.tls.flatMap((t) => t.hosts),
          i.metadata.name,
        ).toContain(rule.host);
      return spec.rules.flatMap((r) =>
        r.http.paths.map((p) => ({ host: r.host, path: p.path, service: p.backend.service.name, ingress: i })),
      );
    });
    expect(new Set(paths.map((p) => p.host)).size).toBe(1);
    expect(paths.map((p) => `${p.path} -> ${p.service}`).sort()).toEqual(['/ -> api', '/socket.io/ -> realtime']);
    for (const p of paths) expect(find(objects, 'Service', p.service), p.path).toBeDefined();
    const gateway = paths.find((p) => p.service === 'realtime')!.ingress.metadata.annotations ?? {};
    expect(gateway['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
    expect(gateway['nginx.ingress.kubernetes.io/session-cookie-name']).toBeTruthy();
    expect(Number(gateway['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(60);
    const api = paths.find((p) => p.service === 'api')!.ingress.metadata.annotations ?? {};
    expect(api['nginx.ingress.kubernetes.io/affinity']).toBeUndefined();
  });

  it('migrates in a Job of its own, in production mode, and nothing seeds demo data', () => {
    const jobs = byKind(objects, 'Job');
    expect(jobs.map((j) => podSpec(j).spec.containers[0]!.command.join(' '))).toEqual([
      'node infra/dist/prepare-cli.js',
    ]);
    const { env } = environmentOf(objects, podSpec(jobs[0]!).spec.containers[0]!);
    expect(parseEnv(StoresEnvSchema, env).NODE_ENV).toBe('production');
    expect(JSON.stringify(objects)).not.toMatch(/seed-cli|seed\.js/);
  });
});

describe('the production overlay', () => {
  it('starts every process in production mode with every variable it requires, each secret from the Secret', () => {
    const secret = find(production, 'Secret', 'carbid-secrets');
    expect(Object.keys((secret?.data ?? {}) as object).sort()).toEqual([...SECRET_VARIABLES].sort());
    for (const d of [...byKind(production, 'Deployment'), ...byKind(production, 'Job')]) {
      const [c] = podSpec(d).spec.containers as [Container];
      const { env, fromSecret } = environmentOf(production, c);
      expect(env.NODE_ENV, d.metadata.name).toBe('production');
      for (const variable of SECRET_VARIABLES.filter((v) => v in env))
        expect(fromSecret.has(variable), `${d.metadata.name}: ${variable} from the Secret`).toBe(true);
      const process = PROCESSES[c.command[1] as keyof typeof PROCESSES];
      // The loader the process itself runs: it throws, naming the variable, on anything production refuses.
      if (process) expect(() => process.parse(env), d.metadata.name).not.toThrow();
    }
    // No secret value in a ConfigMap or a literal.
    for (const cm of byKind(production, 'ConfigMap'))
      for (const variable of SECRET_VARIABLES)
        expect(Object.keys(cm.data as object), cm.metadata.name).not.toContain(variable);
  });

  it('hands every process the tracing settings: off as shipped, on once the collector endpoint is filled in', () => {
    for (const d of byKind(production, 'Deployment')) {
      const { env } = environmentOf(production, podSpec(d).spec.containers[0]!);
      const shipped = TracingEnvSchema.parse(env);
      expect(tracingRequested(shipped), d.metadata.name).toBe(false);
      expect(shipped.OTEL_TRACES_SAMPLER, d.metadata.name).toBe('parentbased_always_on');
      const pointed = TracingEnvSchema.parse({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' });
      expect(tracingRequested(pointed), d.metadata.name).toBe(true);
    }
  });

  it('names only Secrets and keys that exist, the image from the registry, and one namespace', () => {
    for (const d of [...byKind(production, 'Deployment'), ...byKind(production, 'Job')]) {
      for (const c of podSpec(d).spec.containers) {
        expect(c.image, d.metadata.name).toBe('registry.example.com/carbid/app:1.0.0');
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (ref) expect(Object.keys((find(production, 'Secret', ref.name)?.data ?? {}) as object)).toContain(ref.key);
        }
      }
    }
    const namespaces = new Set(production.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual(['carbid']);
  });

  it('keeps the secrets file out of git, with an example naming every secret variable', () => {
    const ignored = readFileSync(fileURLToPath(new URL('../../.gitignore', import.meta.url)), 'utf8');
    expect(ignored).toContain('/deploy/kubernetes/overlays/*/secrets.env');
    const example = envFile(readFileSync(`${kubernetes}overlays/production/secrets.env.example`, 'utf8'));
    expect(Object.keys(example).sort()).toEqual([...SECRET_VARIABLES].sort());
  });
});
