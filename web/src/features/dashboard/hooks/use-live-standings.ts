// My Active Bids (and the watched auctions' advice) follow their auctions live: each auction's room is joined, and a bid placed there flips the row to
// Leading (mine) or Outbid (someone else's) at once, by the shared standing rule; the dashboard is then refetched so
// the tiles and amounts are the server's.
import { useQueryClient } from '@tanstack/react-query';
import { bidStanding, type Dashboard } from '@app/shared';
import { useLiveAuction } from '../../auctions';
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
      queryClient.setQueryData<Dashboard>(dashboardQueryKey, (old) =>
        old && {
          ...old,
          activeBids: old.activeBids.map((b) =>
            b.auctionId === e.auctionId ? { ...b, currentBid: e.currentBid, bidCount: e.bidCount, endTime: e.endTime, standing: bidStanding(userId, e.bidderId) } : b,
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
