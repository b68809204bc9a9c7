import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EstimateValueBodySchema,
  VALUATION_FACTORS,
  VIN_LENGTH,
  ZIP_LENGTH,
  type ValuationResponse,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { digitsOnly, filtered, upperCase } from '../../../lib/filtered-input';
import { toast } from '../../../lib/toast';
import { FeatureOffNotice, useFeatureOn } from '../../../shared/config';
import { estimateValue } from '../api/estimate-value';
import { SURPRISE_BELOW, ValuationHelper, type Stage } from './valuation-helper';
import { ValuationResult } from './valuation-result';
import { Button, Field, Input } from '../../../components/ui';

const CELEBRATE_AFTER_MS = 2000;

export function ValuationPage() {
  const [stage, setStage] = useState<Stage>('idle');
  const [result, setResult] = useState<ValuationResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(EstimateValueBodySchema),
    defaultValues: { vin: '', mileage: '', zip: '', trim: '' },
  });
  const [vin, mileage, zip] = useWatch({ control, name: ['vin', 'mileage', 'zip'] });
  const ready = vin.trim() !== '' && String(mileage ?? '') !== '' && zip.trim() !== '';
  const busy = stage === 'analyzing' || stage === 'thinking';

  const restart = (next: Stage) => {
    timers.current.forEach(clearTimeout);
    setStage(next);
    setFailure(null);
    setResult(null);
  };
  const fail = (message: string | undefined) => {
    setFailure(message ?? 'Unable to analyze vehicle. Please check the VIN and try again.');
    setStage('surprised');
    toast({ title: 'Failed to analyze vehicle', description: message, variant: 'destructive' });
  };

  const analyze = async ({ trim, ...car }: { vin: string; mileage: number; zip: string; trim?: string }) => {
    restart('analyzing');
    const thinking = setTimeout(() => setStage('thinking'), 600);
    try {
      const r = await estimateValue({ ...car, ...(trim ? { trim } : {}) });
      setResult(r);
      setStage(parseInt(r.confidence, 10) < SURPRISE_BELOW ? 'surprised' : 'excited');
      timers.current.push(setTimeout(() => setStage('celebrating'), CELEBRATE_AFTER_MS));
    } catch (err) {
      fail(err instanceof ApiError ? err.serverMessage : undefined);
    } finally {
      clearTimeout(thinking);
    }
  };
  // What the shared schema refuses here (a wrong check digit, a short ZIP) fails the way the server's refusal would,
  // without the request.
  const refuse = (errors: FieldErrors) => {
    restart('surprised');
    fail(Object.values(errors)[0]?.message?.toString());
  };
  const on = useFeatureOn('aiValuation');
  if (on === false) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10">
        <h1 className="text-3xl font-bold">AI Valuation</h1>
        <FeatureOffNotice feature="aiValuation">
          Cars can still be listed for auction without an estimate.
        </FeatureOffNotice>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">AI Valuation</h1>
      <details className="mt-1 text-slate-600">
        <summary className="cursor-pointer">
          Trained on over 15,000 real sale, auction and listing prices, the model weighs these factors
        </summary>
        <ul className="mt-2 list-disc pl-6 text-sm" data-testid="valuation-factors">
          {VALUATION_FACTORS.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <p className="mt-1 text-sm">
          Condition, region and season are not priced: the market data records none of them.
        </p>
      </details>
      <ValuationHelper stage={stage} result={result} failure={failure} />
      <form
        onSubmit={(e) => void handleSubmit(analyze, refuse)(e)}
        className="mt-6 grid gap-4 rounded-xl border bg-white p-5 sm:grid-cols-4"
        noValidate
      >
        <Field label="VIN">
          <Input
            {...filtered(register('vin'), upperCase)}
            maxLength={VIN_LENGTH}
            className="font-mono"
            data-testid="val-vin"
          />
        </Field>
        <Field label="Mileage">
          <Input {...filtered(register('mileage'), digitsOnly)} inputMode="numeric" data-testid="val-mileage" />
        </Field>
        <Field label="ZIP">
          <Input
            {...filtered(register('zip'), (t) => t.trim())}
            maxLength={ZIP_LENGTH}
            inputMode="numeric"
            data-testid="val-zip"
          />
        </Field>
        <Field label="Trim (optional)">
          <Input {...register('trim')} maxLength={100} placeholder="e.g. Carrera S" data-testid="val-trim" />
        </Field>
        <Button
          type="submit"
          disabled={!ready || busy}
          variant="primary"
          className="sm:col-span-4"
          data-testid="val-submit"
        >
          {busy ? 'Analyzing…' : 'Analyze vehicle'}
        </Button>
      </form>
      {failure && (
        <div className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5" role="alert">
          <p className="font-semibold text-red-800">Analysis Failed</p>
          <p className="text-red-700">{failure}</p>
        </div>
      )}
      {result && <ValuationResult result={result} />}
    </div>
  );
}
