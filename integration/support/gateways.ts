// Gateway processes for an integration test, on the test app's database and Redis prefix: each listens on a port the
// system picks, and the sockets a test opens on them sign in with a session cookie as a browser's would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { createGateway, type Gateway } from '@app/realtime';
import { REDIS_URL, startTestApp, type TestContext } from '../../api/test/support/test-app.js';

export interface TestGateways {
  /** Starts one more gateway process (on Redis at `redisUrl`, the tests' by default) and answers its address. */
  start(redisUrl?: string): Promise<string>;
  /** A socket on that gateway, connected with the session cookie (no reconnection: a drop stays visible). */
  open(url: string, cookie: string): Promise<Socket>;
  /** Closes the sockets and the gateways, newest first. */
  close(): Promise<void>;
}

export function testGateways(ctx: () => TestContext): TestGateways {
  const running: { gateway: Gateway; http: Server }[] = [];
  const sockets: Socket[] = [];
  return {
    async start(redisUrl = REDIS_URL) {
      const http = createServer();
      const gateway = await createGateway(http, {
        sql: ctx().sql,
        redisUrl,
        redisPrefix: ctx().config.REDIS_PREFIX,
        origins: [],
        logger: pino({ level: 'silent' }),
      });
      await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
      running.push({ gateway, http });
      return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    },
    open(url, cookie) {
      const s = connect(url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        extraHeaders: { cookie },
      });
      sockets.push(s);
      return new Promise<Socket>((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    },
    async close() {
      for (const s of sockets.splice(0)) s.disconnect();
      for (const { gateway, http } of running.splice(0).reverse()) {
        await gateway.close();
        await new Promise<void>((done) => http.close(() => done()));
      }
    },
  };
}

/** A test file's app and its gateways: the app started before the file's tests, the gateways closed first after. */
export function useAppWithGateways(): { readonly ctx: TestContext; gateways: TestGateways } {
  let ctx: TestContext | undefined;
  const gateways = testGateways(() => ctx!);
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => {
    await gateways.close();
    await ctx?.close();
  });
  return {
    get ctx() {
      return ctx!;
    },
    gateways,
  };
}
