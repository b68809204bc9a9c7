// One socket per tab, to the gateway whose address the API gives; it carries the session cookies.
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket;
let socket: Promise<AppSocket> | undefined;
let identity = '';

export function getSocket(): Promise<AppSocket> {
  socket ??= fetch('/api/config', { credentials: 'include' })
    .then((r) => r.json() as Promise<{ realtimeUrl: string }>)
    .then(({ realtimeUrl }) => io(realtimeUrl, { withCredentials: true, transports: ['websocket', 'polling'] }));
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
