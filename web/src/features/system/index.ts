export { getClientConfig } from './api/get-client-config';
export { realtimeUrlFor } from './utils/realtime-url';
export {
  marketplaceSettingsQueryKey,
  useFeatureOn,
  useFeatures,
  useMarketplaceSettings,
} from './api/get-marketplace-settings';
export { FeatureOffNotice } from './components/feature-off-notice';
