export { getClientConfig } from './api/get-client-config';
export { realtimeUrlFor } from './utils/realtime-url';
export { marketplaceSettingsQueryKey, useFeatures, useMarketplaceSettings } from './api/get-marketplace-settings';
