// The devices a member opted in on for web push. The endpoint is outside input the workers will later POST to, so the
// rule of shared/src/domain/web-push.ts decides whether it may be kept; an endpoint already kept for another member
// (the same browser, someone else signed in) moves to this one.
import type { Sql } from 'postgres';
import { PUSH_DEVICES_MAX, pushEndpointProblem, type PushSubscriptionBody } from '@app/shared';
import { Invalid } from '../errors.js';

export async function addPushDevice(
  sql: Sql,
  userId: number,
  sub: PushSubscriptionBody,
  allowLocalHttp: boolean,
): Promise<{ devices: number }> {
  const problem = pushEndpointProblem(sub.endpoint, allowLocalHttp);
  if (problem) throw new Invalid(`The push endpoint ${problem}`);
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    values (${userId}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`;
  await sql`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by created_at desc, id desc limit ${PUSH_DEVICES_MAX})`;
  return pushDevices(sql, userId);
}

/** Turns push off on one device (its endpoint), only among the member's own. */
export async function removePushDevice(sql: Sql, userId: number, endpoint: string): Promise<{ devices: number }> {
  await sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`;
  return pushDevices(sql, userId);
}

export async function pushDevices(sql: Sql, userId: number): Promise<{ devices: number }> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from push_subscriptions where user_id = ${userId}`;
  return { devices: row!.n };
}
