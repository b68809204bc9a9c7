// Streams and rooms. Every event belongs to one stream, named from the event by its kind (EVENT_STREAM_KIND, the one
// mapping); the counter of that stream gives it its sequence number, and the gateway emits it to the room of its stream.
import type { DomainEvent, EventDraft, EventOf, EventType } from './events.js';

export const streams = {
  auction: (auctionId: number) => `auction:${auctionId}`,
  auctionChat: (auctionId: number) => `auction:${auctionId}:chat`,
  user: (userId: number) => `user:${userId}`,
  admins: 'admins',
  forum: 'forum',
  forumThread: (postId: number) => `thread:${postId}`,
} as const;

/** How an event of each kind names its stream. */
const STREAM_NAME = {
  auction: (e: { auctionId: number }) => streams.auction(e.auctionId),
  'auction-chat': (e: { auctionId: number }) => streams.auctionChat(e.auctionId),
  user: (e: { userId: number }) => streams.user(e.userId),
  admins: (_e: object) => streams.admins,
  forum: (_e: object) => streams.forum,
  'forum-thread': (e: { postId: number }) => streams.forumThread(e.postId),
} as const;
export type StreamKind = keyof typeof STREAM_NAME;

/** The kinds an event of type T can name the stream of (it carries the id the name is made of). */
type KindsFor<T extends EventType> = {
  [K in StreamKind]: Omit<EventOf<T>, 'stream' | 'seq'> extends Parameters<(typeof STREAM_NAME)[K]>[0] ? K : never;
}[StreamKind];

/**
 * Which stream each event belongs to. Bid state (`auction:{id}`) and talk about an auction (`auction:{id}:chat`) are
 * separate streams with separate sequences, so a chat message never waits for the auction row a bid holds.
 */
export const EVENT_STREAM_KIND = {
  'bid.placed': 'auction',
  'auction.extended': 'auction',
  'auction.opened': 'auction',
  'auction.closed': 'auction',
  'auction.reserve-lowered': 'auction',
  'chat.message': 'auction-chat',
  'comment.posted': 'auction-chat',
  'alert.fired': 'user',
  'escrow.updated': 'user',
  'offer.updated': 'user',
  'notification.created': 'user',
  'auction.submitted': 'admins',
  'auction.reviewed': 'admins',
  'admin.changed': 'admins',
  'session.ended': 'user',
  'admin-session.ended': 'admins',
  'forum.post.created': 'forum',
  'forum.reply.posted': 'forum-thread',
  'forum.likes.changed': 'forum-thread',
} as const satisfies { [T in EventType]: KindsFor<T> };

/** The stream an event (or a draft of one) belongs to. */
export function streamOf(e: EventDraft | DomainEvent): string {
  return (STREAM_NAME[EVENT_STREAM_KIND[e.type]] as (e: EventDraft | DomainEvent) => string)(e);
}

export const auctionRoom = (auctionId: number) => `auction:${auctionId}`;
export const userRoom = (userId: number) => `user:${userId}`;
export const ADMINS_ROOM = 'admins';
/** Everyone looking at the forum's list; a discussion's viewers are in its thread room. */
export const FORUM_ROOM = 'forum';
export const threadRoom = (postId: number) => `thread:${postId}`;
/** Every socket a session opened, so ending the session can close them all, on every gateway process. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const AUCTION_STREAM = /^auction:(\d+)(?::chat)?$/;

/** Sockets watching an auction get both of its streams; every other stream is its own room. */
export function roomOfStream(stream: string): string {
  const m = AUCTION_STREAM.exec(stream);
  return m ? auctionRoom(Number(m[1])) : stream;
}

/** The auction id of an `auction:{id}` room, or null for any other room (a user's, the admins', the socket's own). */
export function auctionIdOfRoom(room: string): number | null {
  const m = /^auction:(\d+)$/.exec(room);
  return m ? Number(m[1]) : null;
}
