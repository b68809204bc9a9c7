import { formatMoney, type AdminOverview, type AdminPeriod } from '@app/shared';
import { useAdminSecurity } from '../api/admin-security';

export function AdminRevenue({ stats }: { stats: AdminOverview | undefined }) {
  if (!stats) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  const rows: [string, string][] = [
    ["Buyer's premium", stats.feesByType.buyersPremium],
    ["Seller's commission", stats.feesByType.sellersCommission],
    ['Buyer escrow fees', stats.feesByType.buyerEscrowFees],
    ['Seller escrow fees', stats.feesByType.sellerEscrowFees],
  ];
  return (
    <table className="w-full max-w-lg text-left text-sm" data-testid="revenue-table">
      <tbody>
        {rows.map(([label, value]) => <tr key={label} className="border-b"><td className="py-2">{label}</td><td className="text-right">{formatMoney(value)}</td></tr>)}
        <tr className="font-semibold"><td className="py-2">Fees earned ({stats.period})</td><td className="text-right">{formatMoney(stats.feesEarned)}</td></tr>
      </tbody>
    </table>
  );
}

export function AdminSecurityTab({ period }: { period: AdminPeriod }) {
  const security = useAdminSecurity(period);
  const s = security.data;
  if (!s) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  return (
    <div className="grid gap-6 text-sm md:grid-cols-3">
      <section>
        <h3 className="font-semibold">Failed sign-ins by account</h3>
        {s.failedSignInsByAccount.length === 0 && <p className="text-slate-500">None in this period.</p>}
        <ul>{s.failedSignInsByAccount.map((a) => <li key={a.email}>{a.email}: {a.failures}</li>)}</ul>
      </section>
      <section>
        <h3 className="font-semibold">Failed sign-ins by address</h3>
        {s.failedSignInsByAddress.length === 0 && <p className="text-slate-500">None in this period.</p>}
        <ul>{s.failedSignInsByAddress.map((a) => <li key={a.ip}>{a.ip}: {a.failures}</li>)}</ul>
      </section>
      <section>
        <h3 className="font-semibold">Flagged users</h3>
        {s.flaggedUsers.length === 0 && <p className="text-slate-500">Nobody is flagged.</p>}
        <ul>{s.flaggedUsers.map((f) => <li key={f.email}>{f.name ?? f.email}: {f.reasons.join('; ')}</li>)}</ul>
      </section>
    </div>
  );
}
