// Step 1: the car. The VIN is typed or scanned (the scanner from /submit) and decoded offline to show year, make and
// model; mileage and condition are required before Continue.
import { useEffect, useState } from 'react';
import { ScanLine } from 'lucide-react';
import { TRADE_IN_CONDITIONS, VIN_LENGTH, VinSchema, type ScannedVehicle, type TradeInDraft } from '@app/shared';
import { VinScanner } from '../../selling';
import { ApiError } from '../../../lib/api-client';
import { decodeVin } from '../api/trade-in';
import { CONDITION_LABELS } from './wizard-state';

const input = 'mt-1 w-full rounded border px-3 py-2';

export function VehicleStep({ draft, update }: { draft: TradeInDraft; update(change: Partial<TradeInDraft>): void }) {
  const [scanning, setScanning] = useState(false);
  // The trim a scan filled in belongs to the scanned car: typing another VIN drops it (the server then takes the new
  // VIN's decoded trim) rather than valuing the new car with the old one's trim.
  const [scannedTrim, setScannedTrim] = useState<string | null>(null);
  const [decoded, setDecoded] = useState<{ vin: string; vehicle: ScannedVehicle | null; error?: string } | null>(null);

  // Decode once the VIN is complete (also for a restored draft); a bad VIN shows its reason.
  useEffect(() => {
    if (draft.vin.length !== VIN_LENGTH) return;
    const check = VinSchema.safeParse(draft.vin);
    if (!check.success) {
      setDecoded({ vin: draft.vin, vehicle: null, error: check.error.issues[0]?.message });
      return;
    }
    let live = true;
    decodeVin(draft.vin)
      .then((r) => live && setDecoded({ vin: draft.vin, vehicle: r.vehicle }))
      .catch((err: unknown) => live && setDecoded({ vin: draft.vin, vehicle: null, error: err instanceof ApiError ? err.serverMessage ?? err.message : 'Could not decode the VIN' }));
    return () => {
      live = false;
    };
  }, [draft.vin]);

  const shown = decoded?.vin === draft.vin ? decoded : null;
  const v = shown?.vehicle;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {scanning && (
        <VinScanner
          onClose={() => setScanning(false)}
          onDetected={(vin, vehicle) => {
            const trim = vehicle?.trim && !draft.trim ? vehicle.trim : null;
            setScannedTrim(trim);
            update({ vin, ...(trim ? { trim } : {}) });
          }}
        />
      )}
      <label className="text-sm sm:col-span-2">
        VIN *
        <span className="mt-1 flex gap-2">
          <input
            value={draft.vin}
            onChange={(e) => {
              const vin = e.target.value.toUpperCase().replace(/\s/g, '').slice(0, VIN_LENGTH);
              const stale = scannedTrim !== null && draft.trim === scannedTrim;
              if (stale) setScannedTrim(null);
              update({ vin, ...(stale ? { trim: '' } : {}) });
            }}
            maxLength={VIN_LENGTH}
            className="w-full rounded border px-3 py-2 font-mono"
            data-testid="ti-vin"
          />
          <button type="button" onClick={() => setScanning(true)} className="inline-flex items-center gap-1 rounded border px-3 text-sm font-medium hover:bg-slate-50" data-testid="ti-scan-vin">
            <ScanLine className="h-4 w-4" /> Scan
          </button>
        </span>
        {v && (
          <span className="mt-1 block text-slate-700" data-testid="ti-decoded">
            {[v.year, v.make, v.model, v.trim].filter(Boolean).join(' ')}
          </span>
        )}
        {shown && !v && <span className="mt-1 block text-red-600" data-testid="ti-decode-error">{shown.error ?? 'This VIN could not be decoded; check it against the title.'}</span>}
      </label>
      <label className="text-sm">
        Mileage *
        <input value={draft.mileage} onChange={(e) => update({ mileage: e.target.value.replace(/\D/g, '').slice(0, 7) })} inputMode="numeric" className={input} data-testid="ti-mileage" />
      </label>
      <label className="text-sm">
        Condition *
        <select value={draft.condition} onChange={(e) => update({ condition: e.target.value as TradeInDraft['condition'] })} className={input} data-testid="ti-condition">
          <option value="">Choose a condition</option>
          {TRADE_IN_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c]}</option>)}
        </select>
      </label>
      <label className="text-sm">
        Trim (optional)
        <input value={draft.trim} onChange={(e) => update({ trim: e.target.value.slice(0, 100) })} className={input} data-testid="ti-trim" />
      </label>
      <label className="text-sm">
        Exterior colour
        <input value={draft.exteriorColor} onChange={(e) => update({ exteriorColor: e.target.value.slice(0, 40) })} className={input} data-testid="ti-exterior" />
      </label>
      <label className="text-sm">
        Interior colour
        <input value={draft.interiorColor} onChange={(e) => update({ interiorColor: e.target.value.slice(0, 40) })} className={input} data-testid="ti-interior" />
      </label>
      <label className="text-sm sm:col-span-2">
        Notes (optional)
        <textarea value={draft.notes} onChange={(e) => update({ notes: e.target.value.slice(0, 2000) })} rows={2} className={input} data-testid="ti-notes" />
      </label>
    </div>
  );
}
