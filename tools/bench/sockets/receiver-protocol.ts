// The messages between the bench and its receiver processes (each holds a share of the sockets).

/** Which server the sockets talk to: the product's gateway (auction rooms, `auction:join`) or the bare Socket.IO server. */
export type ServerKind = 'product' | 'bare';

export type ReceiverCommand =
  | { cmd: 'connect'; url: string; count: number; origin?: string; localAddresses?: string[] }
  /** Joins socket i to rooms[i] (null: stays idle), all at once; the answer has every join's time to its acknowledgement. */
  | { cmd: 'join'; kind: ServerKind; rooms: (number | null)[] }
  /** Forgets the arrival times so far (a warm-up); receipts still count for missing and duplicated deliveries. */
  | { cmd: 'reset' }
  /** How many events the sockets of this process have received so far. */
  | { cmd: 'count' }
  /**
   * `refGroups`: named sets of delivery keys, each with when its cause was answered (one latency per group: bids,
   * chat lines); `finals`: each stream's last seq, per room.
   */
  | { cmd: 'collect'; refGroups: [string, [string, number][]][]; finals: [number, [string, number][]][] }
  | { cmd: 'close' };

export interface DeliveryCounts {
  deliveries: number;
  /** Events of a joined room's streams that a socket never received. */
  missing: number;
  /** Receipts of a (stream, seq) a socket already had. */
  duplicates: number;
  /** Receipts of a seq lower than one the socket already had from the same stream. */
  outOfOrder: number;
}

export type ReceiverReply =
  | { reply: 'connected'; connected: number; failed: number; error?: string }
  | { reply: 'joined'; ackMs: number[]; failed: number; error?: string }
  | { reply: 'reset' }
  | { reply: 'counted'; deliveries: number }
  | ({
      reply: 'collected';
      groups: { name: string; histogram: [number, number][]; maxMs: number }[];
      withoutRef: number;
    } & DeliveryCounts)
  | { reply: 'closed' };

/** The key that ties a delivery to the request that caused it: a bid by its id, a chat line by its id. */
export function deliveryKey(event: { type?: unknown; bidId?: unknown; id?: unknown }): string | null {
  if (event.type === 'bid.placed') return `b${String(event.bidId)}`;
  if (event.type === 'chat.message') return `c${String(event.id)}`;
  return null;
}

/** The streams whose events the gateway sends to an auction's room (bid state and chat). */
export const roomStreams = (auctionId: number) => [`auction:${auctionId}`, `auction:${auctionId}:chat`];
