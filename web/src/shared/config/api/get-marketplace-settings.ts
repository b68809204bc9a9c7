// What admins set for the whole marketplace: pages hide what the server would refuse and preselect its defaults.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicMarketplaceSettingsSchema, type FeatureToggle } from '@app/shared';
import { readQuery } from '../../../lib/api-client';

export const marketplaceSettingsQueryKey = ['/api/settings/marketplace'] as const;
const marketplaceSettingsQuery = queryOptions({
  queryKey: marketplaceSettingsQueryKey,
  queryFn: readQuery(PublicMarketplaceSettingsSchema),
  staleTime: 30_000,
});
export const useMarketplaceSettings = () => useQuery(marketplaceSettingsQuery);
export const useFeatures = () => useQuery({ ...marketplaceSettingsQuery, select: (s) => s.features });
/** Whether a feature is on; undefined until known, so a page neither flashes the feature nor its notice. */
export const useFeatureOn = (feature: FeatureToggle): boolean | undefined => useFeatures().data?.[feature];
