// Step 1: the car. The VIN is typed or scanned (the scanner from /submit) and decoded offline to show year, make and
// model; mileage and condition are required before Continue.
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ScanLine } from 'lucide-react';
import { TRADE_IN_CONDITIONS, VIN_LENGTH, VinSchema, type ScannedVehicle, type TradeInDraft } from '@app/shared';
import { VinScanner } from '../../../shared/vehicle';
import { ApiError } from '../../../lib/api-client';
import { digitsOnly, filtered } from '../../../lib/filtered-input';
import { decodeVin } from '../api/trade-in';
import { CONDITION_LABELS } from './wizard-state';

const input = 'mt-1 w-full rounded border px-3 py-2';
const vinText = (text: string) => text.toUpperCase().replace(/\s/g, '');

export function VehicleStep() {
  const { register, setValue, getValues, control } = useFormContext<TradeInDraft>();
  const vin = useWatch({ control, name: 'vin' });
  const [scanning, setScanning] = useState(false);
  const [decoded, setDecoded] = useState<{ vin: string; vehicle: ScannedVehicle | null; error?: string } | null>(null);
  // The trim a scan filled in belongs to the scanned car: typing another VIN drops it (the server then takes the new
  // VIN's decoded trim) rather than valuing the new car with the old one's trim.
  const [scannedTrim, setScannedTrim] = useState<string | null>(null);

  // Decode once the VIN is complete (also for a restored draft); a bad VIN shows its reason.
  const check = vin.length === VIN_LENGTH ? VinSchema.safeParse(vin) : undefined;
  const complete = check?.success === true;
  useEffect(() => {
    if (!complete) return;
    let live = true;
    decodeVin(vin)
      .then((r) => live && setDecoded({ vin, vehicle: r.vehicle }))
      .catch(
        (err: unknown) =>
          live &&
          setDecoded({
            vin,
            vehicle: null,
            error: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Could not decode the VIN',
          }),
      );
    return () => {
      live = false;
    };
  }, [vin, complete]);

  const typedVin = () => {
    if (scannedTrim === null || getValues('trim') !== scannedTrim) return;
    setScannedTrim(null);
    setValue('trim', '');
  };
  const shown =
    check && !check.success
      ? { vin, vehicle: null, error: check.error.issues[0]?.message }
      : decoded?.vin === vin
        ? decoded
        : null;
  const v = shown?.vehicle;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {scanning && (
        <VinScanner
          onClose={() => setScanning(false)}
          onDetected={(scanned, vehicle) => {
            const trim = vehicle?.trim && !getValues('trim') ? vehicle.trim : null;
            setScannedTrim(trim);
            setValue('vin', scanned);
            if (trim) setValue('trim', trim);
          }}
        />
      )}
      <label className="text-sm sm:col-span-2">
        VIN *
        <span className="mt-1 flex gap-2">
          <input
            {...filtered(register('vin', { onChange: typedVin }), vinText)}
            maxLength={VIN_LENGTH}
            className="w-full rounded border px-3 py-2 font-mono"
            data-testid="ti-vin"
          />
          <button
            type="button"
            onClick={() => setScanning(true)}
            className="inline-flex items-center gap-1 rounded border px-3 text-sm font-medium hover:bg-slate-50"
            data-testid="ti-scan-vin"
          >
            <ScanLine className="h-4 w-4" /> Scan
          </button>
        </span>
        {v && (
          <span className="mt-1 block text-slate-700" data-testid="ti-decoded">
            {[v.year, v.make, v.model, v.trim].filter(Boolean).join(' ')}
          </span>
        )}
        {shown && !v && (
          <span className="mt-1 block text-red-600" data-testid="ti-decode-error">
            {shown.error ?? 'This VIN could not be decoded; check it against the title.'}
          </span>
        )}
      </label>
      <label className="text-sm">
        Mileage *
        <input
          {...filtered(register('mileage'), digitsOnly)}
          maxLength={7}
          inputMode="numeric"
          className={input}
          data-testid="ti-mileage"
        />
      </label>
      <label className="text-sm">
        Condition *
        <select {...register('condition')} className={input} data-testid="ti-condition">
          <option value="">Choose a condition</option>
          {TRADE_IN_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Trim (optional)
        <input {...register('trim')} maxLength={100} className={input} data-testid="ti-trim" />
      </label>
      <label className="text-sm">
        Exterior colour
        <input {...register('exteriorColor')} maxLength={40} className={input} data-testid="ti-exterior" />
      </label>
      <label className="text-sm">
        Interior colour
        <input {...register('interiorColor')} maxLength={40} className={input} data-testid="ti-interior" />
      </label>
      <label className="text-sm sm:col-span-2">
        Notes (optional)
        <textarea {...register('notes')} maxLength={2000} rows={2} className={input} data-testid="ti-notes" />
      </label>
    </div>
  );
}
