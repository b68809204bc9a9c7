// Selling a car, in steps: photos and the car's details, its AI valuation, then the auction terms for an admin to approve.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { formatMoney, LITTLE_MARKET_DATA_TEXT, type CarValuationResponse } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMe } from '../../../shared/session';
import { FeatureOffNotice, useFeatureOn } from '../../../shared/config';
import { ValuationEvidence, PhotoPicker } from '../../../shared/vehicle';
import { createCar, valueCar, type CarDetails } from '../api/cars';
import { AuctionTermsForm } from './auction-terms-form';
import { CarForm } from './car-form';
import { Button } from '../../../components/ui';

export function SubmitPage() {
  const me = useMe();
  const [photos, setPhotos] = useState<{ urls: string[]; uploading: boolean }>({ urls: [], uploading: false });
  // The car is created once and kept while nothing about it changes, so a retried valuation does not create another.
  const [carId, setCarId] = useState<number | null>(null);
  const [valuation, setValuation] = useState<CarValuationResponse | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const valuing = useFeatureOn('aiValuation') !== false;
  const forgetCar = () => {
    setCarId(null);
    setValuation(null);
  };

  const value = useMutation({
    mutationFn: async (car: CarDetails) => {
      const id = carId ?? (await createCar({ ...car, images: photos.urls }));
      setCarId(id);
      return valuing ? valueCar(id) : null;
    },
    onSuccess: (v) => {
      if (!v) return;
      setValuation(v);
      toast({ title: 'AI Valuation Complete!', description: `Estimated value ${formatMoney(v.aiEstimatedValue)}` });
    },
    onError: (err) =>
      toast({
        title: valuing ? 'Failed to get AI valuation' : 'Failed to save the car',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      }),
  });

  if (me.data && !me.data.user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Sell Your Car</h1>
        <p className="mt-2 text-slate-600">Sign in to list a car and get its AI valuation.</p>
        <Button asChild variant="primary" className="mt-6">
          <Link to="/login?next=/submit">Sign in</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Sell Your Car</h1>
      <section className="mt-6 rounded-xl border bg-white p-5">
        <h2 className="font-semibold">Photos</h2>
        <p className="text-sm text-slate-600">At least one image is required.</p>
        <PhotoPicker
          onChange={(urls, uploading) => {
            setPhotos({ urls, uploading });
            forgetCar();
          }}
        />
      </section>
      {!valuing && (
        <FeatureOffNotice feature="aiValuation">
          Your car is listed without an estimate; the auction terms are up to you.
        </FeatureOffNotice>
      )}
      <CarForm
        photos={{ count: photos.urls.length, uploading: photos.uploading }}
        pending={value.isPending}
        valuing={valuing}
        onValue={(car) => value.mutate(car)}
        onChanged={forgetCar}
      />
      {valuation && (
        <section className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="valuation-result">
          <p className="text-sm font-semibold text-emerald-900">AI estimated value</p>
          <p className="text-3xl font-bold text-emerald-900">
            {valuation.valuation.littleMarketData ? LITTLE_MARKET_DATA_TEXT : formatMoney(valuation.aiEstimatedValue)}
          </p>
          <p className="text-sm text-emerald-800" data-testid="valuation-range">
            Likely {formatMoney(valuation.valuation.low)} – {formatMoney(valuation.valuation.high)} ·{' '}
            {valuation.aiConfidence}% confidence · about {valuation.aiDaysToSell} to sell
          </p>
          <ValuationEvidence report={valuation.valuation} />
        </section>
      )}
      {(valuation || !valuing) && carId !== null && !submitted && (
        <AuctionTermsForm carId={carId} onSubmitted={() => setSubmitted(true)} />
      )}
      {submitted && (
        <p className="mt-6 rounded-lg bg-slate-100 p-4" data-testid="submitted">
          Submitted. An admin reviews your auction before it goes live.
        </p>
      )}
    </div>
  );
}
