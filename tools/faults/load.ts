// Steady load for the fault suite: bidders on a few hot auctions, chat, and sockets that keep the state a browser
// would (join snapshot, events in seq order, a rejoin on a gap), recording everything the checks need.
import { io, type Socket } from 'socket.io-client';
import { MIN_BID_INCREMENT_CENTS } from '@app/shared';

const INCREMENT = MIN_BID_INCREMENT_CENTS / 100;

export interface AckedBid {
  id: number;
  auctionId: number;
  amount: number;
  /** When the request was sent. */
  sentAt: number;
  /** When the acknowledgement arrived. */
  at: number;
}

export interface LoadRecord {
  acked: AckedBid[];
  statuses: Map<number, number>;
  /** Requests that took longer than this many ms, by kind. */
  slowest: number;
  slowOver5s: number;
  lastAckAt: number;
}

export interface Bidder {
  id: number;
  cookie: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startBidding(apiUrl: string, bidders: Bidder[], auctionIds: number[], loops: number, pauseMs: number) {
  const rec: LoadRecord = { acked: [], statuses: new Map(), slowest: 0, slowOver5s: 0, lastAckAt: 0 };
  const known = new Map(auctionIds.map((id) => [id, 1000]));
  let running = true;
  let paused = false;
  const loop = async (n: number) => {
    let i = n;
    while (running) {
      if (paused) {
        await sleep(50);
        continue;
      }
      i += loops;
      const bidder = bidders[i % bidders.length]!;
      const auctionId = auctionIds[i % auctionIds.length]!;
      // One to three increments above the last price this loop knows: most are valid bids that race each other.
      const amount = known.get(auctionId)! + INCREMENT * (1 + (i % 3));
      const t0 = Date.now();
      let status = 0;
      let took = 0;
      try {
        const res = await fetch(`${apiUrl}/api/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: bidder.cookie, origin: apiUrl },
          body: JSON.stringify({ auctionId, amount }),
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        const body = (await res.json().catch(() => ({}))) as { id?: number; currentBid?: string };
        took = Date.now() - t0;
        if (status === 201 && body.id) {
          rec.lastAckAt = Date.now();
          rec.acked.push({ id: body.id, auctionId, amount, sentAt: t0, at: rec.lastAckAt });
          known.set(auctionId, Math.max(known.get(auctionId)!, amount));
        } else if (status === 409) {
          // Someone else bid higher: learn the price as a page would, by reading the auction.
          const a = (await fetch(`${apiUrl}/api/auctions/${auctionId}`, { signal: AbortSignal.timeout(5000) })
            .then((r) => r.json())
            .catch(() => null)) as { currentBid?: string } | null;
          const now = Math.ceil(Number(a?.currentBid ?? 0));
          known.set(auctionId, Math.max(known.get(auctionId)!, now));
        }
      } catch {
        status = -1;
      }
      took ||= Date.now() - t0;
      rec.slowest = Math.max(rec.slowest, took);
      if (took > 5000) rec.slowOver5s += 1;
      rec.statuses.set(status, (rec.statuses.get(status) ?? 0) + 1);
      await sleep(status === 201 || status === 409 ? pauseMs : pauseMs * 4);
    }
  };
  const all = Array.from({ length: loops }, (_, n) => loop(n));
  return {
    rec,
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    async stop() {
      running = false;
      await Promise.all(all);
    },
  };
}

export function startChat(apiUrl: string, bidders: Bidder[], auctionId: number, everyMs: number) {
  let running = true;
  let sent = 0;
  let n = 0;
  const loop = (async () => {
    while (running) {
      const b = bidders[n % bidders.length]!;
      n += 1;
      await fetch(`${apiUrl}/api/chat/messages/${auctionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: b.cookie, origin: apiUrl },
        body: JSON.stringify({ message: `steady chat ${n}` }),
        signal: AbortSignal.timeout(15_000),
      })
        .then((r) => (r.ok ? (sent += 1) : 0))
        .catch(() => 0);
      await sleep(everyMs);
    }
  })();
  return {
    sent: () => sent,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** One browser's view of one auction. */
export class Watcher {
  readonly socket: Socket;
  seq = -1;
  currentBid = '0.00';
  bidCount = 0;
  /** Join answers received: the first join, and one more after every reconnect or gap. */
  joins = 0;
  duplicates = 0;
  outOfOrder = 0;
  rejoins = 0;
  private readonly seen = new Set<number>();
  private maxSeen = 0;

  constructor(
    readonly url: string,
    readonly auctionId: number,
    origin: string,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      reconnectionDelay: 250,
      reconnectionDelayMax: 2000,
      extraHeaders: { origin },
    });
    this.socket.on('connect', () => void this.join());
    // Bid state comes in auction:events packets, several events of the room in order; each is applied as the page does.
    this.socket.on(
      'auction:events',
      (events: { type: string; auctionId: number; seq: number; currentBid?: string; bidCount?: number }[]) => {
        for (const e of events) this.apply(e);
      },
    );
  }

  private apply(e: { type: string; auctionId: number; seq: number; currentBid?: string; bidCount?: number }): void {
    if (e.auctionId !== this.auctionId) return;
    if (this.seen.has(e.seq)) this.duplicates += 1;
    else if (e.seq < this.maxSeen) this.outOfOrder += 1;
    this.seen.add(e.seq);
    this.maxSeen = Math.max(this.maxSeen, e.seq);
    if (e.seq <= this.seq) return;
    if (e.seq > this.seq + 1) {
      // A gap: what the page does is refetch; the join answer is that refetch.
      void this.join();
      return;
    }
    this.seq = e.seq;
    if (e.type === 'bid.placed' && e.currentBid !== undefined) this.currentBid = e.currentBid;
    if (e.type === 'bid.placed' && e.bidCount !== undefined) this.bidCount = e.bidCount;
  }

  async join(attempt = 0): Promise<void> {
    if (!this.socket.connected) return;
    this.rejoins += 1;
    const ack = (await this.socket
      .timeout(5000)
      .emitWithAck('auction:join', { auctionId: this.auctionId })
      .catch(() => null)) as { ok: boolean; data?: { seq: number; currentBid: string; bidCount: number } } | null;
    if (!ack?.ok || !ack.data) {
      await sleep(Math.min(5000, 250 * 2 ** attempt));
      return this.join(attempt + 1);
    }
    this.joins += 1;
    if (ack.data.seq >= this.seq) {
      this.seq = ack.data.seq;
      this.currentBid = ack.data.currentBid;
      this.bidCount = ack.data.bidCount;
    }
  }

  close() {
    this.socket.close();
  }
}

/** Opens `count` sockets at once, each joining `auctionId`; resolves with how many joined and how long the last took. */
export async function joinStorm(realtimeUrl: string, auctionId: number, count: number, origin: string) {
  const t0 = Date.now();
  const sockets: Socket[] = [];
  const joined = await Promise.all(
    Array.from({ length: count }, async () => {
      const s = io(realtimeUrl, { transports: ['websocket'], reconnectionDelay: 250, extraHeaders: { origin } });
      sockets.push(s);
      for (let attempt = 0; attempt < 10 && Date.now() - t0 < 20_000; attempt += 1) {
        if (!s.connected) await new Promise<void>((r) => (s.connected ? r() : s.once('connect', () => r())));
        const ack = (await s
          .timeout(5000)
          .emitWithAck('auction:join', { auctionId })
          .catch(() => null)) as { ok: boolean } | null;
        if (ack?.ok) return true;
      }
      return false;
    }),
  );
  const ms = Date.now() - t0;
  for (const s of sockets) s.close();
  return { joined: joined.filter(Boolean).length, ms };
}
