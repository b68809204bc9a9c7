// The listing's vehicle history report card (spec part 1): requested as soon as the car has a VIN, re-requestable,
// score coloured by band, a preview (2 recalls then "+N more") and full details that expand and collapse. Sections the
// sample generator filled are labelled "sample data"; facts this marketplace recorded are labelled as such.
import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import {
  HISTORY_PREVIEW_RECALLS,
  HISTORY_SERVICE_MAX,
  formatCents,
  historyScoreBand,
  recallIsWarning,
  titleIsWarning,
  type VehicleHistoryReport,
} from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useHistoryReport } from '../api/history-report';
import { Button } from '../../../components/ui';

type Section = VehicleHistoryReport['sampleSections'][number];
const BAND_CLASS = {
  good: 'text-green-700 bg-green-50',
  fair: 'text-amber-700 bg-amber-50',
  poor: 'text-red-700 bg-red-50',
} as const;
const usd = (dollars: number) => formatCents(dollars * 100);

function Sample({ report, section }: { report: VehicleHistoryReport; section: Section }) {
  return report.sampleSections.includes(section) ? (
    <span
      className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-800"
      data-testid="sample-label"
    >
      sample data
    </span>
  ) : null;
}
function Source({ source }: { source: 'platform' | 'provider' | 'sample' }) {
  if (source === 'platform')
    return (
      <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800" data-testid="platform-label">
        recorded on this marketplace
      </span>
    );
  if (source === 'sample')
    return <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">sample data</span>;
  return null;
}

export function HistoryReportCard({ vin }: { vin: string | null }) {
  const q = useHistoryReport(vin);
  const [open, setOpen] = useState(false);
  if (!vin) return null;
  return (
    <section className="rounded-xl border bg-white p-5" data-testid="history-report">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-semibold">Vehicle History Report</h2>
        <Button
          onClick={() => void q.refetch()}
          disabled={q.isFetching}
          variant="outline"
          size="sm"
          data-testid="history-refresh"
        >
          <RefreshCw className={`h-4 w-4 ${q.isFetching ? 'animate-spin' : ''}`} /> Refresh Report
        </Button>
      </div>
      {q.isPending && <p className="mt-3 text-slate-500">Loading vehicle history…</p>}
      {q.isError && (
        <div
          role="alert"
          className="mt-3 rounded border border-red-200 bg-red-50 p-3 text-red-800"
          data-testid="history-unavailable"
        >
          <p className="font-semibold">Report Unavailable</p>
          <p className="text-sm">
            {q.error instanceof ApiError
              ? (q.error.serverMessage ?? 'Failed to fetch Carfax report')
              : 'Failed to fetch Carfax report'}
          </p>
        </div>
      )}
      {q.data && <Report report={q.data} open={open} toggle={() => setOpen((o) => !o)} />}
    </section>
  );
}

function Report({ report: r, open, toggle }: { report: VehicleHistoryReport; open: boolean; toggle(): void }) {
  const band = historyScoreBand(r.score);
  const extra = r.recalls.length - HISTORY_PREVIEW_RECALLS;
  return (
    <div className="mt-3 text-sm">
      <div className="flex items-center gap-3">
        <span
          className={`rounded-lg px-3 py-2 text-2xl font-bold ${BAND_CLASS[band]}`}
          data-testid="history-score"
          data-band={band}
        >
          {r.score}
        </span>
        <span className="text-slate-500">History score out of 100 · provider: {r.provider}</span>
      </div>
      <h3 className="mt-4 font-semibold">
        Summary
        <Sample report={r} section="vehicleHistory" />
      </h3>
      <dl className="mt-1 grid grid-cols-2 gap-1">
        <dt className="text-slate-500">Owners</dt>
        <dd>{r.vehicleHistory.totalOwners}</dd>
        <dt className="text-slate-500">Accidents</dt>
        <dd className={r.vehicleHistory.accidentHistory ? 'text-red-700' : ''}>
          {r.vehicleHistory.accidentHistory ? 'Reported' : 'None reported'}
        </dd>
        <dt className="text-slate-500">Service records</dt>
        <dd>{r.vehicleHistory.serviceRecords}</dd>
        <dt className="text-slate-500">Title issues</dt>
        <dd className={r.vehicleHistory.titleIssues ? 'text-red-700' : ''}>
          {r.vehicleHistory.titleIssues ? 'Yes' : 'None'}
        </dd>
      </dl>
      <h3 className="mt-4 font-semibold">
        Market value
        <Sample report={r} section="marketValue" />
      </h3>
      {r.marketValue ? (
        <p className="mt-1" data-testid="history-market-value">
          Trade-in <span data-testid="market-trade-in">{usd(r.marketValue.tradeIn)}</span> · Retail{' '}
          <span data-testid="market-retail">{usd(r.marketValue.retail)}</span> · Certified{' '}
          <span data-testid="market-certified">{usd(r.marketValue.certified)}</span>
        </p>
      ) : (
        <p className="mt-1 text-slate-500" data-testid="history-market-value">
          Market value not available: this car has no valuation yet.
        </p>
      )}
      <h3 className="mt-4 font-semibold">
        Recalls
        <Sample report={r} section="recalls" />
      </h3>
      {r.recalls.length === 0 && <p className="mt-1 text-slate-500">No recalls</p>}
      <ul className="mt-1 space-y-1" data-testid="history-recalls">
        {r.recalls.slice(0, HISTORY_PREVIEW_RECALLS).map((rc, i) => (
          <li key={i}>
            {rc.component}:{' '}
            <span
              className={recallIsWarning(rc.status) ? 'font-semibold text-amber-700' : 'text-slate-700'}
              data-warning={recallIsWarning(rc.status)}
            >
              {rc.status}
            </span>
          </li>
        ))}
      </ul>
      {extra > 0 && (
        <p className="text-slate-500" data-testid="history-more-recalls">
          +{extra} more
        </p>
      )}
      <Button onClick={toggle} variant="link" className="mt-4" data-testid="history-toggle">
        {open ? 'Hide Full Report Details' : 'Show Full Report Details'}
      </Button>
      {open && (
        <div className="mt-3 space-y-4" data-testid="history-details">
          <div>
            <h3 className="font-semibold">
              Ownership history
              <Sample report={r} section="ownershipHistory" />
            </h3>
            <ul className="mt-1 space-y-1" data-testid="history-owners">
              {r.ownershipHistory.map((o, i) => (
                <li key={i}>
                  {o.ownerType} · {o.duration} · {o.location} · {o.mileageStart.toLocaleString('en-US')}–
                  {o.mileageEnd.toLocaleString('en-US')} mi
                  <Source source={o.source} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">
              Service history
              <Sample report={r} section="serviceHistory" />
            </h3>
            <ul className="mt-1 space-y-1" data-testid="history-service">
              {r.serviceHistory.slice(0, HISTORY_SERVICE_MAX).map((s, i) => (
                <li key={i}>
                  {s.date} · {s.serviceType}: {s.description} · {s.mileage.toLocaleString('en-US')} mi · {s.location}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">
              Title history
              <Sample report={r} section="titleHistory" />
            </h3>
            <ul className="mt-1 space-y-1">
              {r.titleHistory.map((t, i) => (
                <li key={i}>
                  <span
                    className={titleIsWarning(t.titleType) ? 'font-semibold text-amber-700' : ''}
                    data-warning={titleIsWarning(t.titleType)}
                  >
                    {t.titleType}
                  </span>{' '}
                  · {t.date} · {t.state} · {t.mileage.toLocaleString('en-US')} mi
                </li>
              ))}
            </ul>
          </div>
          {r.recalls.length > 0 && (
            <div>
              <h3 className="font-semibold">All recalls</h3>
              <ul className="mt-1 space-y-1">
                {r.recalls.map((rc, i) => (
                  <li key={i}>
                    {rc.component}: {rc.description} ({rc.status})
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
