// Valuation speed and the VIN decoder's effect on the API's event loop:
//  - the model alone: valueCar on a mix of cars, the market data as comparables (in this process);
//  - POST /api/estimate-value over HTTP to the real API process (VIN decoded before, platform sales from Postgres);
//  - that process's event-loop delay (monitorEventLoopDelay, preloaded by loop-delay-probe.mjs) while uncached VINs
//    are decoded, a few in flight at once, next to the same figure while only cached VINs are valued.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { valueCar, withCheckDigit } from '@app/shared';
import { loadValuationModel } from '@app/infra';
import { dropRedisPrefix } from '@app/infra';
import { ensureServicesBuilt } from './ensure-built.js';
import { REDIS_URL, createBenchDatabase, startProcess, stopProcess } from './setup.js';

const CARS = [
  { year: 2019, make: 'Porsche', model: '911', trim: 'Carrera S', mileage: 20_000 },
  { year: 2018, make: 'Porsche', model: '911', trim: 'GT3 Touring', mileage: 8_000 },
  { year: 2014, make: 'Toyota', model: 'Camry', trim: 'SE', mileage: 90_000 },
  { year: 2019, make: 'Ford', model: 'F-150', trim: '', mileage: 40_000 },
  { year: 2021, make: 'Ferrari', model: 'F8 Tributo', trim: '', mileage: 5_000 },
  { year: 2016, make: 'Mercedes-Benz', model: 'E350', trim: '4MATIC Wagon', mileage: 60_000 },
];

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/** Real VIN patterns (a 911, a Corvette, a Civic, a Camry, an F-150) with fresh serials, so each one is uncached. */
function freshVins(n: number, salt: number): string[] {
  const patterns = ['WP0AB2A90KS1', '1G1YB2D40K51', '2HGFC2F50KH5', '4T1B11HK5KU2', '1FTEW1E50KFA'];
  return Array.from({ length: n }, (_, i) =>
    withCheckDigit(`${patterns[i % patterns.length]}${String((salt + i) % 100_000).padStart(5, '0')}`),
  );
}

/** The API's loop delay between two instants, from the probe's tenth-of-a-second lines. */
function loopDelay(file: string, from: number, to: number): { maxMs: number; worstP99Ms: number } {
  const lines = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map(Number) as [number, number, number]);
  const inside = lines.filter(([t]) => t > from && t <= to + 100);
  return { maxMs: Math.max(...inside.map((l) => l[1])), worstP99Ms: Math.max(...inside.map((l) => l[2])) };
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
  const dir = mkdtempSync(join(tmpdir(), 'bench-loop-'));
  const file = join(dir, 'loop-delay.txt');
  const port = 3990 + Math.floor(Math.random() * 9);
  const baseUrl = `http://127.0.0.1:${port}`;
  const probe = fileURLToPath(new URL('./loop-delay-probe.mjs', import.meta.url));
  ensureServicesBuilt();
  const api = await startProcess(
    'api',
    {
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGINS: baseUrl,
      RATE_LIMIT_SCALE: '1000',
      LOOP_DELAY_FILE: file,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim(),
    },
    `${baseUrl}/healthz`,
  );
  try {
    const ask = async (vin: string, mileage = 20_000) => {
      const res = await fetch(`${baseUrl}/api/estimate-value`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ vin, mileage, zip: '48226' }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const warm = await ask('WP0AC2A99KS149000'); // starts the decoder thread and unpacks its database if needed
    if (warm !== 200) throw new Error(`estimate-value answered ${warm}`);
    const cached = ['WP0AC2A99KS149000', '1HGCM82633A004352'];
    for (let i = 0; i < 200; i += 1) await ask(cached[i % 2]!, 1000 + i);

    // The loop at rest, for scale: what the API's own timers, its collector and this shared machine cost it.
    const idleFrom = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    const idleTo = Date.now();

    const cachedFrom = Date.now();
    const requestMs: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const t = performance.now();
      const status = await ask(cached[i % cached.length]!, 1000 + i * 37);
      requestMs.push(performance.now() - t);
      if (status !== 200) throw new Error(`estimate-value answered ${status}`);
    }
    const cachedTo = Date.now();
    // The raw limit of the same path: an HTTP round trip to a handler that does nothing.
    const bareMs: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const t = performance.now();
      await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
      bareMs.push(performance.now() - t);
    }

    const vins = freshVins(uncachedDecodes, Date.now() % 90_000);
    const decodeFrom = Date.now();
    let next = 0;
    let answered = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < vins.length) {
          const status = await ask(vins[next++]!);
          if (status === 200 || status === 422) answered += 1;
        }
      }),
    );
    const decodeTo = Date.now();
    await new Promise((r) => setTimeout(r, 250)); // the probe's last line for the phase
    const idle = loopDelay(file, idleFrom, idleTo);
    const baseline = loopDelay(file, cachedFrom, cachedTo);
    const decoding = loopDelay(file, decodeFrom, decodeTo);
    return {
      modelP50Ms: quantile(modelMs, 0.5),
      modelP99Ms: quantile(modelMs, 0.99),
      requestP50Ms: quantile(requestMs, 0.5),
      requestP99Ms: quantile(requestMs, 0.99),
      bareP50Ms: quantile(bareMs, 0.5),
      bareP99Ms: quantile(bareMs, 0.99),
      requests,
      uncachedDecodes,
      answered,
      decodesPerSecond: uncachedDecodes / ((decodeTo - decodeFrom) / 1000),
      idleLoopMaxMs: idle.maxMs,
      baselineLoopMaxMs: baseline.maxMs,
      loopMaxMs: decoding.maxMs,
      loopP99Ms: decoding.worstP99Ms,
    };
  } finally {
    await stopProcess(api);
    await db.drop();
    await dropRedisPrefix(REDIS_URL, prefix);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function valuationReport(r: Awaited<ReturnType<typeof valuationBench>>): string[] {
  return [
    `| API event loop at rest, 3 s, for scale | monitorEventLoopDelay max ${r.idleLoopMaxMs.toFixed(1)} ms | - | - |`,
    `| valueCar alone (6 cars in turn, market data as comparables) | p50 ${r.modelP50Ms.toFixed(3)} ms, p99 ${r.modelP99Ms.toFixed(3)} ms | - | - |`,
    `| POST /api/estimate-value over HTTP, VIN decoded before, ${r.requests} requests one after another | p50 ${r.requestP50Ms.toFixed(2)} ms, p99 ${r.requestP99Ms.toFixed(2)} ms; API event loop max ${r.baselineLoopMaxMs.toFixed(1)} ms | GET /healthz over HTTP: p50 ${r.bareP50Ms.toFixed(2)} ms, p99 ${r.bareP99Ms.toFixed(2)} ms | - |`,
    `| API event loop while ${r.uncachedDecodes} uncached VINs are decoded and valued (4 requests in flight; ${r.answered} answered, ${r.decodesPerSecond.toFixed(0)}/s) | monitorEventLoopDelay max ${r.loopMaxMs.toFixed(1)} ms, worst p99 of a 0.1 s window ${r.loopP99Ms.toFixed(1)} ms | - | - |`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await valuationBench();
  console.log('| measurement | product | raw limit, same run | ratio |\n|---|---|---|---|');
  for (const line of valuationReport(r)) console.log(line);
}
