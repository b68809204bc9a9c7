import { describe, expect, it } from 'vitest';
import { normaliseCar, valueCar } from '../src/index.js';
import { model } from './support/shipped-model.js';

const asOf = '2026-01-15';
const value = (car: { year: number; make: string; model: string; trim?: string; mileage: number }) =>
  valueCar(model, car, { asOf });

/** Two spellings of a car (model, trim) read as the same family and trim. */
function expectSameName(make: string, a: [string, string], b: [string, string]) {
  const x = normaliseCar(make, ...a);
  const y = normaliseCar(make, ...b);
  expect({ family: x.family, trim: x.trimKey }).toEqual({ family: y.family, trim: y.trimKey });
}

describe('valuation trims: numbered Mercedes models', () => {
  it('reads a three-digit Mercedes (S550, ML550, GL450) as its class, and only two digits or the name as AMG', () => {
    for (const [name, family] of [
      ['S550', 's-class'],
      ['ML550', 'ml-class'],
      ['G550', 'g-class'],
      ['SL550', 'sl-class'],
      ['E550', 'e-class'],
      ['CL550', 'cl-class'],
      ['GL550', 'gl-class'],
      ['GL450', 'gl-class'],
      ['S 550', 's-class'],
      ['E350', 'e-class'],
    ] as const) {
      const n = normaliseCar('Mercedes-Benz', name);
      expect(n.family).toBe(family);
      expect(n.trimTokens).not.toContain('amg');
    }
    for (const name of ['S63', 'E55', 'C43', 'CLA45', 'SL63', 'ML63', 'AMG GLE 63', 'AMG C 63', 'G63', 'E63S'])
      expect(normaliseCar('Mercedes-Benz', name).trimTokens).toContain('amg');
    expect(normaliseCar('Mercedes-Benz', 'AMG GT', 'C').family).toBe('amg gt');
  });

  it('values a 2012 S550 as an S-Class V8, apart from the S63 AMG and well below it', () => {
    const s550 = value({ year: 2012, make: 'Mercedes-Benz', model: 'S550', mileage: 50_000 });
    const s63 = value({ year: 2012, make: 'Mercedes-Benz', model: 'S63', trim: 'AMG', mileage: 50_000 });
    expect(s550.valueCents).toBeLessThan(s63.valueCents * 0.85);
    // An S550 is no AMG, so the two trims share no word and neither borrows the other's sales.
    const named = (c: { model: string; trim: string }) => `${c.model} ${c.trim}`;
    expect(s550.comparables.map(named).filter((n) => /AMG|63|65/.test(n))).toEqual([]);
    expect(s63.comparables.map(named).filter((n) => /550/.test(n))).toEqual([]);
    expect(s63.comparables.length).toBeGreaterThan(0);
    // "S63 AMG" as one model name is the same car.
    expect(value({ year: 2012, make: 'Mercedes-Benz', model: 'S63 AMG', mileage: 50_000 }).valueCents).toBe(
      s63.valueCents,
    );
  });

  it('values an ML550 as the M-Class 550 it is, not as an AMG', () => {
    const ml550 = value({ year: 2012, make: 'Mercedes-Benz', model: 'ML550', mileage: 60_000 });
    const spelled = value({ year: 2012, make: 'Mercedes-Benz', model: 'ML-Class', trim: '550', mileage: 60_000 });
    const amg = value({ year: 2012, make: 'Mercedes-Benz', model: 'ML550', trim: 'AMG', mileage: 60_000 });
    expect(ml550.valueCents).toBe(spelled.valueCents);
    expect(ml550.valueCents).not.toBe(amg.valueCents);
  });
});

describe('valuation trims: a Mercedes class written again in the trim', () => {
  it('reads "S-Class" with "S 63 AMG" as the data writes an S63 AMG, and "E-Class" with "E 350" as an E350', () => {
    const same = (a: [string, string], b: [string, string]) => expectSameName('Mercedes-Benz', a, b);
    same(['S-Class', 'S 63 AMG'], ['S63', 'AMG']);
    same(['S-Class', 'S63 AMG'], ['S63', 'AMG']);
    same(['S-Class', 'S 550 4MATIC'], ['S550', '4MATIC']);
    same(['E-Class', 'E 350'], ['E350', '']);
    same(['E-Class', 'AMG E 53'], ['AMG E53', '']);
    same(['C-Class', 'C300 4MATIC'], ['C300', '4MATIC']);
    same(['AMG C 43', 'AMG C 43 4MATIC'], ['AMG C 43', 'Base 4MATIC']);
    same(['GLC', '300 GLC 300'], ['GLC300', '']);
    same(['GL-Class', 'GL 450 4MATIC'], ['GL450', '4MATIC']);
    same(['SL-Class', 'SL400'], ['SL400', '']);
    same(['M-Class', 'ML 350 4MATIC'], ['ML350', '4MATIC']);
    same(['AMG GT', 'AMG GT S'], ['AMG GT', 'S']);
    expect(normaliseCar('Mercedes-Benz', 'S-Class', 'S 63 AMG').trimTokens).toEqual(['63', 'amg']);
  });

  it('keeps an S after the number as the S model, and a three-digit class in the trim as no AMG', () => {
    expect(normaliseCar('Mercedes-Benz', 'E63', 'S AMG 4MATIC Wagon').trimTokens).toEqual(['4matic', '63', 'amg', 's']);
    expect(normaliseCar('Mercedes-Benz', 'AMG C 63', 'S').trimTokens).toEqual(['63', 'amg', 's']);
    expect(normaliseCar('Mercedes-Benz', 'S-Class', 'S 550').trimTokens).toEqual(['550']);
    expect(normaliseCar('Mercedes-Benz', 'G-Class', 'G 550 4MATIC').trimTokens).not.toContain('amg');
  });

  it('values an S-Class listed with "S 63 AMG" as the S63 AMG it is', () => {
    const s63 = value({ year: 2015, make: 'Mercedes-Benz', model: 'S63', trim: 'AMG', mileage: 40_000 });
    const listed = value({ year: 2015, make: 'Mercedes-Benz', model: 'S-Class', trim: 'S 63 AMG', mileage: 40_000 });
    expect(listed.valueCents).toBe(s63.valueCents);
  });
});

describe('valuation trims: Porsche Spyder', () => {
  it('keeps Spyder as the trim of a Boxster and a 718, and as the body elsewhere', () => {
    for (const [m, trim] of [
      ['Boxster', 'Spyder'],
      ['Boxster Spyder', ''],
      ['718 Spyder', 'Base'],
      ['718 Boxster', 'Spyder 6-Speed'],
    ] as const) {
      const n = normaliseCar('Porsche', m, trim);
      expect(n).toMatchObject({ family: 'boxster', body: 'other' });
      expect(n.trimTokens).toContain('spyder');
    }
    expect(normaliseCar('Porsche', '718 Spyder RS').trimTokens).toEqual(['rs', 'spyder']);
    expect(normaliseCar('Audi', 'R8', 'V10 Spyder')).toMatchObject({ body: 'cabriolet', trimTokens: ['v10'] });
    expect(normaliseCar('Porsche', '911', 'Carrera 4S Cabriolet').body).toBe('cabriolet');
    expect(normaliseCar('Porsche', 'Cayman GT4').family).toBe('caymangt4');
  });

  it('values a Boxster Spyder above a base Boxster of the same year and mileage', () => {
    for (const year of [2011, 2020]) {
      const base = value({ year, make: 'Porsche', model: 'Boxster', mileage: 10_000 });
      const spyder = value({ year, make: 'Porsche', model: 'Boxster', trim: 'Spyder', mileage: 10_000 });
      const named = value({ year, make: 'Porsche', model: 'Boxster Spyder', mileage: 10_000 });
      expect(spyder.valueCents).toBeGreaterThan(base.valueCents * 1.2);
      expect(named.valueCents).toBe(spyder.valueCents);
      expect(spyder.trimKnown).toBe(true);
    }
  });
});

describe('valuation trims: bodies of one-body families', () => {
  it('gives a Boxster, an SL or a Z4 decoded as a convertible the body their market rows have', () => {
    for (const [make, m] of [
      ['Porsche', 'Boxster'],
      ['Porsche', '718 Boxster'],
      ['Porsche', '918 Spyder'],
      ['Mercedes-Benz', 'SL550'],
      ['Mercedes-Benz', 'SLK350'],
      ['BMW', 'Z4'],
    ] as const) {
      expect(normaliseCar(make, m, '', 'Convertible/Cabriolet').body).toBe('other');
      expect(normaliseCar(make, m, 'Roadster').body).toBe('other');
    }
    // Families sold both open and closed keep the body they are decoded or written with.
    expect(normaliseCar('Porsche', '911', 'Carrera S', 'Convertible/Cabriolet').body).toBe('cabriolet');
    expect(normaliseCar('Mercedes-Benz', 'AMG GT', 'C Roadster').body).toBe('cabriolet');
    expect(normaliseCar('BMW', 'M4', '', 'Convertible/Cabriolet').body).toBe('cabriolet');
  });

  it('values a Boxster decoded as a convertible as the Boxster the market rows price', () => {
    const car = { year: 2018, make: 'Porsche', model: '718 Boxster', trim: 'S', mileage: 20_000 };
    const decoded = valueCar(model, { ...car, bodyClass: 'Convertible/Cabriolet' }, { asOf });
    expect(decoded.valueCents).toBe(value(car).valueCents);
  });
});

describe('valuation trims: a BMW name split between model and trim', () => {
  it('joins a bare number to its suffix in the trim, and a drive word to its engine figure', () => {
    const same = (a: [string, string], b: [string, string]) => expectSameName('BMW', a, b);
    same(['430', 'Gran Coupe i xDrive'], ['430i', 'xDrive Gran Coupe']);
    same(['750', '750i xDrive'], ['750i', 'xDrive']);
    same(['740', 'Li'], ['740Li', '']);
    same(['M760', 'M760i xDrive'], ['M760i', 'xDrive']);
    same(['X1', 'xDrive 28i'], ['X1', 'xDrive28i']);
    expect(normaliseCar('BMW', '330', '330i xDrive').trimTokens).toEqual(['330i', 'xdrive']);
    // A named model keeps its trim words as they are.
    expect(normaliseCar('BMW', 'M3', 'Competition').trimTokens).toEqual(['competition']);
    expect(normaliseCar('BMW', '328i', 'M Sport').trimTokens).toEqual(['328i', 'm', 'sport']);
  });
});
