// A TCP proxy in front of a real server that a test can freeze (bytes stop flowing both ways, connections stay open,
// as with a SIGSTOPped Redis) and thaw, without touching the server every other test file shares.
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface FreezableProxy {
  url(scheme: string): string;
  freeze(): void;
  thaw(): void;
  /** Drops every open connection and every new one at once (a stopped server); `thaw` serves again. */
  refuse(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(upstreamHost: string, upstreamPort: number): Promise<FreezableProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: upstreamHost, port: upstreamPort });
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (frozen) for (const s of pair) s.pause();
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    freeze() {
      frozen = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    refuse() {
      refusing = true;
      for (const pair of pairs) for (const s of pair) s.destroy();
    },
    thaw() {
      frozen = false;
      refusing = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    async close() {
      for (const pair of pairs) for (const s of pair) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
