// Every write looks up its session; a few seconds of memory saves that query on hot paths like bidding.
// Logout in this process evicts at once; another API process may accept a logged-out token for up to TTL_MS.
import type { SessionUser } from '@app/shared';

const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser | null; until: number }>();

  get(token: string): SessionUser | null | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.user;
  }

  set(token: string, user: SessionUser | null): void {
    // Unknown tokens are not cached, so a fresh login is seen at once.
    if (!user) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { user, until: Date.now() + TTL_MS });
  }

  evict(token: string): void {
    this.entries.delete(token);
  }

  /** Every cached session of one user (a suspension): the next request looks the session up again. */
  evictUser(userId: number): void {
    for (const [token, hit] of this.entries) if (hit.user?.id === userId) this.entries.delete(token);
  }
}
