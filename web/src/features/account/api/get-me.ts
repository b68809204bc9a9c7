import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthResponseSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const meQueryKey = ['/api/auth/me'] as const;

/** The signed-in user, or null; a 401 here means "signed out", not an error. */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: readQuery(AuthResponseSchema, { on401: 'returnNull' }) });

export const useMe = () => useQuery(meQuery);
