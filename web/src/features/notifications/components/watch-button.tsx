import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useMe } from '../../../shared/session';
import { toast } from '../../../lib/toast';
import { setWatching, useWatchlist, watchlistQueryKey } from '../api/notifications';
import { Button } from '../../../components/ui';

/**
 * "Watch" on a listing or a card: a watched auction sends an "ending in 15 minutes" and an "ended" notice. Signed
 * out, it leads to sign-in. On a card it sits inside the card's link, so its click stays its own.
 */
export function WatchButton({ auctionId, compact = false }: { auctionId: number; compact?: boolean }) {
  const user = useMe().data?.user;
  const watchlist = useWatchlist(Boolean(user));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const watching = watchlist.data?.auctionIds.includes(auctionId) ?? false;

  const onClick = async (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!user) {
      void navigate(`/login?next=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    try {
      await setWatching(auctionId, !watching);
      queryClient.setQueryData<{ auctionIds: number[] }>(watchlistQueryKey, (old) => ({
        auctionIds: !watching
          ? [auctionId, ...(old?.auctionIds ?? [])]
          : (old?.auctionIds ?? []).filter((id) => id !== auctionId),
      }));
    } catch (err) {
      toast({
        title: 'Could not update your watchlist',
        description: err instanceof Error ? err.message : String(err),
        variant: 'destructive',
      });
    }
  };

  const label = watching ? 'Watching' : 'Watch';
  return (
    <Button
      onClick={(e) => void onClick(e)}
      aria-pressed={watching}
      aria-label={compact ? `${label} this auction` : undefined}
      data-testid="watch-button"
      // On a card's photo: a round icon; on the listing: a button whose star fills in amber while watched.
      variant={compact ? 'bare' : 'outline'}
      size="sm"
      className={
        compact
          ? `rounded-full bg-white/90 p-2 shadow hover:bg-white ${watching ? 'text-amber-500' : 'text-slate-600'}`
          : undefined
      }
    >
      <Star
        className={`h-4 w-4 ${watching && !compact ? 'text-amber-500' : ''}`}
        fill={watching ? 'currentColor' : 'none'}
        aria-hidden
      />
      {!compact && label}
    </Button>
  );
}
