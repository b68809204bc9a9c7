import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MyPaymentCardSchema,
  SandboxSetupResultSchema,
  SetupIntentSchema,
  type MyPaymentCard,
  type SandboxSetupBodySchema,
} from '@app/shared';
import { apiRequest, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const paymentCardQueryKey = ['/api/payment-card'] as const;

/** Polled while a card waits for the provider's confirmation or a hold is live, so the page follows both. */
const busy = (d: MyPaymentCard | undefined) =>
  d?.card?.status === 'pending' || Boolean(d?.holds.some((h) => h.status === 'placed'));

export const usePaymentCard = (enabled = true) =>
  useQuery({
    ...queryOptions({ queryKey: paymentCardQueryKey, queryFn: readQuery(MyPaymentCardSchema) }),
    enabled,
    refetchInterval: (q) => (busy(q.state.data) ? 3000 : false),
  });

export const startCardSetup = () => apiRequest('POST', '/api/payment-card/setup-intent', SetupIntentSchema);

export const saveSandboxCard = (body: BodyOf<typeof SandboxSetupBodySchema>) =>
  apiRequest('POST', '/api/payment-card/sandbox-card', SandboxSetupResultSchema, { body });
