// The chat's lines: polled every 2 s while the chat is open (spec) and pushed by the socket (typed messages, and the
// system lines bids and closes carry), merged by id so either path alone suffices.
import { useEffect, useRef, useState } from 'react';
import { CHAT_POLL_INTERVAL_MS } from '@app/shared';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { getChatMessages } from '../api/chat-messages';
import { fromPoll, fromPush, fromSystemLine, mergeChat, type ChatLine } from '../utils/chat-lines';

export function useChatLines(auctionId: number, open: boolean) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const lastId = useRef(0);
  const add = (incoming: ChatLine[]) => setLines((l) => mergeChat(l, incoming));

  useEffect(() => {
    lastId.current = lines.at(-1)?.id ?? 0;
  }, [lines]);

  // Pushes are followed only while open: on opening, the first poll fetches everything before them.
  useSocketListeners(open ? `chat:${auctionId}` : null, (socket) => {
    const mine = (e: { auctionId: number }) => e.auctionId === auctionId;
    return [
      onServerEvent(socket, 'chat.message', (e) => mine(e) && add([fromPush(e)])),
      onServerEvent(socket, 'bid.placed', (e) => mine(e) && add([fromSystemLine(e.chatLine)])),
      onServerEvent(socket, 'auction.closed', (e) => mine(e) && add([fromSystemLine(e.chatLine)])),
      onServerEvent(socket, 'auction.reserve-lowered', (e) => mine(e) && add([fromSystemLine(e.chatLine)])),
    ];
  });

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    const poll = async () => {
      try {
        const messages = await getChatMessages(auctionId, lastId.current);
        if (!stopped) setLines((l) => mergeChat(l, messages.map(fromPoll)));
      } catch {
        // the next poll tries again
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), CHAT_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [open, auctionId]);

  return { lines, add };
}
