import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's read rules: no retries, no refetch on focus or on a timer, answers stay fresh until invalidated. There is
 * no default query function on purpose: every read names the schema its answer is parsed by (features' api/ files).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
