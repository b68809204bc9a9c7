// Valuation speed and the VIN decoder's effect on the event loop, measured inside one real API instance (built in
// this process, so monitorEventLoopDelay sees the very loop that serves requests):
//  - the model alone: valueCar on a mix of cars, the market data as comparables;
//  - POST /api/estimate-value end to end (VIN already decoded, platform sales read from Postgres);
//  - the loop's delay while uncached VINs are decoded, a few in flight at once.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { valueCar, withCheckDigit } from '@app/shared';
import { loadValuationModel } from '../../src/market-data.js';
import { dropRedisPrefix } from '../../src/redis-connection.js';
import { REDIS_URL, createBenchDatabase } from './setup.js';

interface InjectApp {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<{ statusCode: number; body: string }>;
  close(): Promise<void>;
}
type BuildApp = (config: unknown) => Promise<InjectApp>;
type LoadConfig = (env: Record<string, string | undefined>) => unknown;

const CARS = [
  { year: 2019, make: 'Porsche', model: '911', trim: 'Carrera S', mileage: 20_000 },
  { year: 2018, make: 'Porsche', model: '911', trim: 'GT3 Touring', mileage: 8_000 },
  { year: 2014, make: 'Toyota', model: 'Camry', trim: 'SE', mileage: 90_000 },
  { year: 2019, make: 'Ford', model: 'F-150', trim: '', mileage: 40_000 },
  { year: 2021, make: 'Ferrari', model: 'F8 Tributo', trim: '', mileage: 5_000 },
  { year: 2016, make: 'Mercedes-Benz', model: 'E350', trim: '4MATIC Wagon', mileage: 60_000 },
];

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Real VIN patterns (a 911, a Corvette, a Civic, a Camry, an F-150) with fresh serials, so each one is uncached. */
function freshVins(n: number): string[] {
  const patterns = ['WP0AB2A90KS1', '1G1YB2D40K51', '2HGFC2F50KH5', '4T1B11HK5KU2', '1FTEW1E50KFA'];
  return Array.from({ length: n }, (_, i) => withCheckDigit(`${patterns[i % patterns.length]}${String(10_000 + i).padStart(5, '0')}`));
}

export async function valuationBench(requests = 1000, uncachedDecodes = 100) {
  const model = await loadValuationModel();
  const asOf = new Date().toISOString();
  for (let i = 0; i < 2000; i += 1) valueCar(model, CARS[i % CARS.length]!, { asOf });
  const modelMs: number[] = [];
  for (let i = 0; i < 20_000; i += 1) {
    const t = performance.now();
    valueCar(model, CARS[i % CARS.length]!, { asOf });
    modelMs.push(performance.now() - t);
  }

  const db = await createBenchDatabase();
  const prefix = `benchval${randomBytes(3).toString('hex')}:`;
  const apiSrc = (f: string) => fileURLToPath(new URL(`../../../api/src/${f}`, import.meta.url));
  const { buildApp } = (await import(apiSrc('app.ts'))) as { buildApp: BuildApp };
  const { loadConfig } = (await import(apiSrc('config.ts'))) as { loadConfig: LoadConfig };
  const app = await buildApp(loadConfig({ ...process.env, DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' }));
  try {
    const ask = (vin: string, mileage = 20_000) =>
      app.inject({ method: 'POST', url: '/api/estimate-value', headers: { origin: 'http://localhost:3000' }, payload: { vin, mileage, zip: '48226' } });
    const warm = await ask('WP0AC2A99KS149000'); // starts the decoder thread and unpacks its database if needed
    if (warm.statusCode !== 200) throw new Error(`estimate-value answered ${warm.statusCode}: ${warm.body}`);

    const cached = ['WP0AC2A99KS149000', '1HGCM82633A004352'];
    for (const v of cached) await ask(v);
    const requestMs: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const t = performance.now();
      const res = await ask(cached[i % cached.length]!, 1000 + i * 37);
      requestMs.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`estimate-value answered ${res.statusCode}`);
    }

    const vins = freshVins(uncachedDecodes);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    let next = 0;
    let answered = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < vins.length) {
          const res = await ask(vins[next++]!);
          if (res.statusCode === 200 || res.statusCode === 422) answered += 1;
        }
      }),
    );
    const decodeSeconds = (performance.now() - started) / 1000;
    loop.disable();
    return {
      modelP50Ms: quantile(modelMs, 0.5),
      modelP99Ms: quantile(modelMs, 0.99),
      requestP50Ms: quantile(requestMs, 0.5),
      requestP99Ms: quantile(requestMs, 0.99),
      requests,
      uncachedDecodes,
      answered,
      decodesPerSecond: uncachedDecodes / decodeSeconds,
      loopMaxMs: loop.max / 1e6,
      loopP99Ms: loop.percentile(99) / 1e6,
    };
  } finally {
    await app.close();
    await db.drop();
    await dropRedisPrefix(REDIS_URL, prefix);
  }
}

export function valuationReport(r: Awaited<ReturnType<typeof valuationBench>>): string[] {
  return [
    `| valueCar alone (6 cars in turn, market data as comparables) | p50 ${r.modelP50Ms.toFixed(3)} ms, p99 ${r.modelP99Ms.toFixed(3)} ms | - | - |`,
    `| POST /api/estimate-value, VIN decoded before, ${r.requests} requests one after another | p50 ${r.requestP50Ms.toFixed(2)} ms, p99 ${r.requestP99Ms.toFixed(2)} ms | - | - |`,
    `| event loop while ${r.uncachedDecodes} uncached VINs are decoded (4 in flight; ${r.answered} answered, ${r.decodesPerSecond.toFixed(0)}/s) | monitorEventLoopDelay max ${r.loopMaxMs.toFixed(1)} ms, p99 ${r.loopP99Ms.toFixed(1)} ms | - | - |`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await valuationBench();
  console.log('| measurement | product | raw limit, same run | ratio |\n|---|---|---|---|');
  for (const line of valuationReport(r)) console.log(line);
}
