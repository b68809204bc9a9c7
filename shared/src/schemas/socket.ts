// The socket protocol: client asks to join or leave auction rooms; the server only carries news.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';
import { AuctionStatusSchema, ReserveStatusSchema } from './auctions.js';
import { DomainEventSchema, type DomainEvent, type EventOf, type EventType } from './events.js';
import { EVENT_STREAM_KIND } from './streams.js';

export const JoinAuctionPayloadSchema = z.object({ auctionId: IdSchema });
export const LeaveAuctionPayloadSchema = z.object({ auctionId: IdSchema });
/** Watch the forum's list (no postId) or one discussion. */
export const ForumWatchPayloadSchema = z.object({ postId: IdSchema.optional() });

export const AuctionSnapshotSchema = z.object({
  auctionId: z.number().int(),
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  status: AuctionStatusSchema,
  reserveStatus: ReserveStatusSchema,
  /** The last sequence number of the auction's bid-state stream: events after the snapshot carry higher ones. */
  seq: z.number().int(),
  serverTime: IsoDateSchema,
  online: z.number().int(),
});
export type AuctionSnapshot = z.infer<typeof AuctionSnapshotSchema>;

export type Ack<T> = { ok: true; data: T } | { ok: false; error: string };

/** Sent to a room when its membership changes, so the chat shows a real online count. */
export const PresenceEventSchema = z.object({ auctionId: z.number().int(), online: z.number().int() });
export type PresenceEvent = z.infer<typeof PresenceEventSchema>;

export const SOCKET_EVENTS = {
  join: 'auction:join',
  leave: 'auction:leave',
  presence: 'auction:presence',
  forumWatch: 'forum:watch',
  forumUnwatch: 'forum:unwatch',
  auctionEvents: 'auction:events',
} as const;

/**
 * An auction's bid state (its `auction:{id}` stream: bids, extensions, opening, closing) reaches its room only in
 * `auction:events` packets: consecutive events of that stream in seq order, the newest last. A room gets at most one
 * such packet every AUCTION_PACKET_WINDOW_MS: the first event after a quiet spell goes at once (with whatever came in
 * the same read), later ones wait for the window's end. No event is ever left out, so a client applies each in order
 * exactly as if they had come one by one.
 */
export const AuctionEventsPacketSchema = z.array(DomainEventSchema).min(1);
export const AUCTION_PACKET_WINDOW_MS = 50;

/** Whether an event travels in `auction:events` packets rather than under its own name. */
export const travelsInAuctionPacket = (type: EventType): boolean => EVENT_STREAM_KIND[type] === 'auction';

/** The acknowledgement envelope every client event answers with. */
export const ackSchema = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: z.string() }),
  ]);
export const JoinAckSchema = ackSchema(AuctionSnapshotSchema);
/** The answer of the events that carry no data back: leave, forum watch and unwatch. */
export const NoDataAckSchema = ackSchema(z.null());

/**
 * What the gateway sends: bid state in `auction:events` packets, every other domain event under its own type
 * (payloads parsed by DomainEventSchema on arrival), and presence counts. Used by socket.io's Server<> in the gateway
 * and by the browser's Socket<>.
 */
export type ServerToClientEvents = { [K in EventType]: (event: EventOf<K>) => void } & {
  'auction:presence': (presence: PresenceEvent) => void;
  'auction:events': (events: DomainEvent[]) => void;
};

/**
 * What a client may send. Payloads are typed `unknown` on purpose: the gateway trusts no client and parses each with
 * its schema (JoinAuctionPayloadSchema, LeaveAuctionPayloadSchema) before use.
 */
export interface ClientToServerEvents {
  'auction:join': (payload: unknown, ack?: (answer: Ack<AuctionSnapshot>) => void) => void;
  'auction:leave': (payload: unknown, ack?: (answer: Ack<null>) => void) => void;
  'forum:watch': (payload: unknown, ack?: (answer: Ack<null>) => void) => void;
  'forum:unwatch': (payload: unknown, ack?: (answer: Ack<null>) => void) => void;
}
