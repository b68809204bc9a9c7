import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VinDecoder, correctMake, unambiguousTrim } from '../../src/vin/vin-decoder.js';

const dir = mkdtempSync(join(tmpdir(), 'vin-db-'));
const decoder = new VinDecoder(join(dir, 'vpic.lite.db'));
afterAll(async () => {
  await decoder.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('offline VIN decoding', () => {
  it('decodes a known real VIN on its own thread, unpacking its database where it is told', async () => {
    const d = await decoder.decode('1HGCM82633A004352');
    expect(d).toMatchObject({ year: 2003, make: 'Honda', model: 'Accord', bodyClass: 'Coupe' });
    expect(d.manufacturer).toMatch(/HONDA/);
    expect(existsSync(join(dir, 'vpic.lite.db'))).toBe(true);
  }, 60_000);

  it('passes on the trim only where the VIN pins it down', async () => {
    expect(await decoder.decode('WP0AC2A99KS149000')).toMatchObject({ year: 2019, model: '911', trim: 'GT3 RS' });
    expect((await decoder.decode('WP0AB2A99KS123457')).trim).toBeNull();
    expect(unambiguousTrim('Carrera (2WD) / Carrera T (2WD) / Carrera 4 (4WD)')).toBeNull();
    expect(unambiguousTrim('Carrera 4 (4WD)')).toBe('Carrera 4');
  }, 60_000);

  it('settles the make from the WMI where the data reports the parent brand', () => {
    expect(correctMake('KNDJP3A56H7000000', 'Hyundai')).toBe('Kia');
    expect(correctMake('1C4RJFAG0FC000000', 'Dodge')).toBe('Jeep');
    expect(correctMake('1HGCM82633A004352', 'Honda')).toBe('Honda');
  });
});
