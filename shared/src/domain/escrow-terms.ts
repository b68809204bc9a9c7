// The escrow terms both parties accept, written from the same figures the escrow applies (its fee schedule, the
// payment deadlines, the inspection period, the dispute rules), so the text can never say one thing while the code does
// another. Its version is a digest of the text: any change to a figure or a word is a new version, and each party's
// acceptance records the version they saw.
import { ESCROW_INSPECTION_DAYS, ESCROW_PAYMENT_DUE_HOURS } from '../constants.js';
import { ESCROW_BALANCE_DUE_DAYS, ESCROW_DEPOSIT_BPS } from './escrow-payments.js';
import { percentText, type FeeSchedule } from './fees.js';

export interface EscrowTermsSection {
  title: string;
  text: string;
}

export interface EscrowTerms {
  version: string;
  sections: EscrowTermsSection[];
}

export function escrowTermsSections(fees: FeeSchedule): EscrowTermsSection[] {
  return [
    {
      title: 'Fees',
      text: `The buyer pays the price, a buyer's premium of ${percentText(fees.buyersPremiumBps)} and an escrow fee of ${percentText(fees.buyerEscrowFeeBps)} of the price. The seller pays a commission of ${percentText(fees.sellersCommissionBps)} and an escrow fee of ${percentText(fees.sellerEscrowFeeBps)} of the price, taken from the funds released.`,
    },
    {
      title: 'Payment',
      text: `Both parties accept these terms before any payment. The buyer pays the whole amount, or a deposit of ${percentText(ESCROW_DEPOSIT_BPS)} of it, within ${ESCROW_PAYMENT_DUE_HOURS} hours of the sale, and the balance within ${ESCROW_BALANCE_DUE_DAYS} days of the sale. A sale with nothing paid after ${ESCROW_PAYMENT_DUE_HOURS} hours is cancelled. Every payment is held in escrow; the seller receives nothing before the funds are released.`,
    },
    {
      title: 'Documents and delivery',
      text: 'The seller uploads the title, the bill of sale and an inspection report, and an escrow agent verifies them. The seller ships the car (with a carrier and its tracking number) or arranges a pickup. The car is delivered when the buyer confirms it or the carrier’s tracking reports it.',
    },
    {
      title: 'Inspection and release',
      text: `The buyer has ${ESCROW_INSPECTION_DAYS} days from delivery to inspect the car. The funds are released to the seller when the buyer confirms the inspection, or when the ${ESCROW_INSPECTION_DAYS} days end without a dispute, and only once the documents are verified.`,
    },
    {
      title: 'Disputes',
      text: 'Either party may open a dispute before the funds are released; the funds stay held and no payment is taken while a mediator reviews it. The mediator releases the funds to the seller, refunds the buyer, or splits them. On a sale paid in full the decision completes or refunds the sale. On a sale with a balance still owed the decision ends the sale: nothing more is owed, and only what the buyer paid is refunded or released. A payment that arrives after a sale has ended is refunded in full.',
    },
  ];
}

/** A short digest of the text (FNV-1a, 32 bits): the same words give the same version everywhere. */
export function termsDigest(sections: readonly EscrowTermsSection[]): string {
  let h = 0x811c9dc5;
  for (const ch of sections.map((s) => `${s.title}\n${s.text}`).join('\n\n')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export function escrowTerms(fees: FeeSchedule): EscrowTerms {
  const sections = escrowTermsSections(fees);
  return { version: termsDigest(sections), sections };
}
