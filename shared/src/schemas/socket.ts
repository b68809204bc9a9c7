// The socket protocol: client asks to join or leave auction rooms; the server only carries news.
import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema } from './common.js';
import { AuctionStatusSchema, ReserveStatusSchema } from './auctions.js';

export const JoinAuctionPayloadSchema = z.object({ auctionId: IdSchema });
export const LeaveAuctionPayloadSchema = z.object({ auctionId: IdSchema });

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
} as const;
