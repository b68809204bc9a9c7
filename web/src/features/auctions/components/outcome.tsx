import type { Outcome } from '@app/shared';

const TONE: Record<Outcome['kind'], string> = {
  sold: 'bg-emerald-100 text-emerald-800',
  'bought-now': 'bg-emerald-100 text-emerald-800',
  'reserve-not-met': 'bg-amber-100 text-amber-900',
  'no-bids': 'bg-slate-200 text-slate-800',
  closing: 'bg-slate-200 text-slate-800',
};

/** How an ended auction ended, where a live one shows its countdown. */
export function OutcomeText({
  outcome,
  short = false,
}: {
  outcome: Outcome;
  /** Beside the price, which already says the amount. */ short?: boolean;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[outcome.kind]}`}
      data-testid="outcome"
    >
      {short ? outcome.label : outcome.text}
    </span>
  );
}
