import { useEffect, useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { VIN_LENGTH, ZIP_LENGTH, type ValuationResponse } from '@app/shared';
import { ApiError, apiRequest } from '../lib/api-client';
import { toast } from '../stores/toast';

type Stage = 'idle' | 'analyzing' | 'thinking' | 'excited' | 'celebrating' | 'surprised';

const LINES: Record<Stage, string> = {
  idle: "Hi! Give me a VIN, the mileage and your ZIP, and I'll value the car from real sales on this marketplace.",
  analyzing: 'Decoding the VIN…',
  thinking: 'Comparing it with recent sales…',
  excited: 'Here is what I found!',
  celebrating: 'Happy bidding!',
  surprised: "Hmm, I'm not very sure about this one. Have a look at the details.",
};

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
  const [mileage, setMileage] = useState('');
  const [zip, setZip] = useState('');
  const [stage, setStage] = useState<Stage>('idle');
  const [result, setResult] = useState<ValuationResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const typed = useTyped(LINES[stage]);
  const ready = vin.trim() !== '' && mileage.trim() !== '' && zip.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    setStage('analyzing');
    setFailure(null);
    setResult(null);
    const thinking = setTimeout(() => setStage('thinking'), 600);
    try {
      const r = await apiRequest<ValuationResponse>('POST', '/api/estimate-value', {
        vin: vin.trim().toUpperCase(),
        mileage: parseInt(mileage, 10),
        zip: zip.trim(),
      });
      setResult(r);
      setStage(parseInt(r.confidence, 10) < 50 ? 'surprised' : 'excited');
      setTimeout(() => setStage('celebrating'), 2000);
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
      <p className="mt-1 text-slate-600">Our model weighs comparable sales, mileage, condition and region.</p>
      <div className="mt-6 flex items-start gap-4 rounded-xl border bg-white p-5" aria-live="polite">
        <Sparkles className="h-8 w-8 shrink-0 text-amber-500" aria-hidden />
        <p className="min-h-12 text-slate-800" data-testid="helper-text">{typed}</p>
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-3">
        <label className="text-sm">VIN
          <input value={vin} maxLength={VIN_LENGTH} onChange={(e) => setVin(e.target.value.toUpperCase())} className="mt-1 w-full rounded border px-3 py-2 font-mono" data-testid="val-vin" />
        </label>
        <label className="text-sm">Mileage
          <input value={mileage} inputMode="numeric" onChange={(e) => setMileage(e.target.value.replace(/\D/g, ''))} className="mt-1 w-full rounded border px-3 py-2" data-testid="val-mileage" />
        </label>
        <label className="text-sm">ZIP
          <input value={zip} maxLength={ZIP_LENGTH} inputMode="numeric" onChange={(e) => setZip(e.target.value.trim())} className="mt-1 w-full rounded border px-3 py-2" data-testid="val-zip" />
        </label>
        <button type="submit" disabled={!ready || stage === 'analyzing' || stage === 'thinking'} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50 sm:col-span-3" data-testid="val-submit">
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
            <p className="text-2xl font-bold">{result.estimated_value_range}</p>
            <p className="text-sm text-slate-600">Confidence {result.confidence}</p>
          </div>
          <div className="sm:col-span-2 text-sm">
            <p><span className="font-semibold">Demand:</span> {result.market_analysis.demand_level}</p>
            <p><span className="font-semibold">Season:</span> {result.market_analysis.seasonal_impact}</p>
            <p><span className="font-semibold">Region:</span> {result.market_analysis.regional_preference}</p>
            <p className="mt-3">{result.summary}</p>
            <p className="mt-2 font-medium">{result.investment_advice}</p>
          </div>
        </section>
      )}
    </div>
  );
}
