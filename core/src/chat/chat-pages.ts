// The chat poll's new-line pages, shared by the pollers that ask for the same thing. When a line arrives in an
// auction's chat, every poller of that auction asks for it within the next 2 s with the same cursor; without this each
// of them would read Postgres. Chat lines never change once written, so a page for (auction, cursor, newest line) is
// exact for as long as it is kept; a short life keeps the author names it carries current.
import type { ChatMessage } from '@app/shared';

const KEEP_MS = 2_000;
const MAX_PAGES = 10_000;

export class ChatPages {
  private readonly pages = new Map<string, { until: number; page: Promise<ChatMessage[]> }>();

  /** The page after `after` when the newest line is `latest`: read once (the first asker's read is shared), then kept. */
  get(auctionId: number, after: number, latest: number, read: () => Promise<ChatMessage[]>): Promise<ChatMessage[]> {
    const key = `${auctionId}:${after}:${latest}`;
    const now = Date.now();
    const kept = this.pages.get(key);
    if (kept && kept.until > now) return kept.page;
    if (this.pages.size >= MAX_PAGES) this.pages.clear();
    const page = read();
    this.pages.set(key, { until: now + KEEP_MS, page });
    // A failed read is not kept: the next poller tries again.
    page.catch(() => this.pages.delete(key));
    return page;
  }
}
