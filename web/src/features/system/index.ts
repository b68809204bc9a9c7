export { getClientConfig } from './api/get-client-config';
export { realtimeUrlFor } from './utils/realtime-url';
export { featuresQueryKey, useFeatures } from './api/get-features';
