// The gateway's socket.io types, typed by the shared socket contract, for the gateway and its handlers.
import type { DefaultEventsMap, Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/shared';

/** What the handshake proved; restored with the rest of the session on connection state recovery. */
export interface SocketData {
  userId: number | null;
  adminId: number | null;
  sessionIds: string[];
}

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
