// From the moment a bid's POST returns to the moment each of 1,000 sockets in the room has its bid.placed event.
import { io, type Socket } from 'socket.io-client';
import { percentile } from './setup.js';

export async function fanoutLatency(opts: {
  baseUrl: string;
  realtimeUrl: string;
  origin: string;
  auctionId: number;
  cookie: string;
  sockets: number;
  bids: number;
  startAmount: number;
}): Promise<{ p50Ms: number; p99Ms: number; maxMs: number; samples: number; missing: number }> {
  const sockets: Socket[] = [];
  const arrivals = new Map<number, number[]>();
  for (let i = 0; i < opts.sockets; i += 1) {
    const s = io(opts.realtimeUrl, { transports: ['websocket'], forceNew: true, extraHeaders: { origin: opts.origin } });
    s.on('bid.placed', (e: { seq: number; amount: string }) => {
      const list = arrivals.get(Math.round(Number(e.amount))) ?? [];
      list.push(performance.now());
      arrivals.set(Math.round(Number(e.amount)), list);
    });
    sockets.push(s);
  }
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          const join = () =>
            s.emit('auction:join', { auctionId: opts.auctionId }, (ack: { ok: boolean; error?: string }) =>
              ack.ok ? resolve() : reject(new Error(ack.error)),
            );
          if (s.connected) join();
          else s.once('connect', join);
        }),
    ),
  );

  const latencies: number[] = [];
  let missing = 0;
  for (let i = 0; i < opts.bids; i += 1) {
    const amount = opts.startAmount + i * 1000;
    const res = await fetch(`${opts.baseUrl}/api/bids`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: opts.origin, cookie: opts.cookie },
      body: JSON.stringify({ auctionId: opts.auctionId, amount }),
    });
    const returnedAt = performance.now();
    if (res.status !== 201) throw new Error(`bench bid refused: ${res.status} ${await res.text()}`);
    const deadline = returnedAt + 2000;
    while ((arrivals.get(amount)?.length ?? 0) < opts.sockets && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1));
    }
    const got = arrivals.get(amount) ?? [];
    missing += opts.sockets - got.length;
    // An event can beat the HTTP answer back; that counts as zero wait, not negative.
    for (const t of got) latencies.push(Math.max(0, t - returnedAt));
  }
  for (const s of sockets) s.disconnect();
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    samples: latencies.length,
    missing,
  };
}
