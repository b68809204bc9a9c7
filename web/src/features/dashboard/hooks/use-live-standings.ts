// The dashboard follows its auctions live: the ones the user bid on (My Active Bids), watches (the advice) and sells
// (My Listed Cars, while live). Each auction's room is joined; a bid placed there flips a bid row to Leading (mine) or
// Outbid (someone else's) by the shared standing rule and moves a listed car's current bid at once, then the dashboard
// is refetched so the tiles, watchers and amounts are the server's.
import { useQueryClient } from '@tanstack/react-query';
import { bidStanding, type Dashboard } from '@app/shared';
import { useLiveAuction } from '../../../shared/auction-state';
import { onServerEvent } from '../../../lib/server-events';
import { useSocketListeners } from '../../../lib/use-socket-listeners';
import { dashboardQueryKey, predictionsQueryKey } from '../api/get-dashboard';

export function useLiveStandings(userId: number | undefined, auctionIds: number[]): void {
  const queryClient = useQueryClient();
  useLiveAuction(auctionIds);
  const key = userId === undefined || auctionIds.length === 0 ? null : `dashboard:${auctionIds.join(',')}`;
  const refresh = () => {
    for (const queryKey of [dashboardQueryKey, predictionsQueryKey]) void queryClient.invalidateQueries({ queryKey });
  };
  useSocketListeners(key, (socket) => [
    onServerEvent(socket, 'bid.placed', (e) => {
      if (userId === undefined || !auctionIds.includes(e.auctionId)) return;
      queryClient.setQueryData<Dashboard>(
        dashboardQueryKey,
        (old) =>
          old && {
            ...old,
            activeBids: old.activeBids.map((b) =>
              b.auctionId === e.auctionId
                ? {
                    ...b,
                    currentBid: e.currentBid,
                    bidCount: e.bidCount,
                    endTime: e.endTime,
                    standing: bidStanding(userId, e.bidderId),
                  }
                : b,
            ),
            listedCars: old.listedCars.map((c) =>
              c.auctionId === e.auctionId && c.state === 'live'
                ? { ...c, currentBid: e.currentBid, endTime: e.endTime }
                : c,
            ),
          },
      );
      refresh();
    }),
    onServerEvent(socket, 'auction.closed', (e) => {
      if (auctionIds.includes(e.auctionId)) refresh();
    }),
  ]);
}
