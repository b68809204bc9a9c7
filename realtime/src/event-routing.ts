// Where each domain event goes and under which name: the gateway's only routing rule, kept pure so it is tested alone.
import { roomOfStream, type DomainEvent } from '@app/shared';

export interface EventEmit {
  room: string;
  name: DomainEvent['type'];
  payload: DomainEvent;
}

/** A domain event is emitted unchanged, under its own type, to the room its stream maps to. */
export function toEmit(event: DomainEvent): EventEmit {
  return { room: roomOfStream(event.stream), name: event.type, payload: event };
}
