// A TCP proxy in front of Redis that can hold back Redis's answers to the connections that publish (send XADD), as a
// gateway frozen while its packet is on its way sees them: Redis has taken the packet, the gateway learns it late.
// Every other connection through it (blocking reads included) goes on as usual.
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface StallingProxy {
  /** A redis:// URL through the proxy. */
  url: string;
  /** Holds Redis's answers to publishing connections from now on. */
  stall(): void;
  /** How many publishes containing `fragment` went to Redis since the last stall() (their answers held). */
  publishedWhileStalled(fragment: string): number;
  /** Hands over what was held, in order, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

export async function stallingProxy(redisUrl: string): Promise<StallingProxy> {
  const target = new URL(redisUrl);
  let stalled = false;
  let sentWhileStalled: string[] = [];
  const links: { client: Socket; publishes: boolean; held: Buffer[] }[] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    const link = { client, publishes: false, held: [] as Buffer[] };
    links.push(link);
    client.on('data', (d: Buffer) => {
      const text = d.toString('latin1');
      if (text.toLowerCase().includes('xadd')) {
        link.publishes = true;
        if (stalled) sentWhileStalled.push(text);
      }
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (stalled && link.publishes) link.held.push(d);
      else client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const s of [client, upstream]) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(redisUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    stall: () => {
      stalled = true;
      sentWhileStalled = [];
    },
    publishedWhileStalled: (fragment) => sentWhileStalled.filter((text) => text.includes(fragment)).length,
    release: () => {
      stalled = false;
      for (const link of links) for (const d of link.held.splice(0)) link.client.write(d);
    },
    close: async () => {
      for (const link of links) link.client.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
