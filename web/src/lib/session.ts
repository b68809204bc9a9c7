import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@app/shared';
import { getQueryFn } from './api-client';

export const ME_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null; a 401 here means "signed out", not an error. */
export function useMe() {
  return useQuery<{ user: SessionUser } | null>({
    queryKey: ME_KEY,
    queryFn: getQueryFn<{ user: SessionUser }>({ on401: 'returnNull' }),
  });
}
