import { AUCTION_TYPE_BADGES, type Auction } from '@app/shared';

const TYPE_STYLE: Record<Auction['auctionType'], string> = {
  reserve: 'bg-amber-100 text-amber-800',
  'no-reserve': 'bg-emerald-100 text-emerald-800',
  'buy-it-now': 'bg-blue-100 text-blue-800',
  private: 'bg-purple-100 text-purple-800',
  standard: 'bg-slate-100 text-slate-700',
};

export function TypeBadges({
  auctionType,
  isPremiumOnly,
}: {
  auctionType: Auction['auctionType'];
  isPremiumOnly: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_STYLE[auctionType]}`}>
        {AUCTION_TYPE_BADGES[auctionType]}
      </span>
      {isPremiumOnly && (
        <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-amber-300">Premium Only</span>
      )}
    </div>
  );
}

export function ReserveBadge({ status }: { status: 'none' | 'met' | 'not-met' }) {
  if (status === 'none') return null;
  return status === 'met' ? (
    <span
      className="rounded-full bg-status-ok px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="reserve-status"
    >
      Reserve met
    </span>
  ) : (
    <span
      className="rounded-full bg-status-warn px-2 py-0.5 text-xs font-semibold text-white"
      data-testid="reserve-status"
    >
      Reserve not met
    </span>
  );
}
