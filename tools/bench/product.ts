// The product as the bench runs it: a database and a Redis prefix of its own, the compiled api and realtime processes
// (workers are started by the scenarios that need them, after their auctions exist), and bidders holding sessions.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { dropRedisPrefix } from '@app/infra';
import { ensureServicesBuilt } from './ensure-built.js';
import { roomStreams } from './sockets/receiver-protocol.js';
import { REDIS_URL, createBenchDatabase, createBidders, freePort, startProcess, stopProcess } from './setup.js';

export interface BenchProduct {
  db: Awaited<ReturnType<typeof createBenchDatabase>>;
  env: Record<string, string>;
  baseUrl: string;
  realtimeUrl: string;
  origin: string;
  api: ChildProcess;
  realtime: ChildProcess;
  bidders: { id: number; cookie: string }[];
  stop(): Promise<void>;
}

/**
 * BENCH_CPU_PROFILE=<folder>: the api, the gateway and the night's workers write a V8 CPU profile of their whole life
 * there (one subfolder each), read with `tsx tools/bench/profile-summary.ts <file>`.
 */
export function profiled(service: string): string[] {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}/${service}`] : [];
}

export async function startBenchProduct(opts: {
  bidders: number;
  apiNodeArgs?: string[];
  realtimeNodeArgs?: string[];
  /** An OTLP endpoint: every process (the workers the scenarios start too) traces every request and sends it there. */
  otlpEndpoint?: string;
}): Promise<BenchProduct> {
  ensureServicesBuilt();
  const [apiPort, rtPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  const realtimeUrl = `http://127.0.0.1:${rtPort}`;
  const prefix = `bench${randomBytes(3).toString('hex')}:`;
  const db = await createBenchDatabase();
  const env = {
    DATABASE_URL: db.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    REALTIME_PORT: String(rtPort),
    APP_ORIGINS: baseUrl,
    DB_POOL_SIZE: '10',
    // A load generator is one address sending as many bidders; the protective limits would otherwise be what is measured.
    RATE_LIMIT_SCALE: '1000',
    METRICS_TOKEN: randomBytes(12).toString('hex'),
    ...(opts.otlpEndpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: opts.otlpEndpoint } : {}),
  };
  const api = await startProcess('api', env, `${baseUrl}/healthz`, [...profiled('api'), ...(opts.apiNodeArgs ?? [])]);
  const realtime = await startProcess('realtime', env, `${realtimeUrl}/healthz`, [
    ...profiled('realtime'),
    ...(opts.realtimeNodeArgs ?? []),
  ]);
  const bidders = await createBidders(db.sql, opts.bidders, 'p');
  return {
    db,
    env,
    baseUrl,
    realtimeUrl,
    origin: baseUrl,
    api,
    realtime,
    bidders,
    async stop() {
      await stopProcess(api);
      await stopProcess(realtime);
      await db.drop();
      await dropRedisPrefix(REDIS_URL, prefix);
    },
  };
}

/** The last seq of each stream an auction's room receives (0 for a stream nothing was written to). */
export async function roomFinals(
  db: BenchProduct['db'],
  auctionIds: number[],
): Promise<Map<number, [string, number][]>> {
  const rows = await db.sql<{ stream: string; seq: string }[]>`
    select stream, seq from event_streams
    where stream = any(${auctionIds.flatMap(roomStreams)}::text[])`;
  const seqOf = new Map(rows.map((r) => [r.stream, Number(r.seq)]));
  return new Map(auctionIds.map((id) => [id, roomStreams(id).map((s): [string, number] => [s, seqOf.get(s) ?? 0])]));
}
