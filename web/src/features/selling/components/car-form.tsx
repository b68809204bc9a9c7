// Step one of selling: the car itself. Checked by the shared car contract, after the spec's own checks in the spec's
// order (every field filled, photos uploaded), so the toasts read as before.
import { useEffect, useEffectEvent, useState } from 'react';
import { ScanLine } from 'lucide-react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAR_CATEGORIES,
  CAR_CATEGORY_LABELS,
  CreateCarBodySchema,
  ListingDescriptionSchema,
  MAKES,
  SUBMIT_CONDITIONS,
  VIN_LENGTH,
  YEAR_MAX,
  YEAR_MIN,
  type ScannedVehicle,
} from '@app/shared';
import { digitsOnly, filtered, upperCase } from '../../../lib/filtered-input';
import { toast } from '../../../lib/toast';
import type { CarDetails } from '../api/cars';
import { useTrims } from '../api/get-trims';
import { VinScanner } from '../../../shared/vehicle';
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';

const YEARS = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => YEAR_MAX - i);
const CarDetailsSchema = CreateCarBodySchema.pick({
  vin: true,
  year: true,
  make: true,
  model: true,
  trim: true,
  mileage: true,
  condition: true,
  category: true,
}).extend({
  description: ListingDescriptionSchema,
});
const REQUIRED = ['vin', 'make', 'model', 'year', 'mileage', 'condition'] as const;

export function CarForm({
  photos,
  pending,
  valuing,
  onValue,
  onChanged,
}: {
  photos: { count: number; uploading: boolean };
  pending: boolean;
  /** Whether the step ends with the AI valuation (off when an admin turned it off: the car is only saved). */
  valuing: boolean;
  onValue(car: CarDetails): void;
  /** Any change to the car: a valuation of the car as it was no longer holds. */
  onChanged(): void;
}) {
  const [scanning, setScanning] = useState(false);
  const { register, handleSubmit, control, getValues, setValue, subscribe, formState } = useForm({
    resolver: zodResolver(CarDetailsSchema),
    defaultValues: {
      vin: '',
      year: String(YEAR_MAX),
      make: '',
      model: '',
      trim: '',
      mileage: '',
      condition: '',
      category: 'sports' as const,
      description: '',
    },
  });
  const { errors } = formState;
  const [make, model] = useWatch({ control, name: ['make', 'model'] });
  const trims = useTrims(make, model.trim());

  const changed = useEffectEvent(onChanged);
  useEffect(() => subscribe({ formState: { values: true }, callback: () => changed() }), [subscribe]);

  /** The spec's checks before the contract's: a toast for the first thing missing. */
  const ready = (): boolean => {
    const values = getValues();
    if (REQUIRED.some((k) => String(values[k] ?? '') === '')) {
      toast({
        title: 'Please fill in all required fields',
        description: 'All vehicle information is needed for accurate AI valuation.',
        variant: 'destructive',
      });
      return false;
    }
    if (photos.uploading) {
      toast({
        title: 'Photos are still uploading',
        description: 'Wait for every photo to finish, then try again.',
        variant: 'destructive',
      });
      return false;
    }
    if (photos.count === 0) {
      toast({
        title: 'Please upload vehicle images',
        description: 'Images are required for AI valuation.',
        variant: 'destructive',
      });
      return false;
    }
    return true;
  };
  const valid = (car: CarDetails) => {
    if (ready()) onValue(car);
  };
  // Other refusals show beside their field.
  const invalid = (e: FieldErrors) => {
    if (ready() && e.vin)
      toast({ title: 'Invalid VIN', description: e.vin.message?.toString(), variant: 'destructive' });
  };

  const onScanned = (vin: string, vehicle: ScannedVehicle | null) => {
    // The decoded VIN also fills what it tells for sure; a make outside the marketplace's list is left to the seller.
    const scannedMake = MAKES.find((m) => m.toLowerCase() === vehicle?.make?.toLowerCase());
    const year =
      vehicle?.year && vehicle.year >= YEAR_MIN && vehicle.year <= YEAR_MAX ? String(vehicle.year) : undefined;
    setValue('vin', vin);
    if (scannedMake) {
      setValue('make', scannedMake);
      if (vehicle?.model) setValue('model', vehicle.model);
      if (vehicle?.trim) setValue('trim', vehicle.trim);
    }
    if (year) setValue('year', year);
    if (vehicle?.year && !year) {
      toast({
        title: `Model year ${vehicle.year}`,
        description: `This VIN is a ${vehicle.year} car; listings here take model years ${YEAR_MIN} to ${YEAR_MAX}.`,
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      {scanning && <VinScanner onClose={() => setScanning(false)} onDetected={onScanned} />}
      <form
        onSubmit={handleSubmit(valid, invalid)}
        className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2"
        noValidate
      >
        <Field
          label="VIN"
          addon={
            <Button onClick={() => setScanning(true)} variant="outline" size="sm" data-testid="scan-vin">
              <ScanLine className="h-4 w-4" /> Scan
            </Button>
          }
        >
          <Input
            {...filtered(register('vin'), upperCase)}
            maxLength={VIN_LENGTH}
            className="font-mono"
            data-testid="sub-vin"
          />
        </Field>
        <Field label="Year" error={errors.year?.message}>
          <Select {...register('year')} data-testid="sub-year">
            {YEARS.map((y) => (
              <option key={y}>{y}</option>
            ))}
          </Select>
        </Field>
        <Field label="Make">
          <Select {...register('make')} data-testid="sub-make">
            <option value="">Choose a make</option>
            {MAKES.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </Field>
        <Field label="Model" error={errors.model?.message}>
          <Input {...register('model')} data-testid="sub-model" />
        </Field>
        <Field label="Trim (optional)" error={errors.trim?.message}>
          <Input
            {...register('trim')}
            maxLength={100}
            list="trim-choices"
            placeholder={trims.data?.trims[0] ? `e.g. ${trims.data.trims[0]}` : ''}
            data-testid="sub-trim"
          />
        </Field>
        <datalist id="trim-choices">
          {(trims.data?.trims ?? []).map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <Field label="Mileage" error={errors.mileage?.message}>
          <Input {...filtered(register('mileage'), digitsOnly)} inputMode="numeric" data-testid="sub-mileage" />
        </Field>
        <Field label="Condition">
          <Select {...register('condition')} data-testid="sub-condition">
            <option value="">Choose a condition</option>
            {SUBMIT_CONDITIONS.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <Field label="Body category">
          <Select {...register('category')} data-testid="sub-category">
            {CAR_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CAR_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea
            {...register('description')}
            rows={4}
            maxLength={5000}
            placeholder="History, options, service, any flaws"
            data-testid="sub-description"
          />
        </Field>
        <Button
          type="submit"
          disabled={pending}
          variant="primary"
          className="sm:col-span-2"
          data-testid="get-valuation"
        >
          {valuing ? (pending ? 'Valuing…' : 'Get AI Valuation') : pending ? 'Saving…' : 'Continue to auction terms'}
        </Button>
      </form>
    </>
  );
}
