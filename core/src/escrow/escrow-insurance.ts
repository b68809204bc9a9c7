// Transit insurance: the buyer adds the sample-rate policy before paying, and its premium joins the schedule as a
// `fee` line paid with the rest. When the buyer may add it is shared/src/domain/escrow-insurance.ts.
import type { EventDeps } from '@app/infra';
import {
  TRANSIT_INSURANCE,
  centsToDecimal,
  decideInsurance,
  insuranceQuote,
  toCents,
  type SessionUser,
} from '@app/shared';
import { refusalError } from '../errors.js';
import { escrowNotices, withLockedEscrow } from './escrow-actions.js';
import { tellParties } from './escrow-notices.js';

export async function addInsurance(
  deps: EventDeps,
  transactionId: number,
  user: SessionUser,
): Promise<{ policyNumber: string }> {
  return withLockedEscrow(deps, transactionId, { kind: 'user', userId: user.id }, async (tx, outbox, e, actor) => {
    const [existing] =
      await tx`select 1 from transaction_insurance where transaction_id = ${e.id} and status = 'active'`;
    const verdict = decideInsurance(e.status, actor, existing !== undefined, e.paymentIntentId !== null);
    if (!verdict.ok) throw refusalError(verdict.refusal);
    const quote = insuranceQuote(toCents(e.amount));
    const policyNumber = `SBX-${e.id}-${e.dbNow.getTime().toString(36).toUpperCase()}`;
    await tx`
      insert into transaction_insurance (transaction_id, insurance_provider, policy_number, coverage_amount, coverage_type, premium, effective_date, expiration_date)
      values (${e.id}, ${TRANSIT_INSURANCE.provider}, ${policyNumber}, ${centsToDecimal(quote.coverageCents)}, ${TRANSIT_INSURANCE.coverageType},
              ${centsToDecimal(quote.premiumCents)}, now(), now() + ${TRANSIT_INSURANCE.termDays} * interval '1 day')`;
    await tx`
      insert into payment_schedules (transaction_id, payment_type, amount, due_date, metadata)
      values (${e.id}, 'fee', ${centsToDecimal(quote.premiumCents)}, coalesce(${e.paymentDueAt}, now()), ${tx.json({ for: 'transit_insurance', policyNumber })})`;
    const drafts = escrowNotices(e, {
      actor: 'buyer',
      status: e.status,
      milestone: null,
      text: `The buyer added transit insurance (policy ${policyNumber})`,
    });
    await tellParties(tx, outbox, drafts);
    return { policyNumber };
  });
}
