// The configuration kernel: where the browser reaches the gateway, and the marketplace settings an admin changes at run
// time (features on or off, the fee schedule, default durations), read by every feature that depends on them.
export { getClientConfig } from './api/get-client-config';
export { realtimeUrlFor } from './realtime-url';
export {
  marketplaceSettingsQueryKey,
  useFeatureOn,
  useFeatures,
  useMarketplaceSettings,
} from './api/get-marketplace-settings';
export { FeatureOffNotice } from './components/feature-off-notice';
