// Step 4: ownership. Without a lien the title proves it (at least one photo); with a lien, the lienholder and the
// payoff quote, whose valid-through date may not have passed. The refusals come from the shared form contract.
import { TITLE_PHOTOS_MAX, TRADE_IN_PAYOFF_DAYS, utcDate, type TradeInDraft } from '@app/shared';
import { PhotoPicker } from '../../selling';

const input = 'mt-1 w-full rounded border px-3 py-2';

function Error({ text }: { text: string | undefined }) {
  return text ? <span className="mt-1 block text-red-600" data-testid="ti-field-error">{text}</span> : null;
}

export function OwnershipStep({ draft, update, errors, onTitleBusy }: {
  draft: TradeInDraft;
  update(change: Partial<TradeInDraft>): void;
  errors: Record<string, string>;
  onTitleBusy(busy: boolean): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="text-sm sm:col-span-2">
        <legend className="font-medium">Is there a loan or lien on this vehicle?</legend>
        <div className="mt-2 flex gap-4">
          {([[false, 'No lien'], [true, 'Yes, there is a lien']] as const).map(([value, label]) => (
            <label key={label} className="inline-flex items-center gap-2">
              <input type="radio" name="lien" checked={draft.hasLien === value} onChange={() => update({ hasLien: value })} data-testid={value ? 'ti-lien-yes' : 'ti-lien-no'} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="text-sm sm:col-span-2">
        <p className="font-medium">Title photos{draft.hasLien ? ' (optional)' : ' *'}</p>
        <p className="text-slate-500">Front and back of the title: PNG or JPG, up to 10 MB each.</p>
        <PhotoPicker
          initial={draft.titlePhotos}
          types={['image/png', 'image/jpeg']}
          max={TITLE_PHOTOS_MAX}
          testId="ti-title"
          label="Add title photos"
          onChange={(urls, busy) => {
            update({ titlePhotos: urls });
            onTitleBusy(busy);
          }}
        />
        <Error text={errors.titlePhotos} />
      </div>
      {draft.hasLien && (
        <>
          <p className="rounded bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2">
            A {TRADE_IN_PAYOFF_DAYS}-day payoff is required from the lienholder: it is paid out of the offer.
          </p>
          <label className="text-sm">
            Lienholder name *
            <input value={draft.lienholderName} onChange={(e) => update({ lienholderName: e.target.value.slice(0, 120) })} className={input} data-testid="ti-lienholder" />
            <Error text={errors.lienholderName} />
          </label>
          <label className="text-sm">
            Payoff amount ($) *
            <input value={draft.payoffAmount} onChange={(e) => update({ payoffAmount: e.target.value.replace(/[^\d.]/g, '').slice(0, 14) })} inputMode="decimal" className={input} data-testid="ti-payoff" />
            <Error text={errors.payoffAmount} />
          </label>
          <label className="text-sm">
            Per diem ($ a day)
            <input value={draft.payoffPerDiem} onChange={(e) => update({ payoffPerDiem: e.target.value.replace(/[^\d.]/g, '').slice(0, 8) })} inputMode="decimal" step="0.01" className={input} data-testid="ti-per-diem" />
            <Error text={errors.payoffPerDiem} />
          </label>
          <label className="text-sm">
            Payoff valid through
            <input type="date" value={draft.payoffValidDate} min={utcDate(new Date())} onChange={(e) => update({ payoffValidDate: e.target.value })} className={input} data-testid="ti-payoff-date" />
            <Error text={errors.payoffValidDate} />
          </label>
          <label className="text-sm">
            Lienholder contact
            <input value={draft.lienholderContact} onChange={(e) => update({ lienholderContact: e.target.value.slice(0, 120) })} className={input} data-testid="ti-lien-contact" />
          </label>
          <label className="text-sm">
            Lienholder address
            <input value={draft.lienholderAddress} onChange={(e) => update({ lienholderAddress: e.target.value.slice(0, 200) })} className={input} data-testid="ti-lien-address" />
          </label>
        </>
      )}
    </div>
  );
}
