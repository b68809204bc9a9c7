// Web push end to end in the workers: a bid.placed event becomes an outbid notice, the notice a push job, and the job
// an encrypted POST to the subscription's endpoint, here an http server of the test's own. The test holds the device's
// keys (a P-256 pair and an auth secret made with node:crypto) and decrypts the body itself (RFC 8291, aes128gcm), so
// what it reads is what a browser would show. A push service answering 410 makes the workers forget the device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { redisStreamWriter } from '@app/infra';
import { addPushDevice } from '@app/core/notices';
import { DomainEventSchema, type DomainEvent } from '@app/shared';
import { workersContextOfFile } from './support/workers-context.js';

const t = workersContextOfFile();
let server: Server;
let endpointBase: string;
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];

beforeAll(async () => {
  // The push service: /gone/... answers 410 Gone (the subscription expired), everything else 201 Created.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpointBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await t.start({
    sweepEveryMs: 300,
    noticeSweepEveryMs: 300,
    pushAllowLocalHttp: true,
  });
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
});

let n = 0;
async function user(label: string): Promise<number> {
  n += 1;
  const [u] = await t.sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values (${`${label}-${n}@example.test`}, ${label}, 'x') returning id`;
  return u!.id;
}

async function auction(): Promise<number> {
  n += 1;
  const [car] = await t.sql<{ id: number }[]>`
    insert into cars (vin, year, make, model, mileage, condition)
    values (${`PSH${String(n).padStart(14, '0')}`}, 2021, 'Porsche', '911 Carrera', 100, 'Good') returning id`;
  const [a] = await t.sql<{ id: number }[]>`
    insert into auctions (car_id, starting_bid, current_bid, start_time, end_time, location)
    values (${car!.id}, 1000, 0, now() - interval '1 hour', now() + interval '1 hour', 'Here') returning id`;
  return a!.id;
}

async function bid(auctionId: number, userId: number, amount: number): Promise<number> {
  const [b] = await t.sql<{ id: number }[]>`
    insert into bids (auction_id, user_id, amount) values (${auctionId}, ${userId}, ${amount}) returning id::int`;
  await t.sql`update auctions set current_bid = ${amount}, bid_count = bid_count + 1 where id = ${auctionId}`;
  return b!.id;
}

const placed = (auctionId: number, bidId: number, bidderId: number, amount: string): DomainEvent =>
  DomainEventSchema.parse({
    type: 'bid.placed',
    stream: `auction:${auctionId}`,
    seq: 2,
    at: new Date().toISOString(),
    auctionId,
    bidId,
    amount,
    currentBid: amount,
    bidCount: 2,
    endTime: new Date(Date.now() + 3_600_000).toISOString(),
    extended: false,
    bidderName: 'x',
    bidderId,
    reserveStatus: 'none',
    chatLine: { id: 2, message: 'New high bid', timestamp: new Date().toISOString() },
  } satisfies DomainEvent);

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function device(): { ecdh: ECDH; auth: Buffer; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: the plaintext of an aes128gcm push body, decrypted with the device's private key. */
function decrypt(body: Buffer, d: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = d.ecdh.computeSecret(serverPublic);
  const prkKey = hmac(d.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID JWT (RFC 8292) is signed with the server's key: its signature checks against the k= public key. */
function checkVapid(authorization: string, audience: string): void {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(m).not.toBeNull();
  const [header, payload, signature] = m![1]!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(audience);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(m![2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
}

/** A push goes through the events consumer, a job and the push service's answer: seconds on a busy machine. */
const WAIT_MS = 15_000;

async function waitFor<T>(read: () => T | Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_MS;
  let v = await read();
  while (!ok(v) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

describe('web push', () => {
  it('an outbid notice reaches the endpoint encrypted for the device, once, and decrypts to its text and link', async () => {
    const first = await user('first');
    const second = await user('second');
    const d = device();
    const path = `/push/${first}`;
    await addPushDevice(t.sql, first, { endpoint: `${endpointBase}${path}`, keys: d.keys }, true);
    const id = await auction();
    await bid(id, first, 50_000);
    const outbidding = await bid(id, second, 51_000);
    const event = placed(id, outbidding, second, '51000.00');
    await redisStreamWriter(t.redis, t.prefix)([event]);
    await redisStreamWriter(t.redis, t.prefix)([event]);

    const got = await waitFor(
      () => received.filter((r) => r.path === path),
      (x) => x.length >= 1,
    );
    expect(got).toHaveLength(1);
    const push = got[0]!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    checkVapid(String(push.headers.authorization), endpointBase);
    const message = JSON.parse(decrypt(push.body, d)) as { title: string; body: string; url: string };
    const [notice] = await t.sql<{ text: string; link: string }[]>`
      select text, link from notifications where user_id = ${first} and kind = 'outbid'`;
    expect(notice!.text).toBe("You've been outbid on 2021 Porsche 911 Carrera: $51,000");
    expect(message).toMatchObject({ body: notice!.text, url: `/listing/${id}` });
    // Marked pushed in the transaction that sent it (committed just after the endpoint answered).
    const status = await waitFor(
      async () =>
        (await t.sql<{ pushStatus: string }[]>`select push_status from notifications where user_id = ${first}`)[0]!
          .pushStatus,
      (x) => x === 'sent',
    );
    expect(status).toBe('sent');
    // The replayed event wrote no second notice, so nothing was pushed twice.
    await new Promise((r) => setTimeout(r, 800));
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
  });

  it('a push service answering 410 Gone removes the subscription; a member without a device is not pushed', async () => {
    const first = await user('gone');
    const second = await user('rival');
    const path = `/gone/${first}`;
    await addPushDevice(t.sql, first, { endpoint: `${endpointBase}${path}`, keys: device().keys }, true);
    const id = await auction();
    await bid(id, first, 50_000);
    const outbidding = await bid(id, second, 51_000);
    await redisStreamWriter(t.redis, t.prefix)([placed(id, outbidding, second, '51000.00')]);
    const left = await waitFor(
      async () =>
        (await t.sql<{ n: number }[]>`select count(*)::int as n from push_subscriptions where user_id = ${first}`)[0]!
          .n,
      (x) => x === 0,
    );
    expect(left).toBe(0);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);

    // The rival, outbid in turn, has no device: the notice is written and not pushed.
    const third = await bid(id, first, 52_000);
    await redisStreamWriter(t.redis, t.prefix)([placed(id, third, first, '52000.00')]);
    const notices = await waitFor(
      () => t.sql<{ pushStatus: string }[]>`select push_status from notifications where user_id = ${second}`,
      (x) => x.length >= 1,
    );
    expect(notices.map((x) => x.pushStatus)).toEqual(['skip']);
  });
});
