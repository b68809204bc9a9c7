// The VIN check digit (position 9): used to validate submitted VINs and to make valid sample ones.
const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const c = vin[i]!;
    const v = /\d/.test(c) ? Number(c) : VALUES[c];
    if (v === undefined) throw new Error(`bad VIN character ${c}`);
    sum += v * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Fills in position 9 of a 17-character VIN. */
export function withCheckDigit(vin: string): string {
  const draft = `${vin.slice(0, 8)}0${vin.slice(9)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/** VINs built for North America (first character 1-5) carry a check digit in position 9; others may not. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

export function vinCheckDigitProblem(vin: string): string | null {
  // Length and characters are judged by their own rules; this one only speaks about well-formed VINs.
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin) || !isNorthAmericanVin(vin)) return null;
  const expected = vinCheckDigit(vin);
  return vin[8] === expected ? null : `VIN check digit is ${vin[8]}, expected ${expected}: please re-check the VIN`;
}
