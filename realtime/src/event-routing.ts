// Where each domain event goes and under which name: the gateway's only routing rule, kept pure so it is tested alone.
import { eventRoomName, type DomainEvent } from '@app/shared';

export interface EventEmit {
  room: string;
  name: DomainEvent['type'];
  payload: DomainEvent;
}

/** A domain event is emitted unchanged, under its own type, to its auction's or its user's room. */
export function toEmit(event: DomainEvent): EventEmit {
  return { room: eventRoomName(event), name: event.type, payload: event };
}

const AUCTION_ROOM = /^auction:(\d+)$/;

/** The auction id of an `auction:{id}` room, or null for any other room (a user's, the socket's own). */
export function auctionIdOfRoom(room: string): number | null {
  const match = AUCTION_ROOM.exec(room);
  return match ? Number(match[1]) : null;
}
