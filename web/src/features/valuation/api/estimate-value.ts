import { ValuationResponseSchema, type EstimateValueBodySchema, type ValuationResponse } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export const estimateValue = (body: BodyOf<typeof EstimateValueBodySchema>): Promise<ValuationResponse> =>
  apiRequest('POST', '/api/estimate-value', ValuationResponseSchema, { body });
