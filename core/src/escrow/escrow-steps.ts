// The steps a party or an admin takes on an escrow (accept the terms, complete a milestone, an admin's action): each
// one goes through performEscrowAction, the state machine under the escrow's row lock.
import type { EventDeps } from '@app/infra';
import {
  MILESTONE_ACTION,
  escrowTerms,
  type EscrowAction,
  type FeeSchedule,
  type EscrowMilestone,
  type EscrowStatus,
  type SessionUser,
} from '@app/shared';
import { Conflict, refusalError } from '../errors.js';
import { performEscrowAction, type EscrowActionResult, type EscrowCaller } from './escrow-actions.js';

/** A step's answer to its caller: the refusal as an error, else whether it changed the escrow and where it left it. */
export function stepAnswer(r: EscrowActionResult): { changed: boolean; status: EscrowStatus } {
  if (!r.ok) throw refusalError(r.refusal);
  return { changed: r.changed, status: r.status };
}

/**
 * A party accepts the terms: the version they were shown (`termsVersion`, else the current one) is recorded with the
 * acceptance; a version the escrow's terms no longer have is refused, so nobody accepts words they did not see.
 */
export async function acceptTerms(
  deps: EventDeps,
  transactionId: number,
  role: 'buyer' | 'seller',
  user: SessionUser,
  termsVersion?: string,
) {
  return stepAnswer(
    await performEscrowAction(
      deps,
      { transactionId, action: 'accept_terms', caller: { kind: 'user', userId: user.id, as: role } },
      async (tx, escrow) => {
        const [row] = await tx<{ fees: { schedule: FeeSchedule } }[]>`
          select fees from escrow_transactions where id = ${escrow.id}`;
        const current = escrowTerms(row!.fees.schedule).version;
        if (termsVersion !== undefined && termsVersion !== current)
          throw new Conflict(`The escrow terms have changed (version ${current}): review them and accept again`);
        await tx`
          update escrow_transactions set
            buyer_terms_version = case when ${role === 'buyer'} then ${current} else buyer_terms_version end,
            seller_terms_version = case when ${role === 'seller'} then ${current} else seller_terms_version end
          where id = ${escrow.id}`;
      },
    ),
  );
}

/** The spec's `complete-milestone`: the milestone names the step; the state machine decides who may take it. */
export async function completeMilestone(
  deps: EventDeps,
  input: { transactionId: number; milestone: EscrowMilestone; notes?: string },
  caller: EscrowCaller,
) {
  const action = MILESTONE_ACTION[input.milestone];
  if (!action) throw new Conflict('The escrow_created milestone is completed when the sale happens');
  return stepAnswer(
    await performEscrowAction(deps, { transactionId: input.transactionId, action, caller, notes: input.notes }),
  );
}

export async function takeEscrowAction(
  deps: EventDeps,
  input: { transactionId: number; action: EscrowAction; notes?: string },
  caller: EscrowCaller,
) {
  return stepAnswer(await performEscrowAction(deps, { ...input, caller }));
}
