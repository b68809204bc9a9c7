import { queryOptions, useQuery } from '@tanstack/react-query';
import { SavedSearchListSchema, SavedSearchSchema, type SavedSearch, type SavedSearchBodySchema } from '@app/shared';
import { apiRequest, apiSend, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const savedSearchesQueryKey = ['/api/saved-searches'] as const;

export const useSavedSearches = (enabled = true) =>
  useQuery({
    ...queryOptions({ queryKey: savedSearchesQueryKey, queryFn: readQuery(SavedSearchListSchema) }),
    enabled,
  });

export const saveSearch = (body: BodyOf<typeof SavedSearchBodySchema>): Promise<SavedSearch> =>
  apiRequest('POST', '/api/saved-searches', SavedSearchSchema, { body });

export const deleteSavedSearch = (id: number): Promise<void> => apiSend('DELETE', `/api/saved-searches/${id}`);
