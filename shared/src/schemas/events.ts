// Domain events: written to the outbox, published on Redis, emitted by the gateway under the same name.
import { z } from 'zod';
import { AUCTION_OUTCOMES } from '../constants.js';
import { IsoDateSchema, MoneySchema } from './common.js';
import { ReserveStatusSchema } from './auctions.js';

const base = { auctionId: z.number().int(), seq: z.number().int(), at: IsoDateSchema };

export const BidPlacedEventSchema = z.object({
  type: z.literal('bid.placed'),
  ...base,
  bidId: z.number().int(),
  amount: MoneySchema,
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  bidderName: z.string(),
  bidderId: z.number().int(),
  reserveStatus: ReserveStatusSchema,
});
export const AuctionExtendedEventSchema = z.object({ type: z.literal('auction.extended'), ...base, endTime: IsoDateSchema });
/** An admin approved a submitted auction: it is live until endTime, and its close job must be scheduled. */
export const AuctionOpenedEventSchema = z.object({ type: z.literal('auction.opened'), ...base, endTime: IsoDateSchema });
export const AuctionClosedEventSchema = z.object({
  type: z.literal('auction.closed'),
  ...base,
  outcome: z.enum(AUCTION_OUTCOMES),
  winningAmount: MoneySchema.nullable(),
});
export const ChatMessageEventSchema = z.object({
  type: z.literal('chat.message'),
  ...base,
  id: z.number().int(),
  message: z.string(),
  userName: z.string().nullable(),
  userId: z.number().int().nullable(),
  timestamp: IsoDateSchema,
  isSystemMessage: z.boolean(),
});
export const CommentPostedEventSchema = z.object({
  type: z.literal('comment.posted'),
  ...base,
  id: z.number().int(),
  content: z.string(),
  userName: z.string(),
  userId: z.number().int(),
  timestamp: IsoDateSchema,
});

export const AuctionEventSchema = z.discriminatedUnion('type', [
  BidPlacedEventSchema,
  AuctionExtendedEventSchema,
  AuctionOpenedEventSchema,
  AuctionClosedEventSchema,
  ChatMessageEventSchema,
  CommentPostedEventSchema,
]);
export type AuctionEvent = z.infer<typeof AuctionEventSchema>;
export type BidPlacedEvent = z.infer<typeof BidPlacedEventSchema>;
export type AuctionClosedEvent = z.infer<typeof AuctionClosedEventSchema>;
export type ChatMessageEvent = z.infer<typeof ChatMessageEventSchema>;

export const AlertFiredEventSchema = z.object({
  type: z.literal('alert.fired'),
  userId: z.number().int(),
  at: IsoDateSchema,
  alertId: z.number().int(),
  alertType: z.string(),
  text: z.string(),
  auction: z.object({ id: z.number().int(), title: z.string(), currentBid: MoneySchema, endTime: IsoDateSchema }),
});
export const EscrowUpdatedEventSchema = z.object({
  type: z.literal('escrow.updated'),
  userId: z.number().int(),
  at: IsoDateSchema,
  transactionId: z.number().int(),
  auctionId: z.number().int(),
  status: z.string(),
  milestone: z.string().nullable(),
});
export const UserEventSchema = z.discriminatedUnion('type', [AlertFiredEventSchema, EscrowUpdatedEventSchema]);
export type UserEvent = z.infer<typeof UserEventSchema>;

export const DomainEventSchema = z.union([AuctionEventSchema, UserEventSchema]);
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/**
 * Every committed event goes to one Redis stream (XADD key MAXLEN ~ N * event <json>): unlike pub/sub, a stream keeps
 * what a briefly disconnected gateway has not read yet.
 */
export const eventsStreamKey = (redisPrefix: string) => `${redisPrefix}events`;
export const EVENTS_STREAM_MAXLEN = 100_000;
export const EVENTS_STREAM_FIELD = 'event';

/** The event an events-stream entry carries, or null when the entry does not match the contract. */
export function eventFromStreamFields(fields: string[]): DomainEvent | null {
  const at = fields.indexOf(EVENTS_STREAM_FIELD);
  if (at < 0 || at % 2 !== 0) return null;
  try {
    const parsed = DomainEventSchema.safeParse(JSON.parse(fields[at + 1] ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The room a domain event is emitted to. */
export function eventRoomName(event: DomainEvent): string {
  return 'userId' in event && (event.type === 'alert.fired' || event.type === 'escrow.updated')
    ? `user:${event.userId}`
    : `auction:${(event as AuctionEvent).auctionId}`;
}

/** BullMQ job payloads. */
export const CloseAuctionJobSchema = z.object({ auctionId: z.number().int().positive() });
export type CloseAuctionJob = z.infer<typeof CloseAuctionJobSchema>;
