// Each gateway hands an auction's bid state to its own sockets in seq order, each seq once, whichever gateway sent it.
//
// One gateway reads the events stream at a time (an exclusive reader, elected by a lease) and broadcasts through the
// adapter, which brings the packet to every gateway. One event could still reach a socket twice or late:
// - when the lease passes (a reader frozen by a Redis or process pause), the new reader claims what its predecessor
//   read but had not acknowledged, which its predecessor may well have sent already, and its sequencer, which never
//   saw that stream's earlier events, took it for the stream's start and sent it again;
// - the adapter hands a gateway's own packet to its sockets once Redis has taken it, so a gateway frozen with its own
//   packet on the way woke to deliver the packets another gateway sent meanwhile first, and its own older one after.
// Sockets then got an event twice, or an older one after a newer one (the fault suite's Redis and gateway freezes).
// So every gateway keeps the last seq its sockets got per auction stream, fed by its own packets and the other
// gateways', and leaves out anything at or below it; and a packet from another gateway waits while one of this
// gateway's own for the same auction is still on its way to Redis. A packet left out whole is a client's gap at worst,
// which it closes by joining again (its answer carries the auction's state).
import type { DomainEvent } from '@app/shared';
import { SOCKET_EVENTS } from '@app/shared';

export class DeliveredSeqs {
  private readonly last = new Map<string, number>();

  /** Streams remembered; the least recently delivered is forgotten (its next event then goes out as it comes). */
  constructor(private readonly maxStreams = 100_000) {}

  /** The last seq delivered on `stream` by this gateway, if it remembers one. */
  lastOf(stream: string): number | undefined {
    return this.last.get(stream);
  }

  /** The events of `events` above the last seq delivered on their stream, in their order; remembered as delivered. */
  fresh(events: DomainEvent[]): DomainEvent[] {
    const out: DomainEvent[] = [];
    for (const e of events) {
      const last = this.last.get(e.stream);
      if (last !== undefined && e.seq <= last) continue;
      // Most recently delivered last, so the first key is the one to forget.
      this.last.delete(e.stream);
      this.last.set(e.stream, e.seq);
      if (this.last.size > this.maxStreams) this.last.delete(this.last.keys().next().value!);
      out.push(e);
    }
    return out;
  }
}

/** A broadcast as the cluster adapter has it: decoded from the adapter's stream, or on its way there. */
interface ClusterMessage {
  type: number;
  data?: { packet?: { data?: unknown[] } };
}

/** The parts of the Redis streams adapter used here (not in its types): decoding, handling and publishing. */
interface StreamsAdapter {
  constructor: { decode(raw: unknown): ClusterMessage };
  onRawMessage(raw: unknown, offset: string): void;
  onMessage(message: ClusterMessage, offset: string): void;
  doPublish(message: ClusterMessage): Promise<string>;
}

/** The cluster adapter's message type for a broadcast (socket.io-adapter's MessageType.BROADCAST). */
const BROADCAST = 3;

/** The events of an auction packet, or undefined for any other message. */
function auctionEventsOf(message: ClusterMessage): DomainEvent[] | undefined {
  const data = message.data?.packet?.data;
  return message.type === BROADCAST && data?.[0] === SOCKET_EVENTS.auctionEvents && Array.isArray(data[1])
    ? (data[1] as DomainEvent[])
    : undefined;
}

/**
 * Sends every auction packet the adapter brings from another gateway through `delivered` before this gateway's sockets
 * get it (events already delivered are taken out, a packet left empty is not sent), after any of this gateway's own
 * packets for that auction still on their way to Redis.
 */
export function deliverAuctionPacketsInOrder(adapter: unknown, delivered: DeliveredSeqs): void {
  const streams = adapter as StreamsAdapter;
  const decode = streams.constructor.decode.bind(streams.constructor);
  const handle = streams.onMessage.bind(streams);
  const publish = streams.doPublish.bind(streams);
  /** This gateway's own auction packets on their way to Redis, by stream. */
  const onTheWay = new Map<string, number>();
  /** Other gateways' auction packets waiting for them, in arrival order. */
  const waiting: { message: ClusterMessage; events: DomainEvent[]; offset: string }[] = [];

  const deliver = (message: ClusterMessage, events: DomainEvent[], offset: string) => {
    const fresh = delivered.fresh(events);
    if (fresh.length === 0) return;
    message.data!.packet!.data![1] = fresh;
    handle(message, offset);
  };
  const deliverWaiting = () => {
    while (waiting.length > 0 && !onTheWay.has(waiting[0]!.events[0]!.stream)) {
      const next = waiting.shift()!;
      deliver(next.message, next.events, next.offset);
    }
  };

  streams.doPublish = (message) => {
    const sent = publish(message);
    const stream = auctionEventsOf(message)?.[0]?.stream;
    if (stream === undefined) return sent;
    onTheWay.set(stream, (onTheWay.get(stream) ?? 0) + 1);
    // The adapter hands the packet to this gateway's sockets a few promise turns after Redis answers (or fails):
    // by the next turn of the event loop it has.
    const arrived = () =>
      setImmediate(() => {
        const left = onTheWay.get(stream)! - 1;
        if (left === 0) onTheWay.delete(stream);
        else onTheWay.set(stream, left);
        deliverWaiting();
      });
    sent.then(arrived, arrived);
    return sent;
  };

  streams.onRawMessage = (raw, offset) => {
    let message: ClusterMessage;
    try {
      message = decode(raw);
    } catch {
      // As the adapter does with an entry it cannot read: skipped.
      return;
    }
    const events = auctionEventsOf(message);
    if (!events?.length) return handle(message, offset);
    if (waiting.length > 0 || onTheWay.has(events[0]!.stream)) waiting.push({ message, events, offset });
    else deliver(message, events, offset);
  };
}
