import {
  ESCROW_BUYER_FEE_BPS,
  ESCROW_PROCESSING_FEE_BPS,
  ESCROW_PROCESSING_FEE_FIXED_CENTS,
  ESCROW_SELLER_FEE_BPS,
} from './constants.js';
import { percentOfCents } from './money.js';

export interface EscrowFeesCents {
  buyerFeeCents: number;
  sellerFeeCents: number;
  paymentProcessingFeeCents: number;
  buyerTotalCents: number;
  sellerPayoutCents: number;
}

/** Buyer pays amount + buyer fee + processing; seller receives amount - seller fee (spec part 2 section 9). */
export function escrowFees(amountCents: number): EscrowFeesCents {
  const buyerFeeCents = percentOfCents(amountCents, ESCROW_BUYER_FEE_BPS);
  const sellerFeeCents = percentOfCents(amountCents, ESCROW_SELLER_FEE_BPS);
  const paymentProcessingFeeCents =
    percentOfCents(amountCents, ESCROW_PROCESSING_FEE_BPS) + ESCROW_PROCESSING_FEE_FIXED_CENTS;
  return {
    buyerFeeCents,
    sellerFeeCents,
    paymentProcessingFeeCents,
    buyerTotalCents: amountCents + buyerFeeCents,
    sellerPayoutCents: amountCents - sellerFeeCents,
  };
}

/** The buy-now dialog's 95% vehicle / 5% processing split, exact in cents. */
export function buyNowSplit(priceCents: number): { vehicleCents: number; processingCents: number } {
  const processingCents = percentOfCents(priceCents, 500);
  return { vehicleCents: priceCents - processingCents, processingCents };
}
