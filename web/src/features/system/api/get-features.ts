// Which features admins have on: pages hide what the server would refuse.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FeatureTogglesSchema } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const featuresQueryKey = ['/api/settings/features'] as const;
export const useFeatures = () => useQuery(queryOptions({ queryKey: featuresQueryKey, queryFn: readQuery(FeatureTogglesSchema), staleTime: 30_000 }));
