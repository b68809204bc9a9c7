// The spec's chat poll at scale: 500 clients, each asking every 2 s (random phase) for messages newer than its cursor,
// i.e. about 250 requests/s spread the way real pollers spread them.
import { Agent, request } from 'undici';
import { percentile } from './setup.js';

export async function chatPollLatency(opts: {
  baseUrl: string;
  origin: string;
  auctionId: number;
  afterId: number;
  writerCookie: string;
  pollers: number;
  seconds: number;
}): Promise<{ requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; notModified: number }> {
  const dispatcher = new Agent({ connections: opts.pollers, keepAliveTimeout: 10_000 });
  // New messages keep arriving during the run, so polls return real rows, not only empty answers.
  let writes = 0;
  const writer = setInterval(() => {
    writes += 1;
    void fetch(`${opts.baseUrl}/api/chat/messages/${opts.auctionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: opts.origin, cookie: opts.writerCookie },
      body: JSON.stringify({ message: `bench message ${writes}` }),
    }).catch(() => {});
  }, 2500);

  const latencies: number[] = [];
  let errors = 0;
  let notModified = 0;
  const until = Date.now() + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.pollers }, async () => {
      let after = opts.afterId;
      let etag: string | undefined;
      await new Promise((r) => setTimeout(r, Math.random() * 2000));
      while (Date.now() < until) {
        const started = performance.now();
        try {
          const res = await request(`${opts.baseUrl}/api/chat/messages/${opts.auctionId}?after=${after}`, {
            dispatcher,
            headers: etag ? { 'if-none-match': etag } : {},
          });
          const body = await res.body.text();
          latencies.push(performance.now() - started);
          if (res.statusCode === 304) notModified += 1;
          else if (res.statusCode === 200) {
            const rows = JSON.parse(body) as { id: number }[];
            if (rows.length > 0) after = rows.at(-1)!.id;
            etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
          } else errors += 1;
        } catch {
          errors += 1;
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (performance.now() - started))));
      }
    }),
  );
  clearInterval(writer);
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / opts.seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    errors,
    notModified,
  };
}
