// What the gateway does with each domain event: emit it unchanged, under its own type, to the room its stream maps
// to; or, for a session that ended, close that session's sockets instead. Kept pure so it is tested alone.
import { roomOfStream, sessionRoom, type DomainEvent } from '@app/shared';

export type EventRoute =
  { action: 'emit'; room: string; event: DomainEvent } | { action: 'disconnect'; room: string; sessionId: string };

export function routeEvent(event: DomainEvent): EventRoute {
  if (event.type === 'session.ended' || event.type === 'admin-session.ended')
    return { action: 'disconnect', room: sessionRoom(event.sessionId), sessionId: event.sessionId };
  return { action: 'emit', room: roomOfStream(event.stream), event };
}
