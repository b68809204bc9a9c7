import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MessageCircle, X } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useOnlineCount } from '../../../shared/auction-state';
import { postChatMessage } from '../api/chat-messages';
import { useChatLines } from '../hooks/use-chat-lines';
import { fromPoll } from '../utils/chat-lines';
import { Button, SellerBadge } from '../../../components/ui';

/**
 * The live chat of an auction: a button until opened, then the messages and a line to write one. Both sit in the page's
 * flow, docked under the bidding controls: floating over the page, the panel covered Place Bid on desktops and the bid
 * input on phones. The opened panel closes back to the button.
 */
/** When a line was written, in the viewer's local time ("14:05"), with the full date on hover and for readers. */
function LineTime({ at }: { at: string }) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  return (
    <time
      dateTime={d.toISOString()}
      title={d.toLocaleString()}
      className="text-xs tabular-nums text-slate-500"
      data-testid="chat-time"
    >
      {d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

export function ChatWidget({ auctionId }: { auctionId: number }) {
  const [open, setOpen] = useState(false);
  const { lines, add } = useChatLines(auctionId, open);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = useOnlineCount(auctionId);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lines]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (text === '' || sending) return;
    setSending(true);
    setError(null);
    try {
      const m = await postChatMessage(auctionId, text);
      setDraft('');
      add([fromPoll(m)]);
    } catch (err) {
      setError(`Failed to send message${err instanceof ApiError && err.serverMessage ? `: ${err.serverMessage}` : ''}`);
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <Button onClick={() => setOpen(true)} variant="outline" size="lg" className="w-full" data-testid="chat-open">
        <MessageCircle className="h-5 w-5 text-brand-600" aria-hidden /> Live Chat
        {online !== undefined && <span className="text-sm font-normal text-slate-500">({online} online)</span>}
      </Button>
    );
  }
  return (
    <section
      className="flex h-[28rem] w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      aria-label="Live chat"
      data-testid="chat-panel"
    >
      <header className="flex items-center justify-between bg-ink px-4 py-3 text-white">
        <div>
          <p className="font-semibold">Live Chat</p>
          <p className="text-xs text-slate-300" data-testid="chat-online">
            {online ?? 1} online
          </p>
        </div>
        <Button onClick={() => setOpen(false)} aria-label="Close chat" variant="ghost" size="icon">
          <X className="h-5 w-5" />
        </Button>
      </header>
      <ol ref={list} className="flex-1 space-y-2 overflow-y-auto p-3 text-sm" data-testid="chat-messages">
        {lines.map((l) =>
          l.isSystemMessage ? (
            <li key={l.id} className="rounded bg-amber-50 px-2 py-1 text-center text-xs text-amber-800">
              <LineTime at={l.timestamp} /> {l.message}
            </li>
          ) : (
            <li key={l.id}>
              <LineTime at={l.timestamp} />{' '}
              <span className="font-semibold">
                {l.userName ?? 'Anonymous'}
                {l.isSeller && <SellerBadge />}:{' '}
              </span>
              <span className="break-words">{l.message}</span>
            </li>
          ),
        )}
      </ol>
      {error && (
        <p className="px-3 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
      <form onSubmit={send} className="flex gap-2 border-t p-3">
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder="Say something…"
          aria-label="Chat message"
          className="flex-1 rounded-lg border border-slate-300 px-3 py-2"
          data-testid="chat-input"
        />
        <Button type="submit" disabled={sending || draft.trim() === ''} variant="primary" data-testid="chat-send">
          Send
        </Button>
      </form>
    </section>
  );
}
