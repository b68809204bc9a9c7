import { useQuery } from '@tanstack/react-query';
import {
  DigestSettingsSchema,
  PushDevicesSchema,
  PushKeySchema,
  type DigestSettings,
  type PushEndpointBodySchema,
  type PushSubscriptionBody,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const usePushKey = (enabled: boolean) =>
  useQuery({ queryKey: ['/api/push/key'], queryFn: readQuery(PushKeySchema), enabled, staleTime: Infinity });

/** Sends this device's subscription (PushSubscription.toJSON()), checked by the server's contract. */
export const addPushDevice = (subscription: PushSubscriptionBody) =>
  apiRequest('POST', '/api/push/subscriptions', PushDevicesSchema, { body: subscription });

export const removePushDevice = (endpoint: string) =>
  apiRequest('DELETE', '/api/push/subscriptions', PushDevicesSchema, {
    body: { endpoint } satisfies BodyOf<typeof PushEndpointBodySchema>,
  });

export const digestSettingsQueryKey = ['/api/settings/digest'] as const;
export const useDigestSettings = (enabled: boolean) =>
  useQuery({ queryKey: digestSettingsQueryKey, queryFn: readQuery(DigestSettingsSchema), enabled });

export const saveDigestSettings = (settings: DigestSettings) =>
  apiRequest('PUT', '/api/settings/digest', DigestSettingsSchema, { body: settings });
