import { Link } from 'react-router';
import type { ActivityItem } from '@app/shared';

export function RecentActivity({ items }: { items: ActivityItem[] | undefined }) {
  return (
    <section className="rounded-xl border bg-white p-6" data-testid="recent-activity">
      <h2 className="text-xl font-semibold">Recent Activity</h2>
      {items === undefined && <div className="mt-4 h-16 animate-pulse rounded bg-slate-100" />}
      {items?.length === 0 && (
        <p className="mt-3 text-slate-600">Your bids and notices will show here once you start bidding.</p>
      )}
      <ul className="mt-4 space-y-2 text-sm">
        {items?.map((a) => (
          <li key={`${a.kind}-${a.at}-${a.link}`}>
            <Link to={a.link} className="hover:underline">
              {a.text}
            </Link>
            <span className="ml-2 text-slate-500">{new Date(a.at).toLocaleString()}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
