// The messages between the night scenario and its HTTP load-generator processes.
import type { PollResult } from '../chat-poll.js';

export type TrafficCommand =
  | {
      cmd: 'setup';
      baseUrl: string;
      origin: string;
      hot: number[];
      warm: number[];
      chatAuctions: number[];
      bidders: string[];
      chatters: string[];
    }
  /** Bids at bidsPerSecond (hotShare of them on the hot auctions) and chat lines at chatPerSecond, for `seconds`. */
  | { cmd: 'run'; bidsPerSecond: number; hotShare: number; chatPerSecond: number; seconds: number }
  | { cmd: 'polls'; baseUrl: string; auctionIds: number[]; pollers: number; seconds: number }
  | { cmd: 'close' };

/** What one kind of request did: answers by kind, answer times (histogram buckets), and when each accepted one was answered. */
export interface Sent {
  sent: number;
  /** 201 */
  ok: number;
  /** 409: a bid below the minimum by the time it was decided (a crowd outbidding itself), or an auction already closed. */
  refused: number;
  /** Anything else, no answer included (status 0). */
  errors: number;
  errorStatuses: Record<number, number>;
  answer: [number, number][];
  maxMs: number;
  /** [delivery key, epoch ms of the answer] for each accepted request: where a socket delivery is timed from. */
  refs: [string, number][];
}

export type TrafficReply =
  { reply: 'ready' } | { reply: 'ran'; bids: Sent; chat: Sent } | { reply: 'polled'; polls: PollResult };
