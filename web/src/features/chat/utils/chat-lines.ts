import type { ChatMessage, ChatMessageEvent, SystemChatLine } from '@app/shared';

export interface ChatLine {
  id: number;
  message: string;
  userName: string | null;
  timestamp: string;
  isSystemMessage: boolean;
  /** The car's seller wrote it: shown with a Seller badge. */
  isSeller: boolean;
}

export const fromPoll = (m: ChatMessage): ChatLine => ({
  id: m.id,
  message: m.message,
  userName: m.user?.name ?? null,
  timestamp: m.timestamp,
  isSystemMessage: m.isSystemMessage,
  isSeller: m.isSeller,
});

export const fromPush = (e: ChatMessageEvent): ChatLine => ({
  id: e.id,
  message: e.message,
  userName: e.userName,
  timestamp: e.timestamp,
  isSystemMessage: e.isSystemMessage,
  isSeller: e.isSeller === true,
});

/** The system line a bid or a close carries ("New high bid: ..."); the poll returns the same row by id. */
export const fromSystemLine = (l: SystemChatLine): ChatLine => ({
  id: l.id,
  message: l.message,
  userName: null,
  timestamp: l.timestamp,
  isSystemMessage: true,
  isSeller: false,
});

/** Poll answers and socket pushes describe the same messages: merge by id, keep id order. */
export function mergeChat(existing: ChatLine[], incoming: ChatLine[]): ChatLine[] {
  if (incoming.length === 0) return existing;
  const byId = new Map(existing.map((l) => [l.id, l]));
  let changed = false;
  for (const l of incoming) {
    if (!byId.has(l.id)) {
      byId.set(l.id, l);
      changed = true;
    }
  }
  if (!changed) return existing;
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
