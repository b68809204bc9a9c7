// One socket per tab, to the gateway whose address the API gives; it carries the session cookie.
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket & { data?: { userId: number } };
let socket: Promise<AppSocket> | undefined;

export function getSocket(): Promise<AppSocket> {
  socket ??= fetch('/api/config', { credentials: 'include' })
    .then((r) => r.json() as Promise<{ realtimeUrl: string }>)
    .then(({ realtimeUrl }) => io(realtimeUrl, { withCredentials: true, transports: ['websocket', 'polling'] }) as AppSocket);
  return socket;
}
