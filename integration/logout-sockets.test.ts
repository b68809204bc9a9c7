import { expect, it } from 'vitest';
import { useAppWithGateways } from './support/gateways.js';
import { EVENTS_STREAM_FIELD, eventsStreamKey } from '@app/infra';
import { streams, type DomainEvent } from '@app/shared';
import { createUserSession, jsonHeaders } from '../api/test/support/test-app.js';

const t = useAppWithGateways();
const { gateways } = t;

const gatewayUrl = () => gateways.start();
const open = (url: string, cookie: string) => gateways.open(url, cookie);

it("signing out closes that session's sockets on every gateway process, before any further private event", async () => {
  // Two gateway processes: only one of them reads the events stream, and the socket may sit on either.
  const [a, b] = [await gatewayUrl(), await gatewayUrl()];
  const me = await createUserSession(t.ctx.app, t.ctx.sql);
  const other = await createUserSession(t.ctx.app, t.ctx.sql);
  const [onA, onB, othersSocket] = [await open(a, me.cookie), await open(b, me.cookie), await open(a, other.cookie)];
  const received: string[] = [];
  for (const s of [onA, onB]) s.on('alert.fired', () => received.push(s.id ?? '?'));
  const closed = Promise.all(
    [onA, onB].map((s) => new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)))),
  );

  const out = await t.ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: jsonHeaders(me.cookie) });
  expect(out.statusCode).toBe(204);
  expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);

  // A private event for the signed-out user now reaches nobody; another user's session is untouched.
  const alert: DomainEvent = {
    type: 'alert.fired',
    stream: streams.user(me.id),
    seq: 99,
    at: new Date().toISOString(),
    userId: me.id,
    alertId: 1,
    alertType: 'outbid',
    text: 'private',
    auction: { id: 1, title: 't', currentBid: '1.00', endTime: new Date().toISOString() },
  };
  await t.ctx.redis.xadd(eventsStreamKey(t.ctx.config.REDIS_PREFIX), '*', EVENTS_STREAM_FIELD, JSON.stringify(alert));
  await new Promise((r) => setTimeout(r, 500));
  expect(received).toEqual([]);
  expect(othersSocket.connected).toBe(true);
  othersSocket.disconnect();
});
