// The escrow terms where they are accepted: the text the escrow applies (shared escrow-terms.ts, from this sale's fee
// schedule and the escrow's deadlines), its version, and which version each party accepted.
import type { EscrowTransaction } from '@app/shared';
import { escrowTerms } from '@app/shared';

export function TermsPanel({ transaction: t }: { transaction: EscrowTransaction }) {
  const terms = escrowTerms(t.fees.schedule);
  const accepted = (side: 'buyer' | 'seller', done: boolean, version: string | null) =>
    !done
      ? `The ${side} has not accepted the terms yet.`
      : version
        ? `The ${side} accepted version ${version}${version === terms.version ? '' : ' (an earlier version)'}.`
        : `The ${side} accepted the terms before they were versioned.`;
  return (
    <section className="space-y-3 text-sm" data-testid="escrow-terms" aria-labelledby="escrow-terms-title">
      <h3 id="escrow-terms-title" className="font-semibold">
        Escrow terms <span className="font-normal text-slate-500">· version {terms.version}</span>
      </h3>
      <dl className="space-y-2">
        {terms.sections.map((s) => (
          <div key={s.title}>
            <dt className="font-medium text-slate-900">{s.title}</dt>
            <dd className="text-slate-700">{s.text}</dd>
          </div>
        ))}
      </dl>
      <ul className="text-slate-600" data-testid="terms-acceptances">
        <li>{accepted('buyer', t.buyerTermsAccepted, t.buyerTermsVersion)}</li>
        {t.sellerId !== null && <li>{accepted('seller', t.sellerTermsAccepted, t.sellerTermsVersion)}</li>}
      </ul>
    </section>
  );
}
