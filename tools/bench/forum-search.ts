// Forum search at 50 searches/s over 50,000 posts: the full HTTP path (ranked, highlighted, with tab counts) next to
// the bare ranked SELECT of the same query, sent at the same rate to the same database in the same run.
import { Agent, request } from 'undici';
import { percentile, type Sql } from './setup.js';

// Everyday words make up most of a post (many are stop words the index drops); one word in ten is car talk,
// so a car term is in a few percent of the posts, as in a real enthusiasts' forum.
const FILLER = (
  'the a and i my it is was to of in for on with that this but have had just really think would could about ' +
  'after before when then now also very good great bad looking anyone know thanks help question experience ' +
  'year month week today last first new old little much more some any other same different time way thing'
).split(' ');
const WORDS = (
  'car engine oil brakes tyres price auction seller buyer reserve miles service history inspection paint rust ' +
  'clutch gearbox manual automatic turbo suspension wheels interior leather title escrow shipping transport dealer ' +
  'collector classic coupe convertible sedan wagon truck diesel electric hybrid battery charging range warranty ' +
  'porsche ferrari bmw audi mercedes toyota honda mazda nissan ford chevrolet dodge jeep subaru volkswagen lotus ' +
  'mclaren lamborghini maserati alfa jaguar aston bentley rolls volvo saab lancia datsun pontiac cadillac lincoln ' +
  'carrera supra miata corvette mustang camaro civic integra golf m3 rs4 amg gt3 quattro skyline nsx wrx sti ' +
  'bore scoring coolant pipes bushings alignment detailing ceramic coating wrap restoration matching numbers ' +
  'odometer rollback salvage flood lien payoff registration smog emissions exhaust intake tune dyno horsepower ' +
  'torque redline launch track day autocross drag racing storage cover tender garage lift jack stands torque wrench'
).split(' ');

const QUERIES = [
  'porsche',
  'bore scoring',
  'escrow shipping',
  '"matching numbers"',
  'turbo -diesel',
  'flood salvage title',
  'supra',
  'garage lift',
  'ceramic coating',
  'miata track day',
  'coolant',
  'lamborghini warranty',
  'odometer rollback',
  'nsx',
  'manual gearbox',
  'battery tender storage',
  'auction reserve price',
  'rust',
  'dyno tune horsepower',
  'quattro rs4',
];

export async function seedForumPosts(sql: Sql, posts: number): Promise<void> {
  const [author] = await sql<{ id: number }[]>`
    insert into users (email, name, password_hash) values ('bench-forum@example.test', 'Forum Writer', 'not-a-login-account') returning id`;
  for (let done = 0; done < posts; done += 10_000) {
    const n = Math.min(10_000, posts - done);
    await sql`
      insert into forum_posts (user_id, category, title, content, tags, created_at, last_activity_at)
      select ${author!.id},
             (array['general', 'technical', 'marketplace', 'reviews'])[1 + g % 4],
             (select string_agg(case when random() < 0.4 then w[1 + floor(cardinality(w) * random())::int + 0 * i]
                                     else f[1 + floor(cardinality(f) * random())::int] end, ' ')
                from generate_series(1, 8) i where g > 0),
             (select string_agg(case when random() < 0.1 then w[1 + floor(cardinality(w) * random())::int + 0 * i]
                                     else f[1 + floor(cardinality(f) * random())::int] end, ' ')
                from generate_series(1, 60) i where g > 0),
             array[w[1 + floor(cardinality(w) * random())::int]],
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(${done + 1}::int, ${done + n}::int) g, (select ${WORDS}::text[] as w, ${FILLER}::text[] as f) words`;
  }
  // A bulk load leaves GIN entries in its pending list; a steady forum has them merged.
  await sql`vacuum analyze forum_posts`;
}

/** Sends `send` at a fixed rate (an open loop: a slow answer does not slow the arrivals) and returns the latencies. */
async function atRate(perSecond: number, seconds: number, send: (i: number) => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i += 1) {
    const due = start + (i * 1000) / perSecond;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    pending.push(
      (async () => {
        const t0 = performance.now();
        const ok = await send(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      })(),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    samples: latencies.length,
    errors,
  };
}

export type ForumSearchResult = Awaited<ReturnType<typeof forumSearchBench>>;

export async function forumSearchBench(opts: {
  sql: Sql;
  baseUrl: string;
  posts: number;
  perSecond: number;
  seconds: number;
}) {
  const seedStarted = performance.now();
  await seedForumPosts(opts.sql, opts.posts);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const dispatcher = new Agent({ connections: 50, keepAliveTimeout: 10_000 });
  // Warm both paths once (plans, caches) before measuring.
  for (const q of QUERIES)
    await request(`${opts.baseUrl}/api/forum/posts?search=${encodeURIComponent(q)}`, { dispatcher }).then((r) =>
      r.body.text(),
    );
  const http = await atRate(opts.perSecond, opts.seconds, async (i) => {
    const res = await request(
      `${opts.baseUrl}/api/forum/posts?search=${encodeURIComponent(QUERIES[i % QUERIES.length]!)}`,
      { dispatcher },
    );
    await res.body.text();
    return res.statusCode === 200;
  });
  const bare = await atRate(opts.perSecond, opts.seconds, async (i) => {
    const q = QUERIES[i % QUERIES.length]!;
    await opts.sql`
      select p.id from forum_posts p, websearch_to_tsquery('english', ${q}) tq
      where p.search @@ tq
      order by ts_rank(p.search, tq) desc, p.id desc
      limit 11`;
    return true;
  });
  await dispatcher.close();
  const counts = await Promise.all(
    QUERIES.map(async (q) =>
      Number(
        (
          await opts.sql<
            { n: string }[]
          >`select count(*) as n from forum_posts where search @@ websearch_to_tsquery('english', ${q})`
        )[0]!.n,
      ),
    ),
  );
  return {
    http,
    bare,
    seedSeconds,
    posts: opts.posts,
    perSecond: opts.perSecond,
    matchesPerQuery: {
      max: Math.max(...counts),
      median: [...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)]!,
    },
  };
}

export function forumSearchReport(r: ForumSearchResult): string {
  return (
    `| forum search, ${r.perSecond} searches/s over ${r.posts.toLocaleString('en-US')} posts (ranked, highlighted, tab counts; a query matches ${r.matchesPerQuery.median} posts median, ${r.matchesPerQuery.max} max) | ` +
    `p50 ${r.http.p50Ms.toFixed(1)} ms, p99 ${r.http.p99Ms.toFixed(1)} ms, max ${r.http.maxMs.toFixed(1)} ms (${r.http.samples} searches, ${r.http.errors} errors) | ` +
    `bare ranked SELECT of the same queries: p50 ${r.bare.p50Ms.toFixed(1)} ms, p99 ${r.bare.p99Ms.toFixed(1)} ms | ${(r.http.p99Ms / r.bare.p99Ms).toFixed(1)}x p99 |`
  );
}
