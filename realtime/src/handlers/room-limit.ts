// Rooms a client asks for are bounded per connection: each costs the process memory, and thread rooms exist for any id.
import type { GatewaySocket } from '../socket-types.js';

/** Far above what a page follows (the live auctions list joins each listed auction's room). */
export const MAX_ROOMS_PER_SOCKET = 1000;
export const TOO_MANY_ROOMS = `A connection follows at most ${MAX_ROOMS_PER_SOCKET} rooms: leave some first`;

export const mayJoin = (socket: GatewaySocket, room: string): boolean =>
  socket.rooms.has(room) || socket.rooms.size < MAX_ROOMS_PER_SOCKET;
