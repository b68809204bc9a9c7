// Decoding uploads costs memory and CPU far beyond their size: a 310 KB PNG of 40 megapixels at 16 bits once took
// 130 MB and more than a second to decode, and four at once took the API from 161 to 677 MB. Images are now decoded
// one at a time per process, a few waiting (more: 503 with Retry-After), and refused from their header when their
// decoded size passes 160 MB. Memory is measured as this process's RSS (the API runs in it), sampled every 25 ms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { blankPng } from '../../infra/test-support/documents.js';
import { DECODES_WAITING, DECODE_BUSY, DecodeQueue, IMAGE_TEXTS } from '@app/core/files';
import { createUserSession, startTestApp, uploadPhoto, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let member: { cookie: string };
beforeAll(async () => {
  // Four decodes in a row take several seconds on a busy machine: the deadline is not what is tested here.
  ctx = await startTestApp({}, { REQUEST_DEADLINE_MS: '20000' });
  member = await createUserSession(ctx.app, ctx.sql);
});
afterAll(async () => ctx?.close());

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const RSS_BOUND_MB = 250;

/** Uploads the images at once; their statuses and this process's RSS growth at its peak, in MB. */
async function uploadAtOnce(images: Buffer[]): Promise<{ statuses: number[]; growthMb: number }> {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const answers = await Promise.all(images.map((png) => uploadPhoto(ctx.app, member.cookie, png)));
    peak = Math.max(peak, process.memoryUsage().rss);
    return { statuses: answers.map((a) => a.statusCode), growthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

describe('decoding uploaded images', () => {
  it(`refuses four concurrent 40-megapixel 16-bit PNGs from their header; RSS grows less than ${RSS_BOUND_MB} MB`, async () => {
    const png = await blankPng(7750, 5160, 16, 4);
    expect(png.length).toBeLessThan(400_000);
    const { statuses, growthMb } = await uploadAtOnce([png, png, png, png]);
    console.info(`four 40 MP 16-bit PNGs (${png.length} bytes each): RSS +${growthMb.toFixed(0)} MB`);
    expect(statuses).toEqual([413, 413, 413, 413]);
    const res = await uploadPhoto(ctx.app, member.cookie, png);
    expect(res.json()).toEqual({ error: IMAGE_TEXTS.tooDeep });
    expect(growthMb).toBeLessThan(RSS_BOUND_MB);
  });

  it(`decodes four concurrent uploads of the deepest image accepted one at a time; RSS grows less than ${RSS_BOUND_MB} MB`, async () => {
    // 20 megapixels at 16 bits RGBA: 160 MB decoded, the limit.
    const png = await blankPng(5475, 3650, 16, 4);
    const { statuses, growthMb } = await uploadAtOnce([png, png, png, png]);
    console.info(`four 20 MP 16-bit RGBA PNGs (${png.length} bytes each): RSS +${growthMb.toFixed(0)} MB`);
    expect(statuses).toEqual([201, 201, 201, 201]);
    expect(growthMb).toBeLessThan(RSS_BOUND_MB);
  }, 120_000);

  it('answers 503 with Retry-After to the uploads that find the queue full, and decodes the rest', async () => {
    const png = await blankPng(7300, 5400, 8, 3);
    const answers = await Promise.all(
      Array.from({ length: DECODES_WAITING + 3 }, () => uploadPhoto(ctx.app, member.cookie, png)),
    );
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array<number>(DECODES_WAITING + 1).fill(201),
      503,
      503,
    ]);
    for (const a of busy) {
      expect(a.headers['retry-after']).toBe('5');
      expect(a.json()).toEqual({ error: DECODE_BUSY });
    }
  }, 120_000);
});

describe('the decode queue', () => {
  it('runs one decode at a time, in order, and refuses past its waiting room', async () => {
    const queue = new DecodeQueue(2);
    const order: string[] = [];
    const gates: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(`start ${name}`);
        gates.push(() => {
          order.push(`end ${name}`);
          resolve(name);
        });
      });
    const a = queue.run('photo', job('a'));
    const b = queue.run('photo', job('b'));
    const c = queue.run('scan', job('c'));
    await expect(queue.run('photo', job('d'))).rejects.toMatchObject({ status: 503 });
    for (let i = 0; i < 3; i += 1) {
      await new Promise((r) => setImmediate(r));
      gates.shift()!();
    }
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.started).toMatchObject({ photo: 2, scan: 1 });
    // A failed decode frees its place as a finished one does.
    await expect(queue.run('photo', () => Promise.reject(new Error('bad pixels')))).rejects.toThrow('bad pixels');
    expect(await queue.run('photo', () => Promise.resolve('next'))).toBe('next');
  });
});
