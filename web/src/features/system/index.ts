export { getClientConfig } from './api/get-client-config';
export { realtimeUrlFor } from './utils/realtime-url';
