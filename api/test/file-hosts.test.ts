// Two API hosts, each with its own scratch folder, over one database (and one bucket): whatever one host kept, the other
// serves, even after the first one's disk is gone. Run with each file storage driver.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS, photoSizeName } from '@app/shared';
import { buildApp } from '../src/app.js';
import { startS3Server, type TestS3Server } from '../../infra/test-support/s3-server.js';
import { createUserSession, startTestApp, uploadPhoto, type TestContext } from './support/test-app.js';
import { acceptBoth, openSale, payAndWait, uploadDocument } from './support/escrow-sale.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a3b12' } })
    .jpeg()
    .toBuffer();

describe.each([
  ['postgres', () => ({})],
  ['s3', () => s3.env],
])('with the %s driver', (driver, env) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let secondDir: string;
  beforeAll(async () => {
    ctx = await startTestApp({}, env());
    secondDir = await mkdtemp(join(tmpdir(), 'second-host-'));
    second = await buildApp({ ...ctx.config, UPLOAD_DIR: secondDir }, { sql: ctx.sql, redis: ctx.redis });
  });
  afterAll(async () => {
    await second?.close();
    await rm(secondDir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('serves from the second host every photo size and document the first kept, with the first disk gone', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const up = await uploadPhoto(ctx.app, seller.cookie, await photo(3200, 2000), 'car.jpg', 'image/jpeg');
    expect(up.statusCode).toBe(201);
    const s = await openSale(ctx);
    await acceptBoth(ctx, s);
    await payAndWait(ctx, s);
    expect((await uploadDocument(ctx, s.seller.cookie, s.transactionId, 'title')).statusCode).toBe(201);
    await rm(ctx.config.UPLOAD_DIR, { recursive: true, force: true });

    const original = await second.inject({ url: up.json().url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(original.rawPayload).metadata()).width).toBe(3000);
    const name = up.json().url.slice('/uploads/'.length);
    for (const width of PHOTO_WIDTHS) {
      const size = await second.inject({ url: `/uploads/${photoSizeName(name, width)}` });
      expect(size.statusCode, `${width}`).toBe(200);
      expect(size.headers['content-type']).toBe('image/webp');
      expect(Number(size.headers['content-length'])).toBe(size.rawPayload.length);
      expect((await sharp(size.rawPayload).metadata()).width).toBe(width);
    }

    const [doc] = await ctx.sql<{ id: number }[]>`
      select id from transaction_documents where transaction_id = ${s.transactionId} and document_type = 'title'`;
    const file = await second.inject({ url: `/api/escrow/documents/${doc!.id}`, headers: { cookie: s.buyer.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(Number(file.headers['content-length']));
    expect(driver).toBe(ctx.config.FILE_STORAGE);
  });

  it('never enlarges: a photo narrower than a size is kept at its own width under that size', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const up = await uploadPhoto(ctx.app, seller.cookie, await photo(600, 400), 'small.jpg', 'image/jpeg');
    const name = up.json().url.slice('/uploads/'.length);
    const widths = await Promise.all(
      PHOTO_WIDTHS.map(async (w) => {
        const res = await second.inject({ url: `/uploads/${photoSizeName(name, w)}` });
        return (await sharp(res.rawPayload).metadata()).width;
      }),
    );
    expect(widths).toEqual([400, 600, 600]);
  });

  it('answers 404 for a size of a photo nobody kept, and for a malformed name', async () => {
    for (const url of [
      `/uploads/${'a'.repeat(32)}-w400.webp`,
      '/uploads/..%2Fsecret-w400.webp',
      '/uploads/x-w401.webp',
    ])
      expect((await second.inject({ url })).statusCode, url).toBe(404);
  });
});

describe('a photo kept before sizes were made', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(async () => ctx?.close());

  it('gets each size made and kept on its first request', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const name = (await uploadPhoto(ctx.app, seller.cookie, await photo(2000, 1000), 'old.jpg', 'image/jpeg'))
      .json()
      .url.slice('/uploads/'.length);
    await ctx.sql`delete from stored_files where key like ${`photos/${name.slice(0, 32)}-w%`}`;
    const res = await ctx.app.inject({ url: `/uploads/${photoSizeName(name, 800)}` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    const [kept] = await ctx.sql`select bytes from stored_files where key = ${`photos/${photoSizeName(name, 800)}`}`;
    expect(kept?.bytes).toBe(res.rawPayload.length);
  });
});
