// /trade-in: the five-step wizard (Vehicle Info, Photos, Review, Ownership, Results) with its progress bar. One
// react-hook-form form holds every step (checked on submit by the API's contract), and is a draft kept on the server
// per user, so a reload never loses it; the result is a stored firm offer.
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TRADE_IN_TEXTS, type TradeInResult } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../../shared/session';
import { FeatureOffNotice, useFeatureOn } from '../../../shared/config';
import { PhotoPicker } from '../../../shared/vehicle';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { evaluateTradeIn, tradeInsQueryKey } from '../api/trade-in';
import { OwnershipStep } from './ownership-step';
import { ResultsView } from './results-view';
import { ReviewStep } from './review-step';
import { useDraft } from './use-draft';
import { VehicleStep } from './vehicle-step';
import { DraftFormSchema, EMPTY_DRAFT, STEPS, toForm, vehicleFilled } from './wizard-state';
import { Button } from '../../../components/ui';

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
          Offers you already have can still be accepted or declined on your{' '}
          <Link to="/dashboard" className="underline">
            dashboard
          </Link>
          .
        </FeatureOffNotice>
      </div>
    );
  }
  return <TradeInWizard />;
}

function TradeInWizard() {
  const form = useForm({ resolver: zodResolver(DraftFormSchema), defaultValues: EMPTY_DRAFT });
  const { control, handleSubmit, reset, setValue, getValues } = form;
  const { loaded, saved } = useDraft(form);
  const [result, setResult] = useState<TradeInResult | null>(null);
  const [busy, setBusy] = useState({ photos: false, title: false });
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const [draftStep, vin, mileage, condition] = useWatch({ control, name: ['step', 'vin', 'mileage', 'condition'] });
  const step = result ? 5 : draftStep;

  const go = (to: 1 | 2 | 3 | 4) => setValue('step', to);
  const evaluate = handleSubmit(
    (draft) => {
      setPending(true);
      evaluateTradeIn(toForm(draft))
        .then((r) => {
          setResult(r);
          reset(EMPTY_DRAFT);
          void queryClient.invalidateQueries({ queryKey: tradeInsQueryKey });
          toast({ title: TRADE_IN_TEXTS.completeTitle, description: TRADE_IN_TEXTS.completeText });
        })
        .catch((err: unknown) =>
          toast({
            title: TRADE_IN_TEXTS.failedTitle,
            description:
              err instanceof ApiError
                ? (err.serverMessage ?? TRADE_IN_TEXTS.failedFallback)
                : TRADE_IN_TEXTS.failedFallback,
            variant: 'destructive',
          }),
        )
        .finally(() => setPending(false));
    },
    // Step 1's fields are behind the owner by now: name them all; otherwise the first refusal, marked on its field.
    (errors) => {
      const first = Object.values(errors)[0]?.message;
      const description = vehicleFilled(getValues()) && first ? first : TRADE_IN_TEXTS.missingText;
      toast({ title: TRADE_IN_TEXTS.missingTitle, description, variant: 'destructive' });
    },
  );
  const restart = () => {
    setResult(null);
    reset(EMPTY_DRAFT);
  };

  const canContinue = step === 1 ? vehicleFilled({ vin, mileage, condition }) : step === 2 ? !busy.photos : true;
  return (
    <div
      className="mx-auto max-w-4xl px-4 py-10"
      data-testid="trade-in"
      data-step={step}
      data-draft={loaded && saved ? 'saved' : 'saving'}
    >
      <h1 className="text-3xl font-bold">Trade-In Your Vehicle</h1>
      <p className="mt-1 text-slate-600">Get a firm offer, valid for 7 days, in five steps.</p>
      <div className="mt-6">
        <div className="flex justify-between text-sm">
          <span id="ti-step-label" data-testid="ti-step-label">
            Step {step} of {STEPS.length}: {STEPS[step - 1]}
          </span>
          <span>{Math.round((step / STEPS.length) * 100)}%</span>
        </div>
        <div
          className="mt-2 h-2 rounded bg-slate-200"
          role="progressbar"
          aria-labelledby="ti-step-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round((step / STEPS.length) * 100)}
        >
          <div
            className="h-full rounded bg-brand-600 transition-all"
            style={{ width: `${(step / STEPS.length) * 100}%` }}
          />
        </div>
      </div>
      <div className="mt-6 rounded-xl border bg-white p-5">
        {!loaded && <p className="text-slate-500">Loading your draft…</p>}
        <FormProvider {...form}>
          {loaded && step === 1 && <VehicleStep />}
          {loaded && step === 2 && (
            <div>
              <p className="text-sm text-slate-600">
                Photos of the outside, the interior, the odometer and any damage.
              </p>
              <PhotoPicker
                initial={getValues('photos')}
                onChange={(urls, b) => {
                  setValue('photos', urls);
                  setBusy((s) => ({ ...s, photos: b }));
                }}
              />
            </div>
          )}
          {loaded && step === 3 && <ReviewStep draft={getValues()} />}
          {loaded && step === 4 && <OwnershipStep onTitleBusy={(b) => setBusy((s) => ({ ...s, title: b }))} />}
        </FormProvider>
        {step === 5 && result && <ResultsView result={result} onReset={restart} />}
        {loaded && step < 5 && (
          <div className="mt-6 flex justify-between">
            <Button
              disabled={step === 1}
              onClick={() => go((step - 1) as 1 | 2 | 3)}
              variant="outline"
              data-testid="ti-back"
            >
              Back
            </Button>
            {step < 4 ? (
              <Button
                disabled={!canContinue}
                onClick={() => go((step + 1) as 2 | 3 | 4)}
                variant="primary"
                data-testid="ti-continue"
              >
                Continue
              </Button>
            ) : (
              <Button
                disabled={pending || busy.title}
                onClick={() => void evaluate()}
                variant="primary"
                data-testid="ti-evaluate"
              >
                {pending ? 'Evaluating…' : 'Get My Offer'}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
