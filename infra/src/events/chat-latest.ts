// The newest chat line id of each auction, kept in Redis beside the events stream, so the 2-second chat poll can
// answer "nothing new" without asking Postgres. It is raised (never lowered) in the same pipeline that writes the events
// carrying chat lines (chat.message, and the system lines inside bid.placed and auction.closed), so it can lag a commit
// by the publish only; a missing key (Redis restarted empty, an auction nobody wrote in) sends the poll to Postgres,
// which then seeds it.
import type { ChainableCommander, Redis } from 'ioredis';
import type { DomainEvent } from '@app/shared';

const TTL_SECONDS = 7 * 24 * 3600;
const RAISE = `
local current = tonumber(redis.call('get', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > current then redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1`;
const SEED = `if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[2]) end return 1`;

export const chatLatestKey = (prefix: string, auctionId: number) => `${prefix}chat:latest:${auctionId}`;

function chatLineOf(e: DomainEvent): { auctionId: number; id: number } | null {
  if (e.type === 'chat.message') return { auctionId: e.auctionId, id: e.id };
  if (e.type === 'bid.placed' || e.type === 'auction.closed') return { auctionId: e.auctionId, id: e.chatLine.id };
  return null;
}

/** Adds to a pipeline the raises these events call for (one per auction: its highest id in the batch). */
export function raiseChatLatest(pipeline: ChainableCommander, prefix: string, events: readonly DomainEvent[]): void {
  const highest = new Map<number, number>();
  for (const e of events) {
    const line = chatLineOf(e);
    if (line && line.id > (highest.get(line.auctionId) ?? -1)) highest.set(line.auctionId, line.id);
  }
  for (const [auctionId, id] of highest) pipeline.eval(RAISE, 1, chatLatestKey(prefix, auctionId), id, TTL_SECONDS);
}

/**
 * Raises the key at once, before the writer answers, so its own next poll finds its line (the publish after commit
 * raises it too, a moment later). Bounded: a slow Redis costs the writer at most `timeoutMs`, and the publish still
 * raises it.
 */
export async function raiseChatLatestNow(
  redis: Redis,
  prefix: string,
  auctionId: number,
  id: number,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    redis.eval(RAISE, 1, chatLatestKey(prefix, auctionId), id, TTL_SECONDS).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}

/** The newest chat line id Redis knows for the auction, or null when it does not know (then ask Postgres). */
export async function readChatLatest(
  redis: Redis,
  prefix: string,
  auctionId: number,
  timeoutMs: number,
): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const value = await Promise.race([
      redis.get(chatLatestKey(prefix, auctionId)),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs))),
    ]);
    return value === null ? null : Number(value);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** After a poll read Postgres: seeds the key if nothing raised it meanwhile (a raise is never overwritten). */
export function seedChatLatest(redis: Redis, prefix: string, auctionId: number, id: number): void {
  redis.eval(SEED, 1, chatLatestKey(prefix, auctionId), id, TTL_SECONDS).catch(() => undefined);
}
