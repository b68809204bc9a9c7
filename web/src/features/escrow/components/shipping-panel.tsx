// The shipping tab: the seller says how the car travels and where it can be inspected; the buyer sees it.
import { useState } from 'react';
import { decideShipping, type EscrowTransaction } from '@app/shared';
import { enterShipping, type Shipping } from '../api/escrow-steps';
import { useEscrowStep } from './use-escrow-step';
import { Button, Field, Input, Select } from '../../../components/ui';

export function ShippingPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  const [form, setForm] = useState<Shipping>({
    shippingMethod: t.shippingMethod === 'pickup' ? 'pickup' : 'carrier',
    carrier: t.shippingCarrier ?? '',
    trackingNumber: t.shippingTrackingNumber ?? '',
    pickupLocation: t.pickupLocation ?? t.auction.location,
    inspectionLocation: t.inspectionLocation ?? '',
  });
  const save = useEscrowStep(t.auction.id, (s: Shipping) => enterShipping(t, s), {
    done: 'Shipping details saved',
    failed: 'Failed to save shipping details',
  });
  const editable =
    t.role === 'seller' && decideShipping(t.status, 'seller', { shippingMethod: 'pickup', pickupLocation: 'x' }).ok;
  const text = (name: 'carrier' | 'trackingNumber' | 'pickupLocation' | 'inspectionLocation', labelText: string) => (
    <Field label={labelText}>
      <Input value={form[name] ?? ''} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </Field>
  );
  return (
    <div className="grid gap-6 text-sm md:grid-cols-2">
      <dl className="space-y-1" data-testid="shipping-details">
        <div>
          <dt className="inline font-medium">Shipping method: </dt>
          <dd className="inline">{t.shippingMethod ?? 'To be arranged'}</dd>
        </div>
        {t.shippingMethod === 'carrier' && (
          <div>
            <dt className="inline font-medium">Carrier and tracking: </dt>
            <dd className="inline" data-testid="tracking">
              {t.shippingCarrier} {t.shippingTrackingNumber}
            </dd>
          </div>
        )}
        <div>
          <dt className="inline font-medium">Pickup location: </dt>
          <dd className="inline">{t.pickupLocation ?? t.auction.location}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Inspection location: </dt>
          <dd className="inline">{t.inspectionLocation ?? 'To be arranged'}</dd>
        </div>
      </dl>
      {editable && (
        <form
          className="space-y-2 rounded-lg border bg-white p-4"
          data-testid="shipping-form"
          onSubmit={(e) => {
            e.preventDefault();
            const trimmed = Object.fromEntries(
              Object.entries(form).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
            ) as Shipping;
            save.mutate({ ...trimmed, shippingMethod: form.shippingMethod });
          }}
        >
          <Field label="Method">
            <Select
              value={form.shippingMethod}
              onChange={(e) => setForm({ ...form, shippingMethod: e.target.value as Shipping['shippingMethod'] })}
            >
              <option value="carrier">Carrier</option>
              <option value="pickup">Pickup</option>
            </Select>
          </Field>
          {form.shippingMethod === 'carrier' ? (
            <>
              {text('carrier', 'Carrier')}
              {text('trackingNumber', 'Tracking number')}
            </>
          ) : (
            text('pickupLocation', 'Pickup location')
          )}
          {text('inspectionLocation', 'Inspection location')}
          <Button type="submit" disabled={save.isPending} variant="dark">
            Save shipping
          </Button>
        </form>
      )}
    </div>
  );
}
