// Step 4: ownership. Without a lien the title proves it (at least one photo); with a lien, the lienholder and the
// payoff quote, whose valid-through date may not have passed. The refusals come from the shared form contract.
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TITLE_PHOTOS_MAX, TRADE_IN_PAYOFF_DAYS, utcDate, type TradeInDraft } from '@app/shared';
import { PhotoPicker } from '../../../shared/vehicle';
import { filtered } from '../../../lib/filtered-input';
import { Field, Input } from '../../../components/ui';

const amountText = (text: string) => text.replace(/[^\d.]/g, '');

function Error({ text }: { text: string | undefined }) {
  return text ? (
    <span className="mt-1 block text-red-600" data-testid="ti-field-error">
      {text}
    </span>
  ) : null;
}

export function OwnershipStep({ onTitleBusy }: { onTitleBusy(busy: boolean): void }) {
  const { register, setValue, getValues, control } = useFormContext<TradeInDraft>();
  const { errors } = useFormState({ control });
  const hasLien = useWatch({ control, name: 'hasLien' });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="text-sm sm:col-span-2">
        <legend className="font-medium">Is there a loan or lien on this vehicle?</legend>
        <div className="mt-2 flex gap-4">
          {(
            [
              [false, 'No lien'],
              [true, 'Yes, there is a lien'],
            ] as const
          ).map(([value, label]) => (
            <label key={label} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="lien"
                checked={hasLien === value}
                onChange={() => setValue('hasLien', value)}
                data-testid={value ? 'ti-lien-yes' : 'ti-lien-no'}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="text-sm sm:col-span-2">
        <p className="font-medium">Title photos{hasLien ? ' (optional)' : ' *'}</p>
        <p className="text-slate-500">Front and back of the title: PNG or JPG, up to 10 MB each.</p>
        <PhotoPicker
          initial={getValues('titlePhotos')}
          types={['image/png', 'image/jpeg']}
          max={TITLE_PHOTOS_MAX}
          testId="ti-title"
          label="Add title photos"
          onChange={(urls, busy) => {
            setValue('titlePhotos', urls);
            onTitleBusy(busy);
          }}
        />
        <Error text={errors.titlePhotos?.message} />
      </div>
      {hasLien && (
        <>
          <p className="rounded bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2">
            A {TRADE_IN_PAYOFF_DAYS}-day payoff is required from the lienholder: it is paid out of the offer.
          </p>
          <Field label="Lienholder name *" error={errors.lienholderName?.message} errorTestId="ti-field-error">
            <Input {...register('lienholderName')} maxLength={120} data-testid="ti-lienholder" />
          </Field>
          <Field label="Payoff amount ($) *" error={errors.payoffAmount?.message} errorTestId="ti-field-error">
            <Input
              {...filtered(register('payoffAmount'), amountText)}
              maxLength={14}
              inputMode="decimal"
              data-testid="ti-payoff"
            />
          </Field>
          <Field label="Per diem ($ a day)" error={errors.payoffPerDiem?.message} errorTestId="ti-field-error">
            <Input
              {...filtered(register('payoffPerDiem'), amountText)}
              maxLength={8}
              inputMode="decimal"
              data-testid="ti-per-diem"
            />
          </Field>
          <Field label="Payoff valid through" error={errors.payoffValidDate?.message} errorTestId="ti-field-error">
            <Input
              type="date"
              {...register('payoffValidDate')}
              min={utcDate(new Date())}
              data-testid="ti-payoff-date"
            />
          </Field>
          <Field label="Lienholder contact">
            <Input {...register('lienholderContact')} maxLength={120} data-testid="ti-lien-contact" />
          </Field>
          <Field label="Lienholder address">
            <Input {...register('lienholderAddress')} maxLength={200} data-testid="ti-lien-address" />
          </Field>
        </>
      )}
    </div>
  );
}
