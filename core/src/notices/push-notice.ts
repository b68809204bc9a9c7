// Pushing one notice to every device its member opted in on. The payload is encrypted for each device by the web-push
// library (RFC 8291, aes128gcm) and signed with the VAPID key (RFC 8292); the request is sent here with a timeout and
// without following redirects, to an endpoint the rule checks again (it was checked when stored, the rule may have
// tightened since), over connections made only to public addresses (public-address.ts: a host name resolving to the
// private network is refused at connect time). The notice row is locked while it is pushed and marked sent in the same transaction, so a
// duplicated job pushes once. A push that fails is not retried: a late "you were outbid" is noise. A push service
// answering 404 or 410 says the subscription is gone: its row is removed.
import webpush from 'web-push';
import type { Sql } from 'postgres';
import { fetch, type Agent } from 'undici';
import { pushEndpointProblem, pushMessage } from '@app/shared';
import type { VapidKeys } from './push-keys.js';
import { publicOnlyAgent } from './public-address.js';

export interface PushDeps {
  sql: Sql;
  vapid: VapidKeys;
  /** Tests serve their own endpoint on http://127.0.0.1. */
  allowLocalHttp: boolean;
  timeoutMs?: number;
}

export interface PushResult {
  delivered: number;
  removed: number;
  failed: number;
}

/** How long a push service has to answer. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
const PUSH_TTL_S = 6 * 3600;

// One connection pool per setting, each connecting only to public addresses (or 127.0.0.1 for a test's endpoint).
const agents = new Map<boolean, Agent>();
const agentFor = (allowLocalHttp: boolean) => {
  let agent = agents.get(allowLocalHttp);
  if (!agent) agents.set(allowLocalHttp, (agent = publicOnlyAgent(allowLocalHttp)));
  return agent;
};

export async function pushNotice(deps: PushDeps, notificationId: number): Promise<PushResult | 'done'> {
  return deps.sql.begin(async (tx) => {
    const [n] = await tx<{ id: number; userId: number; text: string; link: string; pushStatus: string }[]>`
      select id, user_id, text, link, push_status from notifications where id = ${notificationId} for update`;
    if (!n || n.pushStatus !== 'pending') return 'done';
    const devices = await tx<{ id: number; endpoint: string; p256dh: string; auth: string }[]>`
      select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${n.userId} order by id`;
    const payload = JSON.stringify(pushMessage(n));
    const outcomes = await Promise.all(devices.map((d) => send(deps, d, payload)));
    const gone = devices.filter((_, i) => outcomes[i] === 'gone').map((d) => d.id);
    if (gone.length > 0) await tx`delete from push_subscriptions where id = any(${gone}::int[])`;
    await tx`update notifications set push_status = 'sent' where id = ${n.id}`;
    return {
      delivered: outcomes.filter((o) => o === 'delivered').length,
      removed: gone.length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  });
}

async function send(
  deps: PushDeps,
  device: { endpoint: string; p256dh: string; auth: string },
  payload: string,
): Promise<'delivered' | 'gone' | 'failed'> {
  if (pushEndpointProblem(device.endpoint, deps.allowLocalHttp)) return 'gone';
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: deps.vapid,
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  // fetch sets the length from the body itself.
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([k]) => k.toLowerCase() !== 'content-length')
      .map(([k, v]) => [k, String(v)]),
  );
  try {
    const res = await fetch(device.endpoint, {
      method: 'POST',
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      dispatcher: agentFor(deps.allowLocalHttp),
      signal: AbortSignal.timeout(deps.timeoutMs ?? PUSH_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'delivered' : 'failed';
  } catch {
    return 'failed';
  }
}
