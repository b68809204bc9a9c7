import { useCallback, useState, type FormEvent, type ReactElement } from 'react';
import { ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ADMIN_AUCTION_DURATIONS_DAYS, MAKES, SUBMIT_CONDITIONS, VIN_LENGTH, YEAR_MAX, YEAR_MIN, VinSchema, formatMoney,
  type CarValuationResponse, type ScannedVehicle, type TrimsResponse,
} from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { useMe } from '../lib/session';
import { toast } from '../stores/toast';
import { PhotoPicker } from '../components/photo-picker';
import { VinScanner } from '../components/vin-scanner';
import { ValuationEvidence } from '../components/valuation-evidence';

const YEARS = Array.from({ length: YEAR_MAX - YEAR_MIN + 1 }, (_, i) => YEAR_MAX - i);

export function SubmitPage() {
  const me = useMe();
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [car, setCar] = useState({ vin: '', year: String(YEAR_MAX), make: '', model: '', trim: '', mileage: '', condition: '' });
  const [carId, setCarId] = useState<number | null>(null);
  const [valuation, setValuation] = useState<CarValuationResponse | null>(null);
  const [terms, setTerms] = useState({ startingBid: '', reservePrice: '', buyItNowPrice: '', durationDays: '7', location: '' });
  const [submitted, setSubmitted] = useState(false);

  const value = useMutation({
    mutationFn: async () => {
      const id =
        carId ??
        (
          await apiRequest<{ id: number }>('POST', '/api/cars', {
            vin: car.vin, year: Number(car.year), make: car.make, model: car.model, trim: car.trim, mileage: Number(car.mileage), condition: car.condition,
            images: photos, description: '',
          })
        ).id;
      setCarId(id);
      return apiRequest<CarValuationResponse>('POST', `/api/cars/${id}/ai-valuation`);
    },
    onSuccess: (v) => {
      setValuation(v);
      toast({ title: 'AI Valuation Complete!', description: `Estimated value ${formatMoney(v.aiEstimatedValue)}` });
    },
    onError: (err) => toast({ title: 'Failed to get AI valuation', description: err instanceof ApiError ? err.serverMessage : undefined, variant: 'destructive' }),
  });

  // The trims the market data knows for the chosen model; the seller may still type another.
  const trims = useQuery({
    queryKey: ['valuation-trims', car.make, car.model.trim()],
    queryFn: () => apiRequest<TrimsResponse>('GET', `/api/valuation/trims?${new URLSearchParams({ make: car.make, model: car.model.trim() })}`),
    enabled: car.make !== '' && car.model.trim() !== '',
    staleTime: Infinity,
  });

  const submitAuction = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/auction-requests', {
        carId,
        startingBid: terms.startingBid,
        ...(terms.reservePrice ? { reservePrice: terms.reservePrice } : {}),
        ...(terms.buyItNowPrice ? { buyItNowPrice: terms.buyItNowPrice } : {}),
        durationDays: Number(terms.durationDays),
        location: terms.location,
      }),
    onSuccess: () => {
      setSubmitted(true);
      toast({ title: 'Submitted for approval', description: 'An admin reviews your auction before it goes live.' });
    },
    onError: (err) => toast({ title: 'Failed to submit car', description: err instanceof ApiError ? err.serverMessage ?? 'Please try again.' : 'Please try again.', variant: 'destructive' }),
  });

  const getValuation = (e: FormEvent) => {
    e.preventDefault();
    if (!car.vin || !car.make || !car.model || !car.year || !car.mileage || !car.condition) {
      toast({ title: 'Please fill in all required fields', description: 'All vehicle information is needed for accurate AI valuation.', variant: 'destructive' });
      return;
    }
    if (uploading) {
      toast({ title: 'Photos are still uploading', description: 'Wait for every photo to finish, then try again.', variant: 'destructive' });
      return;
    }
    if (photos.length === 0) {
      toast({ title: 'Please upload vehicle images', description: 'Images are required for AI valuation.', variant: 'destructive' });
      return;
    }
    const vin = VinSchema.safeParse(car.vin);
    if (!vin.success) {
      toast({ title: 'Invalid VIN', description: vin.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    value.mutate();
  };

  const closeScanner = useCallback(() => setScanning(false), []);
  const onScanned = useCallback((vin: string, vehicle: ScannedVehicle | null) => {
    // The decoded VIN also fills what it tells for sure; a make outside the marketplace's list is left to the seller.
    const make = MAKES.find((m) => m.toLowerCase() === vehicle?.make?.toLowerCase());
    const year = vehicle?.year && vehicle.year >= YEAR_MIN && vehicle.year <= YEAR_MAX ? String(vehicle.year) : undefined;
    setCar((c) => ({ ...c, vin, ...(make ? { make } : {}), ...(year ? { year } : {}), ...(make && vehicle?.model ? { model: vehicle.model } : {}), ...(make && vehicle?.trim ? { trim: vehicle.trim } : {}) }));
    if (vehicle?.year && !year) {
      toast({ title: `Model year ${vehicle.year}`, description: `This VIN is a ${vehicle.year} car; listings here take model years ${YEAR_MIN} to ${YEAR_MAX}.`, variant: 'destructive' });
    }
    setCarId(null);
    setValuation(null);
  }, []);

  if (me.data === null) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Sell Your Car</h1>
        <p className="mt-2 text-slate-600">Sign in to list a car and get its AI valuation.</p>
        <Link to="/login?next=/submit" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white">Sign in</Link>
      </div>
    );
  }

  const field = (name: keyof typeof car, label: string, input: ReactElement) => (
    <label className="text-sm" key={name}>
      {label}
      {input}
    </label>
  );
  const set = (name: keyof typeof car) => (e: { target: { value: string } }) => {
    setCar({ ...car, [name]: name === 'vin' ? e.target.value.toUpperCase() : e.target.value });
    setCarId(null);
    setValuation(null);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Sell Your Car</h1>
      <section className="mt-6 rounded-xl border bg-white p-5">
        <h2 className="font-semibold">Photos</h2>
        <p className="text-sm text-slate-600">At least one image is required.</p>
        <PhotoPicker
          onChange={(urls, busy) => {
            setPhotos(urls);
            setUploading(busy);
            setCarId(null);
            setValuation(null);
          }}
        />
      </section>
      {scanning && <VinScanner onClose={closeScanner} onDetected={onScanned} />}
      <form onSubmit={getValuation} className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2" noValidate>
        {field('vin', 'VIN', (
          <span className="mt-1 flex gap-2">
            <input value={car.vin} maxLength={VIN_LENGTH} onChange={set('vin')} className="w-full rounded border px-3 py-2 font-mono" data-testid="sub-vin" />
            <button type="button" onClick={() => setScanning(true)} className="inline-flex items-center gap-1 rounded border px-3 text-sm font-medium hover:bg-slate-50" data-testid="scan-vin">
              <ScanLine className="h-4 w-4" /> Scan
            </button>
          </span>
        ))}
        {field('year', 'Year', (
          <select value={car.year} onChange={set('year')} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-year">{YEARS.map((y) => <option key={y}>{y}</option>)}</select>
        ))}
        {field('make', 'Make', (
          <select value={car.make} onChange={set('make')} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-make">
            <option value="">Choose a make</option>
            {MAKES.map((m) => <option key={m}>{m}</option>)}
          </select>
        ))}
        {field('model', 'Model', <input value={car.model} onChange={set('model')} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-model" />)}
        {field('trim', 'Trim (optional)', (
          <>
            <input value={car.trim} maxLength={100} list="trim-choices" placeholder={trims.data?.trims[0] ? `e.g. ${trims.data.trims[0]}` : ''} onChange={set('trim')} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-trim" />
            <datalist id="trim-choices">{(trims.data?.trims ?? []).map((t) => <option key={t} value={t} />)}</datalist>
          </>
        ))}
        {field('mileage', 'Mileage', <input value={car.mileage} inputMode="numeric" onChange={(e) => set('mileage')({ target: { value: e.target.value.replace(/\D/g, '') } })} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-mileage" />)}
        {field('condition', 'Condition', (
          <select value={car.condition} onChange={set('condition')} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-condition">
            <option value="">Choose a condition</option>
            {SUBMIT_CONDITIONS.map((c) => <option key={c}>{c}</option>)}
          </select>
        ))}
        <button type="submit" disabled={value.isPending} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50 sm:col-span-2" data-testid="get-valuation">
          {value.isPending ? 'Valuing…' : 'Get AI Valuation'}
        </button>
      </form>
      {valuation && (
        <section className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="valuation-result">
          <p className="text-sm font-semibold text-emerald-900">AI estimated value</p>
          <p className="text-3xl font-bold text-emerald-900">{formatMoney(valuation.aiEstimatedValue)}</p>
          <p className="text-sm text-emerald-800" data-testid="valuation-range">
            Likely {formatMoney(valuation.valuation.low)} – {formatMoney(valuation.valuation.high)} · {valuation.aiConfidence}% confidence · about {valuation.aiDaysToSell} to sell
          </p>
          <ValuationEvidence report={valuation.valuation} />
        </section>
      )}
      {valuation && !submitted && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitAuction.mutate();
          }}
          className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2"
        >
          <label className="text-sm">Starting bid ($)<input required value={terms.startingBid} onChange={(e) => setTerms({ ...terms, startingBid: e.target.value })} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-start" /></label>
          <label className="text-sm">Reserve price ($, optional)<input value={terms.reservePrice} onChange={(e) => setTerms({ ...terms, reservePrice: e.target.value })} className="mt-1 w-full rounded border px-3 py-2" /></label>
          <label className="text-sm">Buy It Now price ($, optional)<input value={terms.buyItNowPrice} onChange={(e) => setTerms({ ...terms, buyItNowPrice: e.target.value })} className="mt-1 w-full rounded border px-3 py-2" /></label>
          <label className="text-sm">Duration
            <select value={terms.durationDays} onChange={(e) => setTerms({ ...terms, durationDays: e.target.value })} className="mt-1 w-full rounded border px-3 py-2">
              {ADMIN_AUCTION_DURATIONS_DAYS.map((d) => <option key={d} value={d}>{d} days</option>)}
            </select>
          </label>
          <label className="text-sm sm:col-span-2">Location<input required value={terms.location} onChange={(e) => setTerms({ ...terms, location: e.target.value })} className="mt-1 w-full rounded border px-3 py-2" data-testid="sub-location" /></label>
          <button type="submit" disabled={submitAuction.isPending} className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-50 sm:col-span-2" data-testid="submit-auction">
            {submitAuction.isPending ? 'Submitting…' : 'Submit to Auction'}
          </button>
        </form>
      )}
      {submitted && <p className="mt-6 rounded-lg bg-slate-100 p-4" data-testid="submitted">Submitted. An admin reviews your auction before it goes live.</p>}
    </div>
  );
}
