// Step 1: the car. The VIN is typed or scanned (the scanner from /submit) and decoded offline to show year, make and
// model; mileage and condition are required before Continue.
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ScanLine } from 'lucide-react';
import { TRADE_IN_CONDITIONS, VIN_LENGTH, type TradeInDraft } from '@app/shared';
import { VinScanner, decodedName, useVinDecode } from '../../../shared/vehicle';
import { digitsOnly, filtered } from '../../../lib/filtered-input';
import { CONDITION_LABELS } from './wizard-state';
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';

const vinText = (text: string) => text.toUpperCase().replace(/\s/g, '');

export function VehicleStep() {
  const { register, setValue, getValues, control } = useFormContext<TradeInDraft>();
  const vin = useWatch({ control, name: 'vin' });
  const [scanning, setScanning] = useState(false);
  // The trim a scan filled in belongs to the scanned car: typing another VIN drops it (the server then takes the new
  // VIN's decoded trim) rather than valuing the new car with the old one's trim.
  const [scannedTrim, setScannedTrim] = useState<string | null>(null);

  const shown = useVinDecode(vin);

  const typedVin = () => {
    if (scannedTrim === null || getValues('trim') !== scannedTrim) return;
    setScannedTrim(null);
    setValue('trim', '');
  };
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
      <Field
        label="VIN *"
        className="sm:col-span-2"
        addon={
          <Button onClick={() => setScanning(true)} variant="outline" size="sm" data-testid="ti-scan-vin">
            <ScanLine className="h-4 w-4" /> Scan
          </Button>
        }
        hint={
          v && (
            <span className="text-slate-700" data-testid="ti-decoded">
              {decodedName(v)}
            </span>
          )
        }
        error={shown && !v ? (shown.error ?? 'This VIN could not be decoded; check it against the title.') : undefined}
        errorTestId="ti-decode-error"
      >
        <Input
          {...filtered(register('vin', { onChange: typedVin }), vinText)}
          maxLength={VIN_LENGTH}
          className="font-mono"
          data-testid="ti-vin"
        />
      </Field>
      <Field label="Mileage *">
        <Input
          {...filtered(register('mileage'), digitsOnly)}
          maxLength={7}
          inputMode="numeric"
          data-testid="ti-mileage"
        />
      </Field>
      <Field label="Condition *">
        <Select {...register('condition')} data-testid="ti-condition">
          <option value="">Choose a condition</option>
          {TRADE_IN_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Trim (optional)">
        <Input {...register('trim')} maxLength={100} data-testid="ti-trim" />
      </Field>
      <Field label="Exterior colour">
        <Input {...register('exteriorColor')} maxLength={40} data-testid="ti-exterior" />
      </Field>
      <Field label="Interior colour">
        <Input {...register('interiorColor')} maxLength={40} data-testid="ti-interior" />
      </Field>
      <Field label="Notes (optional)" className="sm:col-span-2">
        <Textarea {...register('notes')} maxLength={2000} rows={2} data-testid="ti-notes" />
      </Field>
    </div>
  );
}
