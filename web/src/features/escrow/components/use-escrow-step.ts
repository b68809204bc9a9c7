// A step on the page: its spec toast on success or failure (with the server's reason), then a fresh transaction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { escrowTransactionQueryKey } from '../api/get-transaction';

export function useEscrowStep<I, O>(
  auctionId: number,
  run: (input: I) => Promise<O>,
  texts: { done: string; description?: string; failed: string },
  onDone?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast({ title: texts.done, description: texts.description });
      onDone?.();
      void queryClient.invalidateQueries({ queryKey: escrowTransactionQueryKey(auctionId) });
    },
    onError: (err: Error) => {
      toast({
        title: texts.failed,
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: escrowTransactionQueryKey(auctionId) });
    },
  });
}
