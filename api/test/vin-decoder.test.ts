import { describe, expect, it } from 'vitest';
import { correctMake, decodeVin } from '../src/services/vin-decoder.js';

describe('offline VIN decoding', () => {
  it('decodes a known real VIN to its make, model and year without the network', async () => {
    const d = await decodeVin('1HGCM82633A004352');
    expect(d).toMatchObject({ year: 2003, make: 'Honda', model: 'Accord', bodyClass: 'Coupe' });
    expect(d.manufacturer).toMatch(/HONDA/);
  }, 60_000);

  it('settles the make from the WMI where the data reports the parent brand', () => {
    expect(correctMake('KNDJP3A56H7000000', 'Hyundai')).toBe('Kia');
    expect(correctMake('1C4RJFAG0FC000000', 'Dodge')).toBe('Jeep');
    expect(correctMake('1HGCM82633A004352', 'Honda')).toBe('Honda');
  });
});
