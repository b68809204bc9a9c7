import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { SessionStateSchema, type SessionState, type SessionUser } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const meQueryKey = ['/api/auth/session'] as const;

/**
 * Who is signed in: the member (`user`) and the admin (`admin`), each null when not. The session endpoint answers
 * signed-out visitors with 200 and nulls, so no page logs a failed request for it.
 */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: readQuery(SessionStateSchema) });

export const useMe = () => useQuery(meQuery);

/**
 * After a member signs in or out here: the header and every page see it without a refetch. A session read still in
 * flight (sent before the sign-in, so it would answer "nobody") is cancelled first, or its answer would land after
 * this one and sign the header out again.
 */
export async function setSessionUser(queryClient: QueryClient, user: SessionUser | null): Promise<void> {
  await queryClient.cancelQueries({ queryKey: meQueryKey });
  queryClient.setQueryData<SessionState>(meQueryKey, (old) => ({ user, admin: old?.admin ?? null }));
}
