import { formatMoney, type AdminOverview, type AdminPeriod } from '@app/shared';
import { useAdminSecurity } from '../api/admin-security';
import { Table, TableBody, TableCell, TableRow } from '../../../components/ui';

export function AdminRevenue({ stats }: { stats: AdminOverview | undefined }) {
  if (!stats) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  const rows: [string, string][] = [
    ["Buyer's premium", stats.feesByType.buyersPremium],
    ["Seller's commission", stats.feesByType.sellersCommission],
    ['Buyer escrow fees', stats.feesByType.buyerEscrowFees],
    ['Seller escrow fees', stats.feesByType.sellerEscrowFees],
  ];
  return (
    <Table className="max-w-lg" data-testid="revenue-table">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell>{label}</TableCell>
            <TableCell className="text-right">{formatMoney(value)}</TableCell>
          </TableRow>
        ))}
        <TableRow className="font-semibold">
          <TableCell>Fees earned ({stats.period})</TableCell>
          <TableCell className="text-right">{formatMoney(stats.feesEarned)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

export function AdminSecurityTab({ period }: { period: AdminPeriod }) {
  const security = useAdminSecurity(period);
  const s = security.data;
  if (!s) return <div className="h-24 animate-pulse rounded bg-slate-100" />;
  const t = s.throttled;
  return (
    <div className="grid gap-6 text-sm md:grid-cols-3">
      <TopList title="Failed sign-ins by account" rows={s.failedSignInsByAccount.map((a) => [a.email, a.failures])} />
      <TopList title="Failed sign-ins by address" rows={s.failedSignInsByAddress.map((a) => [a.ip, a.failures])} />
      <section>
        <h3 className="font-semibold">Flagged users</h3>
        {s.flaggedUsers.length === 0 && <p className="text-slate-500">Nobody is flagged.</p>}
        <ul>
          {s.flaggedUsers.map((f) => (
            <li key={f.email}>
              {f.name ?? f.email}: {f.reasons.join('; ')}
            </li>
          ))}
        </ul>
      </section>
      <section className="md:col-span-3" data-testid="throttled-requests">
        <h3 className="font-semibold">Throttled requests: {t.total}</h3>
        <p className="text-slate-500">
          Requests answered 429 by a rate limit or the sign-in throttle, counted by day (UTC).
        </p>
        <div className="mt-2 grid gap-6 md:grid-cols-3">
          <TopList title="By route" rows={t.byRoute.map((r) => [r.route, r.count])} />
          <TopList title="By address" rows={t.byAddress.map((r) => [r.ip, r.count])} />
          <TopList title="By account" rows={t.byAccount.map((r) => [r.account, r.count])} />
        </div>
      </section>
    </div>
  );
}

/** A period's counts, largest first, as the server ranked them. */
function TopList({ title, rows }: { title: string; rows: [string, number][] }) {
  return (
    <section>
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 && <p className="text-slate-500">None in this period.</p>}
      <ul>
        {rows.map(([key, count]) => (
          <li key={key}>
            {key}: {count}
          </li>
        ))}
      </ul>
    </section>
  );
}
