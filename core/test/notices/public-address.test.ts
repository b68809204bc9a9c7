// Pushes go only to the public internet: a subscription host that resolves to a private, loopback or link-local address
// is refused when the connection is made (so a later DNS answer cannot point the workers at the private network).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fetch } from 'undici';
import { isPrivateAddress, publicOnlyAgent } from '../../src/notices/public-address.js';

let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('knows the private, loopback, link-local and reserved ranges, IPv4 written as IPv6 included', () => {
  for (const a of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '172.20.0.1', '192.168.1.1', '100.64.0.1', '0.0.0.0'])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not an address'])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
    expect(isPrivateAddress(a), a).toBe(false);
});

it('refuses to connect to a host name that resolves to a loopback address, and sends nothing', async () => {
  const refused = await fetch(`http://localhost:${port}/`, { dispatcher: publicOnlyAgent(false) }).then(
    () => null,
    (e: Error & { cause?: { code?: string } }) => e.cause?.code,
  );
  expect(refused).toBe('EPRIVATEADDRESS');
  expect(hits).toBe(0);
});

it('connects to the same server when a test allows 127.0.0.1', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/`, { dispatcher: publicOnlyAgent(true) });
  expect(await res.text()).toBe('ok');
  expect(hits).toBe(1);
});
