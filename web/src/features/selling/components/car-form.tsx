// Step one of selling: the car itself. Checked by the shared car contract, after the spec's own checks in the spec's
// order (every field filled, photos uploaded), so the toasts read as before.
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { ScanLine } from 'lucide-react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CAR_CATEGORIES,
  CAR_CATEGORY_LABELS,
  CreateCarBodySchema,
  ListingDescriptionSchema,
  MAKES,
  ModelYearSchema,
  SUBMIT_CONDITIONS,
  VIN_LENGTH,
  modelYearProblem,
  modelYears,
  type ScannedVehicle,
} from '@app/shared';
import { digitsOnly, filtered, upperCase } from '../../../lib/filtered-input';
import { toast } from '../../../lib/toast';
import type { CarDetails } from '../api/cars';
import { useTrims } from '../api/get-trims';
import { VinScanner, decodedName, useVinDecode } from '../../../shared/vehicle';
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';

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
  // Neither is preselected: a default year or body the seller never chose would be listed as fact.
  year: z.string().min(1, 'Choose the model year').transform(Number).pipe(ModelYearSchema),
  category: z
    .union([z.literal(''), z.enum(CAR_CATEGORIES)])
    .pipe(z.enum(CAR_CATEGORIES, { error: 'Choose a body category' })),
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
      year: '',
      make: '',
      model: '',
      trim: '',
      mileage: '',
      condition: '',
      category: '' as const,
      description: '',
    },
  });
  const { errors } = formState;
  const [make, model, vin] = useWatch({ control, name: ['make', 'model', 'vin'] });
  const years = useMemo(() => modelYears(new Date()), []);
  /** The decoded VIN fills what it tells for sure; a make outside the marketplace's list is left to the seller. */
  const fill = (vehicle: ScannedVehicle) => {
    const decodedMake = MAKES.find((m) => m.toLowerCase() === vehicle.make?.toLowerCase());
    if (decodedMake) {
      setValue('make', decodedMake);
      if (vehicle.model) setValue('model', vehicle.model);
      if (vehicle.trim) setValue('trim', vehicle.trim);
    }
    if (!vehicle.year) return;
    const problem = modelYearProblem(vehicle.year, new Date());
    if (!problem) setValue('year', String(vehicle.year));
    else toast({ title: `Model year ${vehicle.year}`, description: problem, variant: 'destructive' });
  };
  // A typed VIN is decoded as on /trade-in and fills the form; a scanned one was filled from the scan already. The
  // seller may still change what it filled.
  const scannedVin = useRef<string | null>(null);
  const decode = useVinDecode(vin, (decodedVin, vehicle) => {
    if (vehicle && decodedVin !== scannedVin.current) fill(vehicle);
  });
  const decodedVehicle = decode?.vehicle ?? null;
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

  return (
    <>
      {scanning && (
        <VinScanner
          onClose={() => setScanning(false)}
          onDetected={(scanned, vehicle) => {
            setValue('vin', scanned);
            scannedVin.current = scanned;
            if (vehicle) fill(vehicle);
          }}
        />
      )}
      <form
        onSubmit={handleSubmit(valid, invalid)}
        className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2"
        noValidate
      >
        <Field
          label="VIN"
          hint={
            decodedVehicle && (
              <span className="text-slate-700" data-testid="sub-decoded">
                {decodedName(decodedVehicle)}
              </span>
            )
          }
          error={
            decode && !decodedVehicle
              ? (decode.error ?? 'This VIN could not be decoded; check it against the title.')
              : undefined
          }
          errorTestId="sub-decode-error"
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
            <option value="">Choose a year</option>
            {years.map((y) => (
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
        <Field label="Body category" error={errors.category?.message} errorTestId="sub-category-error">
          <Select {...register('category')} data-testid="sub-category">
            <option value="">Choose a body category</option>
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
