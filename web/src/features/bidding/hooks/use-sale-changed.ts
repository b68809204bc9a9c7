import { useQueryClient } from '@tanstack/react-query';
import { auctionQueryKey, auctionsQueryKey } from '../../../shared/auction-state';

/** After a bid or a purchase: the lists and the auction's page refetch what changed. */
export function useSaleChanged(): (auctionId: number) => void {
  const queryClient = useQueryClient();
  return (auctionId) => {
    void queryClient.invalidateQueries({ queryKey: auctionsQueryKey });
    void queryClient.invalidateQueries({ queryKey: auctionQueryKey(auctionId) });
  };
}
