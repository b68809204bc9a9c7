// One socket per tab, typed by the shared socket contract, to the gateway whose address the app is configured with
// (the API tells it); it carries the session cookies. Payloads are still parsed on arrival (server-events.ts): the
// types say what the gateway promises, the schemas check it.
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let realtimeUrl: (() => Promise<string>) | undefined;
let socket: Promise<AppSocket> | undefined;
let identity = '';

/** Where the gateway is: set once at start-up, before anything opens the socket. */
export function configureSocket(loadRealtimeUrl: () => Promise<string>): void {
  realtimeUrl = loadRealtimeUrl;
}

/** After the page's load event, when the browser is next idle (at most a second later). */
function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

export function getSocket(): Promise<AppSocket> {
  if (!realtimeUrl) return Promise.reject(new Error('configureSocket must be called before the socket is used'));
  const load = realtimeUrl;
  // The client library is fetched with the first socket, not with the first paint, and the socket opens once the page
  // has loaded and the browser is idle: live updates start a moment later, and the join answers of a page's rooms no
  // longer compete with its first render for a phone's main thread. A page joined late loses nothing: each join's
  // answer carries the auction's state.
  socket ??= Promise.all([load(), import('socket.io-client'), pageSettled()])
    .then(([url, { io }]): AppSocket => io(url, { withCredentials: true, transports: ['websocket', 'polling'] }))
    .catch((err: unknown) => {
      // Not knowing where the gateway is now must not mean never: the next caller asks again.
      socket = undefined;
      throw err;
    });
  return socket;
}

/**
 * The gateway reads who the socket belongs to at the handshake. After signing in (as a member or an admin) a socket
 * opened before must handshake again to be put in that user's (or the admins') room.
 */
export async function socketFor(who: string): Promise<AppSocket> {
  const s = await getSocket();
  if (identity !== who) {
    const before = identity;
    identity = who;
    if (before !== '' && s.connected) {
      s.disconnect();
      s.connect();
    }
  }
  return s;
}
