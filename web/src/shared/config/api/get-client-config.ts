import { ClientConfigSchema, type ClientConfig } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** Where browsers find the Socket.IO gateway. */
export const getClientConfig = (): Promise<ClientConfig> => apiRequest('GET', '/api/config', ClientConfigSchema);
