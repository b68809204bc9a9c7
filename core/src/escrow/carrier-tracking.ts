// The carrier's tracking, already verified by its signature: recorded once by its event id, then, when it names the
// tracking number the seller entered for this escrow, applied as `confirm_delivery` by the `carrier` actor. The buyer
// confirming the delivery at the same moment takes the same row lock: whichever comes second finds the car delivered
// and changes nothing, so the inspection period starts once.
import { randomBytes } from 'node:crypto';
import { commitWithEvents, type EventDeps } from '@app/infra';
import type { CarrierTrackingEvent } from '@app/shared';
import { Conflict, NotFound } from '../errors.js';
import { NO_ESCROW, applyEscrowAction } from './escrow-actions.js';
import { signWebhook, verifyWebhookSignature, type WebhookDelivery } from './payment-provider.js';

/**
 * The carrier's side of a shipment: it signs its tracking deliveries the way the payment provider does. The built-in
 * sandbox carrier reports a shipment delivered when asked (its tracking page's "delivered" scan) by a signed delivery
 * to POST /api/escrow/shipping/webhook, a moment later, as a real carrier's tracking webhook would.
 */
export class SandboxCarrier {
  readonly name = 'Sandbox Freight';
  readonly signatureHeader = 'carrier-signature';
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly secret: string,
    private readonly deliver: WebhookDelivery,
    private readonly onDeliveryError: (err: unknown) => void = () => {},
    private readonly delayMs = 150,
  ) {}

  verifySignature(rawBody: Buffer, signature: string | undefined, nowMs: number): boolean {
    return verifyWebhookSignature(this.secret, rawBody, signature, nowMs);
  }

  reportDelivered(transactionId: number, trackingNumber: string): void {
    const event: CarrierTrackingEvent = {
      id: `trk_sandbox_${randomBytes(12).toString('hex')}`,
      type: 'shipment.delivered',
      data: { transactionId, trackingNumber },
    };
    const body = JSON.stringify(event);
    const delivery = new Promise<void>((resolve) => setTimeout(resolve, this.delayMs))
      .then(() =>
        this.deliver(body, {
          'content-type': 'application/json',
          [this.signatureHeader]: signWebhook(this.secret, body, Date.now()),
        }),
      )
      .catch((err: unknown) => this.onDeliveryError(err))
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}

/**
 * The sandbox carrier's "delivered" scan for a party's shipment: only a carrier shipment with a tracking number on an
 * escrow this user takes part in; the escrow then moves only by the signed event, like any carrier's.
 */
export async function scanSandboxDelivery(
  deps: EventDeps & { carrier: SandboxCarrier },
  transactionId: number,
  userId: number,
): Promise<{ trackingNumber: string }> {
  const [e] = await deps.sql<{ trackingNumber: string | null; shippingMethod: string | null }[]>`
    select shipping_tracking_number as tracking_number, shipping_method from escrow_transactions
    where id = ${transactionId} and ${userId} in (buyer_id, seller_id)`;
  if (!e) throw new NotFound(NO_ESCROW);
  if (e.shippingMethod !== 'carrier' || !e.trackingNumber)
    throw new Conflict('This sale is not shipped with a carrier and a tracking number');
  deps.carrier.reportDelivered(transactionId, e.trackingNumber);
  return { trackingNumber: e.trackingNumber };
}

export type CarrierOutcome = 'applied' | 'duplicate' | 'ignored';

export async function receiveCarrierEvent(deps: EventDeps, event: CarrierTrackingEvent): Promise<CarrierOutcome> {
  return commitWithEvents(deps, async (tx, outbox): Promise<CarrierOutcome> => {
    const [fresh] = await tx`
      insert into carrier_webhook_events (event_id, event_type, transaction_id, payload)
      values (${event.id}, ${event.type}, (select id from escrow_transactions where id = ${event.data.transactionId}), ${tx.json(event)})
      on conflict (event_id) do nothing
      returning event_id`;
    if (!fresh) return 'duplicate';
    // A tracking number this escrow does not ship with (another shipment, a changed one) says nothing about this car.
    const [shipped] = await tx`
      select 1 from escrow_transactions
      where id = ${event.data.transactionId} and shipping_method = 'carrier' and shipping_tracking_number = ${event.data.trackingNumber}`;
    if (!shipped) return 'ignored';
    const r = await applyEscrowAction(tx, outbox, {
      transactionId: event.data.transactionId,
      action: 'confirm_delivery',
      caller: { kind: 'carrier' },
    });
    return r.ok && r.changed ? 'applied' : 'ignored';
  });
}
