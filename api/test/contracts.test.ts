import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { undeclaredKeys, useZodContracts } from '../src/plugins/contracts.js';
import { startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

/** Every route the API serves, from Fastify's own route table, minus what is not part of the API. */
function apiRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const line of ctx.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /([/][^\s(]*) \(([A-Z, ]+)\)/.exec(line.replace(/^[\s│├└─]+/, ''));
    if (!m) continue;
    for (const method of m[2]!.split(', ')) routes.add(`${method} ${m[1]!}`);
  }
  return routes;
}

describe('the OpenAPI document', () => {
  it('is served at /api-docs/json, is valid OpenAPI 3, and lists every API route with its schemas', async () => {
    const res = await ctx.app.inject({ url: '/api-docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);

    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops))
        documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const served = [...apiRoutes()].filter(
      (r) =>
        /^(GET|POST|PUT|PATCH|DELETE) \/(api\/|healthz|readyz|uploads\/)/.test(r) && !r.startsWith('GET /api-docs'),
    );
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((r) => !documented.has(r))).toEqual([]);

    const bid = doc.paths['/api/bids'].post;
    expect(Object.keys(bid.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(JSON.stringify(bid.requestBody)).toContain('amount');
  });

  it('serves Swagger UI at /api-docs', async () => {
    const res = await ctx.app.inject({ url: '/api-docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});

describe('response contracts', () => {
  const Answer = z.object({ id: z.number(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/drifted',
      { schema: { response: { 200: Answer } } },
      async () => ({ id: 1, name: 'a', tags: [{ label: 'x', secret: 'y' }], reserve: 5 }) as never,
    );
    app.get('/honest', { schema: { response: { 200: Answer } } }, async () => ({ id: 1, name: 'a', tags: [] }));
    app.get(
      '/wrong-type',
      { schema: { response: { 200: Answer } } },
      async () => ({ id: 'one', name: 'a', tags: [] }) as never,
    );
  };
  const appWith = async (strict: boolean) => {
    const app = Fastify();
    (app as unknown as { config: unknown }).config = { WEB_DIST_DIR: '' };
    registerErrorHandling(app);
    await app.register(async (scope) => {
      useZodContracts(scope, strict);
      await scope.register(routes);
    });
    return app;
  };

  it('fails a route that answers a field its response schema lacks (strict, as every test runs the API)', async () => {
    const app = await appWith(true);
    expect((await app.inject({ url: '/drifted' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/honest' })).json()).toEqual({ id: 1, name: 'a', tags: [] });
    expect((await app.inject({ url: '/wrong-type' })).statusCode).toBe(500);
  });

  it('without strict mode, drops undeclared fields rather than leak them', async () => {
    const app = await appWith(false);
    expect((await app.inject({ url: '/drifted' })).json()).toEqual({ id: 1, name: 'a', tags: [{ label: 'x' }] });
  });

  it('names every undeclared key, however deep', () => {
    expect(undeclaredKeys({ a: 1, b: [{ c: 1, d: 2 }], e: undefined }, { a: 1, b: [{ c: 1 }] })).toEqual(['b.0.d']);
  });
});
