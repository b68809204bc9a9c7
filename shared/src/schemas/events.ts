// Domain events, the contracts: appended to the outbox in the transaction that caused them, published on the Redis
// events stream, emitted by the gateway under their own name. Every event belongs to one stream (streams.ts) and
// carries that stream's sequence number, so a reader can drop what it has seen and notice what it missed.
import { z } from 'zod';
import { AUCTION_OUTCOMES, ESCROW_MILESTONES, ESCROW_STATUSES } from '../constants.js';
import { IsoDateSchema, MoneySchema } from './common.js';
import { ReserveStatusSchema } from './auctions.js';
import { ESCROW_ACTORS } from '../domain/escrow-machine.js';
import { OFFER_KINDS, OFFER_STATUSES } from '../domain/offers.js';
import { NotificationSchema } from './notifications.js';

const envelope = { stream: z.string(), seq: z.number().int().positive(), at: IsoDateSchema };
const auctionId = z.number().int();

/** A server-written chat line ("New high bid ...") carried inside the event that caused it, so bids never write to the chat stream. */
export const SystemChatLineSchema = z.object({ id: z.number().int(), message: z.string(), timestamp: IsoDateSchema });
export type SystemChatLine = z.infer<typeof SystemChatLineSchema>;

export const BidPlacedEventSchema = z.object({
  type: z.literal('bid.placed'),
  ...envelope,
  auctionId,
  bidId: z.number().int(),
  amount: MoneySchema,
  currentBid: MoneySchema,
  bidCount: z.number().int(),
  endTime: IsoDateSchema,
  extended: z.boolean(),
  bidderName: z.string(),
  bidderId: z.number().int(),
  reserveStatus: ReserveStatusSchema,
  /** Placed automatically by a bidder's maximum (the maximum itself is private and never in an event). */
  proxy: z.boolean().optional(),
  chatLine: SystemChatLineSchema,
});
export const AuctionExtendedEventSchema = z.object({
  type: z.literal('auction.extended'),
  ...envelope,
  auctionId,
  endTime: IsoDateSchema,
});
/** An admin approved a submitted auction: it is live until endTime, and its close job must be scheduled. */
export const AuctionOpenedEventSchema = z.object({
  type: z.literal('auction.opened'),
  ...envelope,
  auctionId,
  endTime: IsoDateSchema,
});
export const AuctionClosedEventSchema = z.object({
  type: z.literal('auction.closed'),
  ...envelope,
  auctionId,
  outcome: z.enum(AUCTION_OUTCOMES),
  winningAmount: MoneySchema.nullable(),
  chatLine: SystemChatLineSchema,
});
/** The seller lowered the reserve of a live auction: bidders see whether it is met now (never the amount). */
export const ReserveLoweredEventSchema = z.object({
  type: z.literal('auction.reserve-lowered'),
  ...envelope,
  auctionId,
  reserveStatus: ReserveStatusSchema,
  chatLine: SystemChatLineSchema,
});
export const ChatMessageEventSchema = z.object({
  type: z.literal('chat.message'),
  ...envelope,
  auctionId,
  id: z.number().int(),
  message: z.string(),
  userName: z.string().nullable(),
  userId: z.number().int().nullable(),
  timestamp: IsoDateSchema,
  isSystemMessage: z.boolean(),
  /** Written by the car's seller (absent in events from before the badge). */
  isSeller: z.boolean().optional(),
});
export const CommentPostedEventSchema = z.object({
  type: z.literal('comment.posted'),
  ...envelope,
  auctionId,
  id: z.number().int(),
  content: z.string(),
  userName: z.string(),
  userId: z.number().int(),
  timestamp: IsoDateSchema,
  isSeller: z.boolean().optional(),
  replyTo: z.number().int().nullable().optional(),
});
export const AlertFiredEventSchema = z.object({
  type: z.literal('alert.fired'),
  ...envelope,
  userId: z.number().int(),
  alertId: z.number().int(),
  alertType: z.string(),
  text: z.string(),
  auction: z.object({ id: z.number().int(), title: z.string(), currentBid: MoneySchema, endTime: IsoDateSchema }),
});
export const EscrowUpdatedEventSchema = z.object({
  type: z.literal('escrow.updated'),
  ...envelope,
  userId: z.number().int(),
  transactionId: z.number().int(),
  auctionId,
  status: z.enum(ESCROW_STATUSES),
  milestone: z.enum(ESCROW_MILESTONES).nullable(),
  /** The recipient's side of the sale, and who took the step: a party is not told about their own step. */
  role: z.enum(['buyer', 'seller']),
  actor: z.enum(ESCROW_ACTORS),
  /** What happened, in words ("The buyer accepted the escrow terms"). */
  text: z.string(),
});
/** An offer after the hammer changed (sent, countered, answered, expired, withdrawn): told to each party on their stream. */
export const OfferUpdatedEventSchema = z.object({
  type: z.literal('offer.updated'),
  ...envelope,
  userId: z.number().int(),
  offerId: z.number().int(),
  auctionId,
  kind: z.enum(OFFER_KINDS),
  status: z.enum(OFFER_STATUSES),
  expiresAt: IsoDateSchema,
});
/** A notice for one user (outbid, won, sold, a watched auction ending...), as the notifications list shows it. */
export const NotificationCreatedEventSchema = z.object({
  type: z.literal('notification.created'),
  ...envelope,
  userId: z.number().int(),
  notification: NotificationSchema,
});
/** A seller submitted a car; admins' pending lists update without a reload. */
export const AuctionSubmittedEventSchema = z.object({
  type: z.literal('auction.submitted'),
  ...envelope,
  auctionId,
  title: z.string(),
});
export const AuctionReviewedEventSchema = z.object({
  type: z.literal('auction.reviewed'),
  ...envelope,
  auctionId,
  decision: z.enum(['approved', 'rejected']),
});
/** An admin changed a marketplace setting or a member's standing: other admins' open portals refresh. */
export const AdminChangedEventSchema = z.object({
  type: z.literal('admin.changed'),
  ...envelope,
  adminId: z.number().int(),
  what: z.enum(['settings', 'user']),
  subject: z.string(),
});

/** A new forum post: lists open on its category show "N new posts" rather than jumping. */
export const ForumPostCreatedEventSchema = z.object({
  type: z.literal('forum.post.created'),
  ...envelope,
  postId: z.number().int(),
  category: z.string(),
  title: z.string(),
  userId: z.number().int(),
  userName: z.string(),
});
const ForumReplyEventSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  content: z.string(),
  likes: z.number().int(),
  createdAt: IsoDateSchema,
  user: z.object({ id: z.number().int(), name: z.string() }),
});
/** A reply, to everyone viewing the discussion; `replies` is the post's count after it. */
export const ForumReplyPostedEventSchema = z.object({
  type: z.literal('forum.reply.posted'),
  ...envelope,
  postId: z.number().int(),
  reply: ForumReplyEventSchema,
  replies: z.number().int(),
});
/** A post's (replyId null) or a reply's like count after a like or an unlike. */
export const ForumLikesChangedEventSchema = z.object({
  type: z.literal('forum.likes.changed'),
  ...envelope,
  postId: z.number().int(),
  replyId: z.number().int().nullable(),
  likes: z.number().int(),
});

/**
 * A session ended (sign-out; later suspension or a password change). Never shown to a browser: the gateway closes the
 * sockets that session opened, on every gateway process, before any further private event can reach them.
 */
export const SessionEndedEventSchema = z.object({
  type: z.literal('session.ended'),
  ...envelope,
  userId: z.number().int(),
  /** The session's id: the SHA-256 of its cookie token, as the sessions table stores it. */
  sessionId: z.string().regex(/^[a-f0-9]{64}$/),
});
export const AdminSessionEndedEventSchema = z.object({
  type: z.literal('admin-session.ended'),
  ...envelope,
  adminId: z.number().int(),
  sessionId: z.string().regex(/^[a-f0-9]{64}$/),
});

export const DomainEventSchema = z.discriminatedUnion('type', [
  SessionEndedEventSchema,
  AdminSessionEndedEventSchema,
  BidPlacedEventSchema,
  AuctionExtendedEventSchema,
  AuctionOpenedEventSchema,
  AuctionClosedEventSchema,
  ReserveLoweredEventSchema,
  ChatMessageEventSchema,
  CommentPostedEventSchema,
  AlertFiredEventSchema,
  EscrowUpdatedEventSchema,
  OfferUpdatedEventSchema,
  NotificationCreatedEventSchema,
  AuctionSubmittedEventSchema,
  AuctionReviewedEventSchema,
  AdminChangedEventSchema,
  ForumPostCreatedEventSchema,
  ForumReplyPostedEventSchema,
  ForumLikesChangedEventSchema,
]);
export type DomainEvent = z.infer<typeof DomainEventSchema>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
export type BidPlacedEvent = EventOf<'bid.placed'>;
export type AuctionClosedEvent = EventOf<'auction.closed'>;
export type ChatMessageEvent = EventOf<'chat.message'>;
export type EscrowUpdatedEvent = EventOf<'escrow.updated'>;

/** An event before the outbox gives it its place: the stream and the sequence number are assigned on append. */
export type EventDraft<E extends DomainEvent = DomainEvent> = E extends unknown ? Omit<E, 'stream' | 'seq'> : never;
