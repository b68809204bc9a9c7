// The escrow page's reference tabs: progress, payment and fees, documents, shipping, support.
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { ESCROW_INSPECTION_DAYS, toCents, type EscrowTransaction } from '@app/shared';
import { FeeBreakdown } from './fee-breakdown';
import { when } from '../utils/next-step';

export function TransactionTabs({ transaction: t }: { transaction: EscrowTransaction }) {
  const done = t.milestones.filter((m) => m.status === 'completed').length;
  const progress = Math.round((100 * done) / Math.max(1, t.milestones.length));
  return (
    <Tabs.Root defaultValue="overview" className="mt-8">
      <Tabs.List className="flex flex-wrap gap-2 border-b">
        {['overview', 'payment', 'documents', 'shipping', 'support'].map((v) => (
          <Tabs.Trigger key={v} value={v} className="px-3 py-2 capitalize data-[state=active]:border-b-2 data-[state=active]:border-brand-600">{v}</Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="overview" className="py-6">
        <p className="text-sm text-slate-600">Progress: {progress}%</p>
        <div className="mt-2 h-2 rounded bg-slate-200"><div className="h-2 rounded bg-emerald-500" style={{ width: `${progress}%` }} /></div>
        <ol className="mt-4 space-y-2">
          {t.milestones.map((m) => (
            <li key={m.id} className="flex justify-between rounded border bg-white px-3 py-2 text-sm">
              <span className="capitalize">{m.milestone.replaceAll('_', ' ')}</span>
              <span className={m.status === 'completed' ? 'text-emerald-700' : 'text-slate-500'}>{m.status}</span>
            </li>
          ))}
        </ol>
      </Tabs.Content>
      <Tabs.Content value="payment" className="space-y-3 py-6 text-sm">
        <div className="max-w-md">
          <FeeBreakdown priceCents={toCents(t.amount)} side={t.role} schedule={t.fees.schedule} />
        </div>
        {t.paymentDueAt && <p className="text-slate-600">Payment due by {when(t.paymentDueAt)}.</p>}
        <p className="text-slate-600">
          The inspection period ({ESCROW_INSPECTION_DAYS} days) starts when the documents are verified
          {t.inspectionPeriodEnds ? ` and ends ${when(t.inspectionPeriodEnds)}` : ''}.
        </p>
      </Tabs.Content>
      <Tabs.Content value="documents" className="py-6">
        <ul className="space-y-2 text-sm">
          {t.documents.map((d) => (
            <li key={d.documentType} className="flex justify-between rounded border bg-white px-3 py-2">
              <span className="capitalize">{d.documentType.replaceAll('_', ' ')}</span>
              <span className={d.verificationStatus === 'verified' ? 'text-emerald-700' : 'text-amber-700'}>{d.verificationStatus}</span>
            </li>
          ))}
        </ul>
      </Tabs.Content>
      <Tabs.Content value="shipping" className="space-y-1 py-6 text-sm">
        <p>Shipping method: {t.shippingMethod ?? 'To be arranged'}</p>
        <p>Pickup location: {t.pickupLocation ?? t.auction.location}</p>
        <p>Inspection location: {t.inspectionLocation ?? 'To be arranged'}</p>
      </Tabs.Content>
      <Tabs.Content value="support" className="py-6 text-sm">
        <p>Questions about this transaction? <Link to="/contact" className="text-brand-600 underline">Contact support</Link>.</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
