// Socket payloads are parsed by the shared event schema before anything uses them: a malformed one is logged and
// dropped, never rendered. Bid state arrives in `auction:events` packets (several events of one auction, in order);
// they are unpacked here and each event handed, in packet order, to the handlers of its type, so a feature listens for
// `bid.placed` the same way whether the event came alone or with others.
import {
  AuctionEventsPacketSchema,
  DomainEventSchema,
  SOCKET_EVENTS,
  travelsInAuctionPacket,
  type DomainEvent,
  type EventOf,
  type EventType,
} from '@app/shared';
import type { AppSocket } from './socket';
import { parseOrWarn } from './contract';

type Handler = (event: DomainEvent) => void;

/** Per socket: the handlers of each type that packets are unpacked for, and the one packet listener feeding them. */
const packetHandlers = new WeakMap<
  AppSocket,
  { byType: Map<EventType, Set<Handler>>; listener: (payload: unknown) => void }
>();

function listenToPackets(socket: AppSocket, type: EventType, handler: Handler): () => void {
  let entry = packetHandlers.get(socket);
  if (!entry) {
    const byType = new Map<EventType, Set<Handler>>();
    const listener = (payload: unknown) => {
      const events = parseOrWarn(AuctionEventsPacketSchema, payload, `${SOCKET_EVENTS.auctionEvents} packet`);
      // One event at a time, in the packet's order, to every handler of its type: a store applying seq numbers sees
      // them exactly as if each had come alone. Handlers are copied first: one may stop listening while called.
      for (const event of events ?? []) for (const h of [...(byType.get(event.type) ?? [])]) h(event);
    };
    entry = { byType, listener };
    packetHandlers.set(socket, entry);
    socket.on(SOCKET_EVENTS.auctionEvents, listener);
  }
  const handlers = entry.byType.get(type) ?? new Set<Handler>();
  handlers.add(handler);
  entry.byType.set(type, handlers);
  const mine = entry;
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) mine.byType.delete(type);
    if (mine.byType.size === 0) {
      socket.off(SOCKET_EVENTS.auctionEvents, mine.listener);
      packetHandlers.delete(socket);
    }
  };
}

export function onServerEvent<T extends EventType>(
  socket: AppSocket,
  type: T,
  handler: (event: EventOf<T>) => void,
): () => void {
  const listener = (payload: unknown) => {
    const event = parseOrWarn(DomainEventSchema, payload, `${type} event`);
    if (!event) return;
    if (event.type !== type) {
      console.warn(`ignored a ${event.type} event sent as ${type}`);
      return;
    }
    handler(event as EventOf<T>);
  };
  // Registered under the wide name so the listener may take `unknown`: what arrives is checked here, not trusted
  // from the declared type.
  const name: EventType = type;
  socket.on(name, listener);
  const offPackets = travelsInAuctionPacket(type) ? listenToPackets(socket, type, handler as Handler) : () => {};
  return () => {
    socket.off(name, listener);
    offPackets();
  };
}
