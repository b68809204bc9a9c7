// Web push: which notices reach a member's devices, what a push says, and which subscription endpoints the workers
// may send to. An endpoint comes from a browser, so it is outside input the server will later POST to: only https to
// a named host (no IP literal, no localhost), bounded, unless a test asks for plain http to 127.0.0.1 on purpose.
import type { NotificationKind } from './notices.js';

/** The notices that are pushed (to every device the member opted in on). */
export const PUSH_KINDS = [
  'outbid',
  'won',
  'sold',
  'watch-ending',
  'alert',
  'saved-search',
] as const satisfies readonly NotificationKind[];
export const isPushKind = (kind: NotificationKind): boolean => (PUSH_KINDS as readonly string[]).includes(kind);

export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
/** The devices one member keeps at most: subscribing another drops their oldest (a browser long gone, most likely). */
export const PUSH_DEVICES_MAX = 20;

/** Why the server will not send to this endpoint, or null when it may. */
export function pushEndpointProblem(endpoint: string, allowLocalHttp: boolean): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return 'is too long';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'carries credentials';
  if (allowLocalHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1') return null;
  if (url.protocol !== 'https:') return 'is not https';
  const host = url.hostname.toLowerCase();
  // An address literal or a local name would let a member point the workers at the private network.
  if (/^[\d.]+$/.test(host) || host.startsWith('[') || host.includes(':')) return 'names an address, not a host';
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return 'names a local host';
  if (!host.includes('.')) return 'names a local host';
  return null;
}

/** What the service worker shows: the notice's text, and the page a click opens (a path inside the site). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export const pushMessage = (n: { id: number; text: string; link: string }): PushMessage => ({
  title: 'CarBid',
  body: n.text,
  url: n.link,
  tag: `notice-${n.id}`,
});
