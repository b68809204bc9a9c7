import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VIN_SCAN_RATE_LIMIT,
  VIN_SCAN_TEXTS,
  VinScanResponseSchema,
  vinFromBarcodeText,
  withCheckDigit,
} from '@app/shared';
import { barcodePng } from '../../infra/test-support/barcodes.js';
import { bombPng } from '../../infra/test-support/documents.js';
import { createUserSession, jsonHeaders, multipartFile, startTestApp, type TestContext } from './support/test-app.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await startTestApp();
  cookie = (await createUserSession(ctx.app, ctx.sql)).cookie;
});
afterAll(async () => ctx?.close());

const HONDA = '1HGCM82633A004352';
const scan = (image: Uint8Array, source?: string, as = cookie) => {
  const { payload, headers } = multipartFile(image, 'frame.png', 'image/png');
  return ctx.app.inject({
    method: 'POST',
    url: `/api/vin/scan${source ? `?source=${source}` : ''}`,
    headers: { ...jsonHeaders(as), ...headers },
    payload,
  });
};

describe('scanning a VIN barcode', () => {
  it('reads a Code 39 door-jamb label and decodes the VIN offline', async () => {
    const res = await scan(await barcodePng(HONDA, 'Code39'));
    expect(res.statusCode).toBe(200);
    expect(VinScanResponseSchema.parse(res.json())).toMatchObject({
      vin: HONDA,
      format: 'Code39',
      vehicle: { year: 2003, make: 'Honda', model: 'Accord' },
    });
  }, 60_000);

  it('reads a Data Matrix windshield label', async () => {
    const res = await scan(await barcodePng(HONDA, 'DataMatrix', 6));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vin: HONDA, format: 'DataMatrix' });
  }, 60_000);

  it("drops the import marker 'I' some Code 39 labels carry before the VIN", async () => {
    const res = await scan(await barcodePng(`I${HONDA}`, 'Code39'));
    expect(res.json().vin).toBe(HONDA);
  });

  it('says the spec\'s "No VIN detected" for a barcode that is not a valid VIN, worded for the camera or a photo', async () => {
    const wrongCheckDigit = `${HONDA.slice(0, 8)}X${HONDA.slice(9)}`;
    const camera = await scan(await barcodePng(wrongCheckDigit, 'Code39'));
    expect(camera.statusCode).toBe(422);
    expect(camera.json()).toEqual({ error: VIN_SCAN_TEXTS.noVinCamera });
    const photo = await scan(await barcodePng('NOT A VIN AT ALL', 'Code128'), 'photo');
    expect(photo.json()).toEqual({ error: VIN_SCAN_TEXTS.noVinPhoto });
  });

  it('refuses what is not a JPEG or PNG image, a bad source, and a signed-out scan', async () => {
    expect((await scan(Buffer.from('plain text'))).statusCode).toBe(415);
    expect((await scan(await barcodePng(HONDA, 'Code39'), 'satellite')).statusCode).toBe(400);
    const { payload, headers } = multipartFile(await barcodePng(HONDA, 'Code39'), 'f.png', 'image/png');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/vin/scan',
          headers: { ...jsonHeaders(), ...headers },
          payload,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('limits', () => {
  it('refuses a decompression bomb from its header, without decoding it or growing the process', async () => {
    const before = process.memoryUsage().rss;
    const res = await scan(bombPng(), 'photo');
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/at most 40 megapixels/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('answers the 21st scan within a minute from one user with 429 and Retry-After', async () => {
    const busy = (await createUserSession(ctx.app, ctx.sql)).cookie;
    for (let i = 0; i < VIN_SCAN_RATE_LIMIT.scans; i += 1)
      expect((await scan(Buffer.from('x'), 'photo', busy)).statusCode).toBe(415);
    const refused = await scan(await barcodePng(HONDA, 'Code39'), 'photo', busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await scan(await barcodePng(HONDA, 'Code39'))).statusCode).toBe(200);
  });
});

describe('vinFromBarcodeText', () => {
  it('upper-cases, strips spaces and dashes, and keeps only VINs that pass the check digit', () => {
    expect(vinFromBarcodeText(' 1hgcm82633a004352 ')).toBe(HONDA);
    expect(vinFromBarcodeText('1HGCM826-33A004352')).toBe(HONDA);
    expect(vinFromBarcodeText(withCheckDigit('1G1YB2D40K5100001'))).toMatch(/^1G1YB2D4/);
    expect(vinFromBarcodeText('1HGCM82633A00435')).toBeNull();
    expect(vinFromBarcodeText('1HGCM82693A004352')).toBeNull();
  });
});
