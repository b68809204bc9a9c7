// The compiled services, started the way production starts them (`node <ws>/dist/...`, no TypeScript loader): each
// one answers what it is in the middle of when SIGTERM arrives and exits 0 well within 10 s; /metrics answers only the
// token. Needs `npm run build` (which `npm test` runs first).
import { connect, createServer as createNetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix } from '@app/infra';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '../infra/test-support/test-database.js';
import { REDIS_URL } from '../api/test/support/test-app.js';
import { requireCompiledEntries, startCompiled } from './support/compiled-service.js';

const TOKEN = 'compiled-services-metrics-token';
let db: TestDatabase;
let prefix: string;
beforeAll(async () => {
  requireCompiledEntries();
  db = await createTestDatabase();
  prefix = testRedisPrefix();
});
afterAll(async () => {
  await dropRedisPrefix(REDIS_URL, prefix);
  await db?.drop();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const startService = (entry: string, env: Record<string, string>, readyUrl: string) =>
  startCompiled(
    entry,
    {
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      METRICS_TOKEN: TOKEN,
      ...env,
    },
    readyUrl,
  );

/** Sends the head of a POST and part of its body now; `finish()` sends the rest and resolves with the raw answer. */
function slowPost(port: number, path: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (c) => (answer += c));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nOrigin: http://127.0.0.1:${port}\r\nConnection: close\r\n\r\n`;
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => socket.write(head + body.slice(0, half), () => resolve())),
  );
  return {
    started,
    finish: () => {
      socket.write(body.slice(half));
      return answered;
    },
  };
}

describe('the compiled services', () => {
  it('the API finishes a request that was mid-body when SIGTERM came, refuses new ones, and exits 0 within 10 s', async () => {
    const port = await freePort();
    const api = await startService(
      'api/dist/server.js',
      { PORT: String(port), REALTIME_PORT: String(await freePort()) },
      `http://127.0.0.1:${port}/readyz`,
    );

    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);

    const login = slowPost(
      port,
      '/api/auth/login',
      JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
    );
    await login.started;
    // The process must have taken the connection and read the head before the signal; nothing outside it shows when,
    // and a process starved of CPU on a busy machine can take a while.
    await new Promise((r) => setTimeout(r, 1000));
    const sentAt = Date.now();
    api.child.kill('SIGTERM');
    // Closing: no new connection is taken while the one in flight is finished (the signal is handled a moment later).
    const reached = () =>
      fetch(`http://127.0.0.1:${port}/readyz`).then(
        () => 'answered',
        () => 'refused',
      );
    await expect.poll(reached).toBe('refused');
    const answer = await login.finish();
    // The in-flight sign-in is decided (wrong credentials: 401), not dropped.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    const exit = await api.exited;
    expect(exit.code, api.output()).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(10_000);
  });

  it('the gateway answers a long-poll in flight when SIGTERM came, and exits 0 within 10 s', async () => {
    const port = await freePort();
    const gw = await startService(
      'realtime/dist/server.js',
      { REALTIME_PORT: String(port) },
      `http://127.0.0.1:${port}/healthz`,
    );

    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const metrics = await (
      await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/^socketio_connected_sockets\{service="realtime"\} 0$/m);

    // An Engine.IO polling session: the handshake, then a GET the server holds open until it has something to send.
    const handshake = await (await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`)).text();
    const sid = JSON.parse(handshake.slice(handshake.indexOf('{'))).sid as string;
    await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      body: '40',
    });
    const first = await (await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling&sid=${sid}`)).text();
    expect(first).toMatch(/^40/);
    const longPoll = fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling&sid=${sid}`);
    // The process must hold the long-poll before the signal; nothing outside it shows when, and a process starved of
    // CPU on a busy machine can take a while.
    await new Promise((r) => setTimeout(r, 1000));
    const sentAt = Date.now();
    gw.child.kill('SIGTERM');
    const held = await longPoll;
    expect(held.status).toBe(200);
    await held.text();
    const exit = await gw.exited;
    expect(exit.code, gw.output()).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(10_000);
  });

  it('the workers answer a scrape in flight when SIGTERM came, export the queues, and exit 0 within 10 s', async () => {
    const port = await freePort();
    const workers = await startService(
      'workers/dist/main.js',
      { WORKERS_PORT: String(port) },
      `http://127.0.0.1:${port}/healthz`,
    );

    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const scrape = fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const sentAt = Date.now();
    workers.child.kill('SIGTERM');
    const res = await scrape;
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^bullmq_job_count\{queue="[^"]+", state="waiting"/m);
    // One description per family, whatever the number of queues.
    expect(text.match(/^# TYPE bullmq_job_count /gm)).toHaveLength(1);
    const exit = await workers.exited;
    expect(exit.code, workers.output()).toBe(0);
    expect(exit.at - sentAt).toBeLessThan(10_000);
  });
});
