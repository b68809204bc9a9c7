import { queryOptions, useQuery } from '@tanstack/react-query';
import { TrimsResponseSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const trimsQueryKey = (make: string, model: string) =>
  [`/api/valuation/trims?${new URLSearchParams({ make, model })}`] as const;

/** The trims the market data knows for a model; the seller may still type another. */
export const useTrims = (make: string, model: string) =>
  useQuery({
    ...queryOptions({ queryKey: trimsQueryKey(make, model), queryFn: readQuery(TrimsResponseSchema) }),
    enabled: make !== '' && model !== '',
  });
