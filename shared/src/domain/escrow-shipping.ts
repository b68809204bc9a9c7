// Shipping: the seller says how the car travels (pickup or a carrier with its tracking number) and where it can be
// inspected; the buyer sees it. Only while the sale is still open.
import type { EscrowStatus } from './escrow-machine.js';
import { ALLOWED, refuse, type Verdict } from './refusal.js';

export const SHIPPING_METHODS = ['pickup', 'carrier'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export interface ShippingDetails {
  shippingMethod: ShippingMethod;
  pickupLocation?: string | undefined;
  inspectionLocation?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
}

const OPEN: readonly EscrowStatus[] = ['pending', 'funded', 'in_inspection'];

export function decideShipping(status: EscrowStatus, actor: string, d: ShippingDetails): Verdict {
  if (actor !== 'seller') return refuse('forbidden', 'Only the seller can enter the shipping details');
  if (!OPEN.includes(status))
    return refuse('conflict', `This transaction is ${status.replace('_', ' ')}: shipping can no longer change`);
  if (d.shippingMethod === 'carrier' && (!d.carrier || !d.trackingNumber))
    return refuse('invalid', 'A carrier shipment needs the carrier and its tracking number');
  if (d.shippingMethod === 'pickup' && !d.pickupLocation)
    return refuse('invalid', 'A pickup needs the pickup location');
  return ALLOWED;
}

/** The buyer's notice. */
export function shippingText(d: ShippingDetails): string {
  return d.shippingMethod === 'carrier'
    ? `The seller shipped the car with ${d.carrier}, tracking number ${d.trackingNumber}`
    : `The seller set up a pickup at ${d.pickupLocation}`;
}
