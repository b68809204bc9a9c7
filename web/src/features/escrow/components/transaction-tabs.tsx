// The escrow page's tabs: progress (with the terms, once accepted), payment, documents, shipping, support.
import { ESCROW_INSPECTION_DAYS, type EscrowTransaction } from '@app/shared';
import { when } from '../utils/next-step';
import { DocumentsPanel } from './documents-panel';
import { PaymentPanel } from './payment-panel';
import { ShippingPanel } from './shipping-panel';
import { SupportPanel } from './support-panel';
import { TermsPanel } from './terms-panel';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui';

export function TransactionTabs({ transaction: t }: { transaction: EscrowTransaction }) {
  const done = t.milestones.filter((m) => m.status === 'completed').length;
  const progress = Math.round((100 * done) / Math.max(1, t.milestones.length));
  return (
    <Tabs defaultValue="overview" className="mt-8">
      {/* One row that scrolls sideways on a phone, rather than tabs wrapping onto a second line under the first. */}
      <TabsList className="flex-nowrap! gap-0! overflow-x-auto sm:gap-2!">
        {['overview', 'payment', 'documents', 'shipping', 'support'].map((v) => (
          <TabsTrigger key={v} value={v} className="shrink-0 whitespace-nowrap px-2! text-sm sm:px-3! sm:text-base">
            {v}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview" className="py-6">
        <p className="text-sm text-slate-600">Progress: {progress}%</p>
        <div className="mt-2 h-2 rounded bg-slate-200">
          <div className="h-2 rounded bg-emerald-500" style={{ width: `${progress}%` }} />
        </div>
        <ol className="mt-4 space-y-2">
          {t.milestones.map((m) => (
            <li
              key={m.id}
              className="flex justify-between rounded border bg-white px-3 py-2 text-sm"
              data-testid={`milestone-${m.milestone}`}
            >
              <span className="capitalize">{m.milestone.replaceAll('_', ' ')}</span>
              <span className={m.status === 'completed' ? 'text-emerald-700' : 'text-slate-500'}>{m.status}</span>
            </li>
          ))}
        </ol>
        <h3 className="mt-6 font-semibold">Notices</h3>
        <ul className="mt-2 space-y-1 text-sm" data-testid="escrow-notices">
          {t.notices.length === 0 && <li className="text-slate-500">Nothing yet.</li>}
          {t.notices.map((n, i) => (
            <li
              key={i}
              className="flex justify-between gap-4 rounded border bg-white px-3 py-2"
              data-testid="escrow-notice"
            >
              <span>{n.text}</span>
              <span className="shrink-0 text-slate-500">{when(n.at)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600" data-testid="inspection-period">
          The inspection period ({ESCROW_INSPECTION_DAYS} days) starts when the car is delivered
          {t.deliveredAt ? ` (delivered ${when(t.deliveredAt)})` : ''}
          {t.inspectionPeriodEnds ? ` and ends ${when(t.inspectionPeriodEnds)}` : ''}.
        </p>
        {/* Until this party accepts, the terms are shown with the Accept button above the tabs. */}
        {!t.nextActions.includes('accept_terms') && (
          <div className="mt-6 rounded border bg-white p-4">
            <TermsPanel transaction={t} />
          </div>
        )}
      </TabsContent>
      <TabsContent value="payment" className="py-6">
        <PaymentPanel transaction={t} />
      </TabsContent>
      <TabsContent value="documents" className="py-6">
        <DocumentsPanel transaction={t} />
      </TabsContent>
      <TabsContent value="shipping" className="py-6">
        <ShippingPanel transaction={t} />
      </TabsContent>
      <TabsContent value="support" className="py-6">
        <SupportPanel transaction={t} />
      </TabsContent>
    </Tabs>
  );
}
