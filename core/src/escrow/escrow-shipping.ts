// Shipping: the seller enters how the car travels while the escrow is open (a carrier needs its tracking number);
// the rule is shared/src/domain/escrow-shipping.ts, and both parties are told.
import type { EventDeps } from '@app/infra';
import { decideShipping, shippingText, type EscrowStatus, type SessionUser, type ShippingDetails } from '@app/shared';
import { refusalError } from '../errors.js';
import { escrowNotices, withLockedEscrow } from './escrow-actions.js';
import { tellParties } from './escrow-notices.js';

export async function updateShipping(
  deps: EventDeps,
  input: ShippingDetails & { transactionId: number },
  user: SessionUser,
): Promise<{ status: EscrowStatus }> {
  return withLockedEscrow(
    deps,
    input.transactionId,
    { kind: 'user', userId: user.id },
    async (tx, outbox, e, actor) => {
      const verdict = decideShipping(e.status, actor, input);
      if (!verdict.ok) throw refusalError(verdict.refusal);
      const carrier = input.shippingMethod === 'carrier';
      await tx`
      update escrow_transactions set shipping_method = ${input.shippingMethod},
        pickup_location = coalesce(${input.pickupLocation ?? null}, pickup_location),
        inspection_location = coalesce(${input.inspectionLocation ?? null}, inspection_location),
        shipping_carrier = ${carrier ? (input.carrier ?? null) : null},
        shipping_tracking_number = ${carrier ? (input.trackingNumber ?? null) : null}, updated_at = now()
      where id = ${e.id}`;
      const drafts = escrowNotices(e, {
        actor: 'seller',
        status: e.status,
        milestone: null,
        text: shippingText(input),
      });
      await tellParties(tx, outbox, drafts);
      return { status: e.status };
    },
  );
}
