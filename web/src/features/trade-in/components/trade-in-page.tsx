// /trade-in: the five-step wizard (Vehicle Info, Photos, Review, Ownership, Results) with its progress bar. The form
// is a draft kept on the server per user, so a reload never loses it; the result is a stored firm offer.
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { TRADE_IN_TEXTS, TradeInEvaluateBodySchema, type TradeInResult } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../account';
import { FeatureOffNotice, useFeatureOn } from '../../system';
import { PhotoPicker } from '../../selling';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { evaluateTradeIn, tradeInsQueryKey } from '../api/trade-in';
import { OwnershipStep } from './ownership-step';
import { ResultsView } from './results-view';
import { ReviewStep } from './review-step';
import { useDraft } from './use-draft';
import { VehicleStep } from './vehicle-step';
import { EMPTY_DRAFT, STEPS, toForm, vehicleFilled } from './wizard-state';

export function TradeInPage() {
  const me = useMe();
  if (me.isLoading) return <p className="p-8 text-center">Loading…</p>;
  if (!me.data?.user) return <Navigate to="/login?next=/trade-in" replace />;
  return <TradeInGate />;
}

/** New evaluations stop when an admin turns trade-ins off; offers already made are still answered on the dashboard. */
function TradeInGate() {
  const on = useFeatureOn('tradeIn');
  if (on === undefined) return <p className="p-8 text-center">Loading…</p>;
  if (!on) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">Trade-In</h1>
        <FeatureOffNotice feature="tradeIn">
          Offers you already have can still be accepted or declined on your <Link to="/dashboard" className="underline">dashboard</Link>.
        </FeatureOffNotice>
      </div>
    );
  }
  return <TradeInWizard />;
}

function TradeInWizard() {
  const { draft, loaded, saved, update, replace } = useDraft();
  const [result, setResult] = useState<TradeInResult | null>(null);
  const [busy, setBusy] = useState({ photos: false, title: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const step = result ? 5 : draft.step;

  const go = (to: 1 | 2 | 3 | 4) => update({ step: to });
  const evaluate = () => {
    if (!vehicleFilled(draft)) {
      toast({ title: TRADE_IN_TEXTS.missingTitle, description: TRADE_IN_TEXTS.missingText, variant: 'destructive' });
      return;
    }
    const checked = TradeInEvaluateBodySchema.safeParse(toForm(draft));
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? ''), i.message])));
      toast({ title: TRADE_IN_TEXTS.missingTitle, description: checked.error.issues[0]?.message ?? TRADE_IN_TEXTS.missingText, variant: 'destructive' });
      return;
    }
    setErrors({});
    setPending(true);
    evaluateTradeIn(toForm(draft))
      .then((r) => {
        setResult(r);
        replace(EMPTY_DRAFT);
        void queryClient.invalidateQueries({ queryKey: tradeInsQueryKey });
        toast({ title: TRADE_IN_TEXTS.completeTitle, description: TRADE_IN_TEXTS.completeText });
      })
      .catch((err: unknown) =>
        toast({ title: TRADE_IN_TEXTS.failedTitle, description: err instanceof ApiError ? err.serverMessage ?? TRADE_IN_TEXTS.failedFallback : TRADE_IN_TEXTS.failedFallback, variant: 'destructive' }),
      )
      .finally(() => setPending(false));
  };
  const reset = () => {
    setResult(null);
    setErrors({});
    replace(EMPTY_DRAFT);
  };

  const canContinue = step === 1 ? vehicleFilled(draft) : step === 2 ? !busy.photos : true;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10" data-testid="trade-in" data-step={step} data-draft={loaded && saved ? 'saved' : 'saving'}>
      <h1 className="text-3xl font-bold">Trade-In Your Vehicle</h1>
      <p className="mt-1 text-slate-600">Get a firm offer, valid for 7 days, in five steps.</p>
      <div className="mt-6">
        <div className="flex justify-between text-sm">
          <span data-testid="ti-step-label">Step {step} of {STEPS.length}: {STEPS[step - 1]}</span>
          <span>{Math.round((step / STEPS.length) * 100)}%</span>
        </div>
        <div className="mt-2 h-2 rounded bg-slate-200" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((step / STEPS.length) * 100)}>
          <div className="h-full rounded bg-brand-600 transition-all" style={{ width: `${(step / STEPS.length) * 100}%` }} />
        </div>
      </div>
      <div className="mt-6 rounded-xl border bg-white p-5">
        {!loaded && <p className="text-slate-500">Loading your draft…</p>}
        {loaded && step === 1 && <VehicleStep draft={draft} update={update} />}
        {loaded && step === 2 && (
          <div>
            <p className="text-sm text-slate-600">Photos of the outside, the interior, the odometer and any damage.</p>
            <PhotoPicker initial={draft.photos} onChange={(urls, b) => { update({ photos: urls }); setBusy((s) => ({ ...s, photos: b })); }} />
          </div>
        )}
        {loaded && step === 3 && <ReviewStep draft={draft} />}
        {loaded && step === 4 && <OwnershipStep draft={draft} update={update} errors={errors} onTitleBusy={(b) => setBusy((s) => ({ ...s, title: b }))} />}
        {step === 5 && result && <ResultsView result={result} onReset={reset} />}
        {loaded && step < 5 && (
          <div className="mt-6 flex justify-between">
            <button type="button" disabled={step === 1} onClick={() => go((step - 1) as 1 | 2 | 3)} className="rounded-lg border px-4 py-2 font-semibold disabled:opacity-40" data-testid="ti-back">Back</button>
            {step < 4 ? (
              <button type="button" disabled={!canContinue} onClick={() => go((step + 1) as 2 | 3 | 4)} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50" data-testid="ti-continue">Continue</button>
            ) : (
              <button type="button" disabled={pending || busy.title} onClick={evaluate} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white disabled:opacity-50" data-testid="ti-evaluate">
                {pending ? 'Evaluating…' : 'Get My Offer'}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
