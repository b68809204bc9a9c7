import { amountVerdict, parseMoneyToCents, toCents } from '@app/shared';

/**
 * Client-side rule from the spec: empty, or not above the current bid, is refused without a request ("Bid must be
 * higher than ..."); an amount with cents gets the shared rule's own message.
 */
export function validateBidInput(amount: string, currentBid: string): { ok: true; cents: number } | { ok: false; message?: string } {
  const cents = amount.trim() === '' ? null : parseMoneyToCents(amount);
  if (cents === null || cents <= toCents(currentBid)) return { ok: false };
  const verdict = amountVerdict(cents);
  if (!verdict.ok) return { ok: false, message: verdict.refusal.message };
  return { ok: true, cents };
}
