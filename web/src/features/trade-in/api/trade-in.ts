// The trade-in calls: the evaluation with its firm offer, the owner's evaluations, answering an offer, the draft.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OfferChangeResponseSchema,
  TradeInDraftResponseSchema,
  TradeInEvaluationsResponseSchema,
  TradeInResultSchema,
  type TradeInDraft,
  type TradeInEvaluateBodySchema,
  type TradeInOfferView,
  type TradeInResult,
} from '@app/shared';
import { apiRequest, apiSend, readQuery } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export type TradeInForm = BodyOf<typeof TradeInEvaluateBodySchema>;

export const evaluateTradeIn = (form: TradeInForm): Promise<TradeInResult> =>
  apiRequest('POST', '/api/trade-in/evaluate', TradeInResultSchema, { body: form });

export const tradeInsQueryKey = ['/api/trade-in/evaluations'] as const;
export const useTradeIns = () =>
  useQuery(queryOptions({ queryKey: tradeInsQueryKey, queryFn: readQuery(TradeInEvaluationsResponseSchema) }));

export const answerOffer = async (offerId: number, answer: 'accept' | 'decline'): Promise<TradeInOfferView> =>
  (await apiRequest('POST', `/api/trade-in/offers/${offerId}/${answer}`, OfferChangeResponseSchema)).offer;

export const loadDraft = async (): Promise<TradeInDraft | null> =>
  (await apiRequest('GET', '/api/trade-in/draft', TradeInDraftResponseSchema)).draft;
export const saveDraft = (draft: TradeInDraft): Promise<void> =>
  apiSend('POST', '/api/trade-in/draft', { body: { draft } });
export const clearDraft = (): Promise<void> => apiSend('DELETE', '/api/trade-in/draft');
