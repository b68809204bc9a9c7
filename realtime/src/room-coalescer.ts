// One packet per room per window for bid state. On a hot auction every bid would otherwise be its own broadcast: one
// write to every socket of the room (and one entry in the adapter's stream) per bid. Here the events of a room are
// gathered and sent together: the first after a quiet spell at the end of the read that brought it (so a lone bid is
// not delayed), the rest at most `windowMs` later, in the order they came. Nothing is dropped or reordered; only the
// number of packets goes down.
import type { DomainEvent } from '@app/shared';

interface RoomWindow {
  pending: DomainEvent[];
  timer: NodeJS.Timeout | null;
}

export class RoomCoalescer {
  private readonly rooms = new Map<string, RoomWindow>();
  /** Packets sent and events carried, for the gateway's metrics. */
  readonly counts = { packets: 0, events: 0 };

  constructor(
    private readonly send: (room: string, events: DomainEvent[]) => void,
    private readonly windowMs: number,
  ) {}

  push(room: string, event: DomainEvent): void {
    const open = this.rooms.get(room);
    if (open) {
      open.pending.push(event);
      return;
    }
    // A quiet room: send once the current read has been handed over, with everything it brought for this room.
    this.rooms.set(room, { pending: [event], timer: null });
    queueMicrotask(() => this.sendAndWait(room));
  }

  private sendAndWait(room: string): void {
    const w = this.rooms.get(room);
    if (!w) return;
    if (w.pending.length === 0) {
      this.rooms.delete(room);
      return;
    }
    const events = w.pending;
    w.pending = [];
    this.counts.packets += 1;
    this.counts.events += events.length;
    this.send(room, events);
    w.timer = setTimeout(() => this.sendAndWait(room), this.windowMs);
  }

  /** Sends everything still waiting, at once (on shutdown). */
  flush(): void {
    for (const [room, w] of this.rooms) {
      if (w.timer) clearTimeout(w.timer);
      if (w.pending.length === 0) continue;
      this.counts.packets += 1;
      this.counts.events += w.pending.length;
      this.send(room, w.pending);
    }
    this.rooms.clear();
  }
}
