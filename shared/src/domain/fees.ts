// The one fee schedule of the marketplace. Every screen that shows money owed (the buy-now dialog, the escrow payment
// tab, /terms-of-service, /pricing) and every escrow the server opens computes from saleFees with the effective schedule
// (the standard one with the seller's commission an admin set: scheduleWithCommission), so they always agree. A
// schedule is always passed: no screen can fall back to the standard one while an admin's commission is in force.
// How the spec's figures were reconciled into this model is in docs/fees.md.
import { percentOfCents } from '../money.js';

export interface FeeSchedule {
  /** Paid by the buyer to the marketplace on every purchase (the terms' 5%; the spec's "processing fee"). */
  buyersPremiumBps: number;
  /** Escrow service fee paid by the buyer. */
  buyerEscrowFeeBps: number;
  /** Paid by the seller to the marketplace on every sale. */
  sellersCommissionBps: number;
  /** Escrow service fee paid by the seller. */
  sellerEscrowFeeBps: number;
}

/** The standard schedule: in force until an admin changes the seller's commission. */
export const FEE_SCHEDULE: FeeSchedule = {
  buyersPremiumBps: 500,
  buyerEscrowFeeBps: 250,
  sellersCommissionBps: 300,
  sellerEscrowFeeBps: 150,
};

export interface SaleFees {
  priceCents: number;
  buyersPremiumCents: number;
  buyerEscrowFeeCents: number;
  /** What the buyer pays in all: price + buyer's premium + buyer escrow fee. */
  buyerTotalCents: number;
  sellersCommissionCents: number;
  sellerEscrowFeeCents: number;
  /** What the seller receives: price - seller's commission - seller escrow fee. */
  sellerProceedsCents: number;
}

/** Each fee is rounded half up to the cent on its own, and the totals add the rounded lines, so every line adds up exactly. */
export function saleFees(priceCents: number, schedule: FeeSchedule): SaleFees {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new Error(`bad price in cents: ${priceCents}`);
  const buyersPremiumCents = percentOfCents(priceCents, schedule.buyersPremiumBps);
  const buyerEscrowFeeCents = percentOfCents(priceCents, schedule.buyerEscrowFeeBps);
  const sellersCommissionCents = percentOfCents(priceCents, schedule.sellersCommissionBps);
  const sellerEscrowFeeCents = percentOfCents(priceCents, schedule.sellerEscrowFeeBps);
  return {
    priceCents,
    buyersPremiumCents,
    buyerEscrowFeeCents,
    buyerTotalCents: priceCents + buyersPremiumCents + buyerEscrowFeeCents,
    sellersCommissionCents,
    sellerEscrowFeeCents,
    sellerProceedsCents: priceCents - sellersCommissionCents - sellerEscrowFeeCents,
  };
}

/** "5%", "2.5%": basis points as people read them. */
export function percentText(bps: number): string {
  return `${bps % 100 === 0 ? bps / 100 : (bps / 100).toFixed(bps % 10 === 0 ? 1 : 2)}%`;
}

export interface FeeLine {
  label: string;
  cents: number;
}

/** The lines a buyer sees, ending with the total due. */
export function buyerFeeLines(f: SaleFees, schedule: FeeSchedule): FeeLine[] {
  return [
    { label: 'Vehicle price', cents: f.priceCents },
    { label: `Buyer's premium (${percentText(schedule.buyersPremiumBps)})`, cents: f.buyersPremiumCents },
    { label: `Escrow fee (${percentText(schedule.buyerEscrowFeeBps)})`, cents: f.buyerEscrowFeeCents },
    { label: 'Total due', cents: f.buyerTotalCents },
  ];
}

/** The lines a seller sees, ending with what they receive. */
export function sellerFeeLines(f: SaleFees, schedule: FeeSchedule): FeeLine[] {
  return [
    { label: 'Sale price', cents: f.priceCents },
    { label: `Seller's commission (${percentText(schedule.sellersCommissionBps)})`, cents: -f.sellersCommissionCents },
    { label: `Escrow fee (${percentText(schedule.sellerEscrowFeeBps)})`, cents: -f.sellerEscrowFeeCents },
    { label: 'You receive', cents: f.sellerProceedsCents },
  ];
}

/** The schedule with the seller's commission an admin set (a whole percent); anything else keeps the standard schedule. */
export function scheduleWithCommission(commissionPct: unknown, base: FeeSchedule = FEE_SCHEDULE): FeeSchedule {
  if (typeof commissionPct !== 'number' || !Number.isInteger(commissionPct) || commissionPct < 0 || commissionPct > 100)
    return base;
  return { ...base, sellersCommissionBps: commissionPct * 100 };
}
