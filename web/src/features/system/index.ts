export { getClientConfig } from './api/get-client-config';
