import { readdir } from 'node:fs/promises';
import { storedBytes, storedKeys } from '../../infra/test-support/stored-files.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_TEXTS } from '@app/shared';
import { barcodePng } from '../../infra/test-support/barcodes.js';
import {
  createUserSession,
  jsonHeaders,
  multipartFile,
  startTestApp,
  uploadPhoto,
  type TestContext,
} from './support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx?.close());

/** What is kept of photos (the storage's keys) and anything left in the scratch folder (nothing, once a request ends). */
const storedFiles = async () => [
  ...(await storedKeys(ctx.sql, 'photos/')),
  ...(await readdir(ctx.config.UPLOAD_DIR).catch(() => [])).sort(),
];
const storedRows = async () => (await ctx.sql<{ n: number }[]>`select count(*)::int as n from photo_uploads`)[0]!.n;
const car = {
  vin: 'WP0AB2A99MS123456',
  year: 2021,
  make: 'Porsche',
  model: '911 Carrera S',
  mileage: 18000,
  condition: 'Very Good',
  description: '',
};

describe('uploading photos', () => {
  it('stores a real PNG for the signed-in user, encoded afresh, and serves it back with the type it proved to be', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const png = await barcodePng('PHOTO', 'Code128');
    // The declared type and name are ignored: the image itself decides.
    const res = await uploadPhoto(ctx.app, seller.cookie, png, 'IMG_0001.HEIC', 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png' });
    expect(body.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const [row] = await ctx.sql<
      { ownerId: number }[]
    >`select owner_id from photo_uploads where file_name = ${body.url.slice('/uploads/'.length)}`;
    expect(row!.ownerId).toBe(seller.id);

    const served = await ctx.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(body.bytes);
    const [original, stored] = await Promise.all([sharp(png).metadata(), sharp(served.rawPayload).metadata()]);
    expect([stored.format, stored.width, stored.height]).toEqual(['png', original.width, original.height]);
  });

  it('accepts real JPEG and WebP photos, and refuses a file that only starts like one, storing nothing', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const picture = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } });
    const jpeg = await picture.clone().jpeg().toBuffer();
    const webp = await picture.clone().webp().toBuffer();
    expect((await uploadPhoto(ctx.app, seller.cookie, jpeg, 'a.jpg', 'image/jpeg')).json().url).toMatch(/\.jpg$/);
    expect((await uploadPhoto(ctx.app, seller.cookie, webp, 'a.webp', 'image/webp')).json().url).toMatch(/\.webp$/);
    const [files, rows] = [await storedFiles(), await storedRows()];
    const fakeJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF'), 0, 1, 2, 3]);
    const truncatedPng = (await barcodePng('CUT', 'Code128')).subarray(0, 120);
    for (const [bytes, name] of [
      [fakeJpeg, 'a.jpg'],
      [truncatedPng, 'b.png'],
    ] as const) {
      const res = await uploadPhoto(ctx.app, seller.cookie, bytes, name, 'image/jpeg');
      expect(res.statusCode).toBe(415);
    }
    expect(await storedFiles()).toEqual(files);
    expect(await storedRows()).toBe(rows);
  });

  it('drops the metadata of a photo (camera, location), keeps it upright, and bounds its size', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const tagged = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#2c3e50' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'X1', Copyright: 'Home address here' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '42/1 20/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const res = await uploadPhoto(ctx.app, seller.cookie, tagged, 'a.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const stored = await storedBytes(ctx.sql, `photos/${res.json().url.slice('/uploads/'.length)}`);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Home address'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([3000, 750]);
  });

  it('refuses a file that is not an image, even named and typed as one, and stores nothing', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const [files, rows] = [await storedFiles(), await storedRows()];
    const res = await uploadPhoto(
      ctx.app,
      seller.cookie,
      Buffer.from('<script>alert(1)</script> not a picture'),
      'car.png',
      'image/png',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: PHOTO_TEXTS.notAnImage });
    expect(await storedFiles()).toEqual(files);
    expect(await storedRows()).toBe(rows);
  });

  it('refuses a photo over 10 MB with 413 and leaves neither a file nor a row', async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const [files, rows] = [await storedFiles(), await storedRows()];
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await uploadPhoto(ctx.app, seller.cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: PHOTO_TEXTS.tooLarge });
    expect(await storedFiles()).toEqual(files);
    expect(await storedRows()).toBe(rows);

    // At the limit the size passes and the content decides (eight signature bytes and zeros are no image).
    const exactly = Buffer.alloc(PHOTO_MAX_BYTES);
    big.copy(exactly, 0, 0, 8);
    expect((await uploadPhoto(ctx.app, seller.cookie, exactly)).statusCode).toBe(415);
  });

  it('needs a session, a same-origin page and a multipart body', async () => {
    const png = await barcodePng('X', 'Code128');
    const { payload, headers } = multipartFile(png, 'a.png', 'image/png');
    const rows = await storedRows();
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      headers: { ...jsonHeaders(), ...headers },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const seller = await createUserSession(ctx.app, ctx.sql);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      headers: { ...headers, cookie: seller.cookie, origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      headers: jsonHeaders(seller.cookie),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatch(/multipart\/form-data/);
    expect(await storedRows()).toBe(rows);
  });

  it('answers 404 JSON for an unknown or malformed photo name', async () => {
    expect((await ctx.app.inject({ url: `/uploads/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: '/uploads/..%2F..%2Fetc%2Fpasswd' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: 'Photo not found' });
  });
});

describe('photos on a car', () => {
  it("a car may only show its owner's uploaded photos", async () => {
    const seller = await createUserSession(ctx.app, ctx.sql);
    const other = await createUserSession(ctx.app, ctx.sql);
    const theirs = (await uploadPhoto(ctx.app, other.cookie, await barcodePng('THEIRS', 'Code128'))).json().url;
    const mine = (await uploadPhoto(ctx.app, seller.cookie, await barcodePng('MINE', 'Code128'))).json().url;
    const post = (images: string[], vin: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cars',
        headers: jsonHeaders(seller.cookie),
        payload: { ...car, vin, images },
      });

    const stolen = await post([mine, theirs], 'WP0AB2A99MS200001');
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(PHOTO_TEXTS.notYours);
    const elsewhere = await post(['https://example.com/car.jpg'], 'WP0AB2A99MS200001');
    expect(elsewhere.statusCode).toBe(400);
    const unknown = await post([`/uploads/${'a'.repeat(32)}.png`], 'WP0AB2A99MS200001');
    expect(unknown.statusCode).toBe(400);
    expect((await ctx.sql`select 1 from cars where vin = 'WP0AB2A99MS200001'`).length).toBe(0);

    const ok = await post([mine], 'WP0AB2A99MS200001');
    expect(ok.statusCode).toBe(201);
  });
});
