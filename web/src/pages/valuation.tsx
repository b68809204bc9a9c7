import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Frown, PartyPopper, Search, Smile, Sparkles, Zap, type LucideIcon } from 'lucide-react';
import { VALUATION_FACTORS, VIN_LENGTH, ZIP_LENGTH, formatMoney, type ValuationResponse } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { toast } from '../stores/toast';
import { ValuationEvidence } from '../components/valuation-evidence';

type Stage = 'idle' | 'analyzing' | 'thinking' | 'excited' | 'celebrating' | 'surprised';

/** Spec: excited or surprised split at confidence 50; the helper reacts more strongly at 80 and at 40. */
const SURPRISE_BELOW = 50;
const DELIGHT_FROM = 80;
const ALARM_BELOW = 40;
const CELEBRATE_AFTER_MS = 2000;

const FACES: Record<Stage, LucideIcon> = { idle: Smile, analyzing: Search, thinking: Zap, excited: Sparkles, celebrating: PartyPopper, surprised: Frown };

function lineFor(stage: Stage, result: ValuationResponse | null, failure: string | null): string {
  const confidence = result ? parseInt(result.confidence, 10) : 0;
  switch (stage) {
    case 'idle':
      return "Hi! Give me a VIN, the mileage and your ZIP (and the trim if you know it), and I'll value the car from real sales.";
    case 'analyzing':
      return 'Decoding the VIN…';
    case 'thinking':
      return 'Finding comparable sales and adjusting them to this car…';
    case 'excited':
      return confidence >= DELIGHT_FROM
        ? `Plenty of close comparables here: ${result?.valuation.basis}. I'm confident in this one!`
        : `Here is what I found, from ${result?.valuation.basis}.`;
    case 'celebrating':
      return 'Happy bidding!';
    case 'surprised':
      if (failure) return "Oh! I couldn't analyze that vehicle.";
      return confidence < ALARM_BELOW
        ? `Hmm, I have very little to go on (${result?.valuation.basis}), so the range is wide. Treat it as a rough guide.`
        : `I'm not very sure about this one (${result?.valuation.basis}). Have a look at the comparables.`;
  }
}

/** Types its line out at 30 ms per character (spec). */
function useTyped(text: string): string {
  const [shown, setShown] = useState('');
  useEffect(() => {
    setShown('');
    let i = 0;
    const timer = setInterval(() => {
      i += 1;
      setShown(text.slice(0, i));
      if (i >= text.length) clearInterval(timer);
    }, 30);
    return () => clearInterval(timer);
  }, [text]);
  return shown;
}

export function ValuationPage() {
  const [vin, setVin] = useState('');
  const [trim, setTrim] = useState('');
  const [mileage, setMileage] = useState('');
  const [zip, setZip] = useState('');
  const [stage, setStage] = useState<Stage>('idle');
  const [result, setResult] = useState<ValuationResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const typed = useTyped(lineFor(stage, result, failure));
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const ready = vin.trim() !== '' && mileage.trim() !== '' && zip.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    timers.current.forEach(clearTimeout);
    setStage('analyzing');
    setFailure(null);
    setResult(null);
    const thinking = setTimeout(() => setStage('thinking'), 600);
    try {
      const r = await apiRequest<ValuationResponse>('POST', '/api/estimate-value', {
        vin: vin.trim().toUpperCase(),
        mileage: parseInt(mileage, 10),
        zip: zip.trim(),
        ...(trim.trim() ? { trim: trim.trim() } : {}),
      });
      setResult(r);
      setStage(parseInt(r.confidence, 10) < SURPRISE_BELOW ? 'surprised' : 'excited');
      timers.current.push(setTimeout(() => setStage('celebrating'), CELEBRATE_AFTER_MS));
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      setFailure(message ?? 'Unable to analyze vehicle. Please check the VIN and try again.');
      setStage('surprised');
      toast({ title: 'Failed to analyze vehicle', description: message, variant: 'destructive' });
    } finally {
      clearTimeout(thinking);
    }
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">AI Valuation</h1>
      <details className="mt-1 text-slate-600">
        <summary className="cursor-pointer">Trained on over 15,000 real sale, auction and listing prices, the model weighs these factors</summary>
        <ul className="mt-2 list-disc pl-6 text-sm" data-testid="valuation-factors">
          {VALUATION_FACTORS.map((f) => <li key={f}>{f}</li>)}
        </ul>
        <p className="mt-1 text-sm">Condition, region and season are not priced: the market data records none of them.</p>
      </details>
      <div className="mt-6 flex items-start gap-4 rounded-xl border bg-white p-5" aria-live="polite" data-testid="helper" data-stage={stage}>
        <HelperFace stage={stage} />
        <p className="min-h-12 text-slate-800" data-testid="helper-text">{typed}</p>
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-4">
        <label className="text-sm">VIN
          <input value={vin} maxLength={VIN_LENGTH} onChange={(e) => setVin(e.target.value.toUpperCase())} className="mt-1 w-full rounded border px-3 py-2 font-mono" data-testid="val-vin" />
        </label>
        <label className="text-sm">Mileage
          <input value={mileage} inputMode="numeric" onChange={(e) => setMileage(e.target.value.replace(/\D/g, ''))} className="mt-1 w-full rounded border px-3 py-2" data-testid="val-mileage" />
        </label>
        <label className="text-sm">ZIP
          <input value={zip} maxLength={ZIP_LENGTH} inputMode="numeric" onChange={(e) => setZip(e.target.value.trim())} className="mt-1 w-full rounded border px-3 py-2" data-testid="val-zip" />
        </label>
        <label className="text-sm">Trim (optional)
          <input value={trim} maxLength={100} placeholder="e.g. Carrera S" onChange={(e) => setTrim(e.target.value)} className="mt-1 w-full rounded border px-3 py-2" data-testid="val-trim" />
        </label>
        <button type="submit" disabled={!ready || stage === 'analyzing' || stage === 'thinking'} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50 sm:col-span-4" data-testid="val-submit">
          {stage === 'analyzing' || stage === 'thinking' ? 'Analyzing…' : 'Analyze vehicle'}
        </button>
      </form>
      {failure && (
        <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5" role="alert">
          <p className="font-semibold text-red-800">Analysis Failed</p>
          <p className="text-red-700">{failure}</p>
        </div>
      )}
      {result && (
        <section className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-2" data-testid="val-result">
          <div>
            <p className="text-sm text-slate-500">Vehicle</p>
            <p className="text-lg font-semibold">{result.vehicle_details.year} {result.vehicle_details.make} {result.vehicle_details.model}</p>
            <p className="text-sm text-slate-600">{result.vehicle_details.body_class} · {result.vehicle_details.engine}</p>
            <p className="text-sm text-slate-600">Manufacturer: {result.vin_analysis.manufacturer}</p>
          </div>
          <div>
            <p className="text-sm text-slate-500">Estimated value</p>
            <p className="text-2xl font-bold" data-testid="val-range">{result.estimated_value_range}</p>
            <p className="text-sm text-slate-600">Most likely {formatMoney(result.valuation.estimatedValue)}</p>
            <p className="text-sm text-slate-600">Confidence {result.confidence}</p>
          </div>
          <div className="sm:col-span-2 text-sm">
            <p><span className="font-semibold">Demand:</span> {result.market_analysis.demand_level}</p>
            <p><span className="font-semibold">Season:</span> {result.market_analysis.seasonal_impact}</p>
            <p><span className="font-semibold">Region:</span> {result.market_analysis.regional_preference}</p>
            <p className="mt-3">{result.summary}</p>
            <p className="mt-2 font-medium">{result.investment_advice}</p>
          </div>
          <div className="sm:col-span-2">
            <ValuationEvidence report={result.valuation} />
          </div>
        </section>
      )}
    </div>
  );
}

function HelperFace({ stage }: { stage: Stage }) {
  const Face = FACES[stage];
  const tone = stage === 'surprised' ? 'text-rose-500' : stage === 'celebrating' || stage === 'excited' ? 'text-emerald-500' : 'text-amber-500';
  return (
    <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-slate-100 ${tone} ${stage === 'thinking' || stage === 'analyzing' ? 'animate-pulse' : ''}`}>
      <Face className="h-7 w-7" aria-label={`Helper is ${stage}`} />
    </span>
  );
}
