// A seller's car: created from the form and the uploaded photos, then valued by the model.
import {
  CarValuationResponseSchema,
  CreateCarResponseSchema,
  type CarValuationResponse,
  type CreateCarBodySchema,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import type { BodyOf } from '../../../lib/contract';

export type NewCar = BodyOf<typeof CreateCarBodySchema>;

export const createCar = async (car: NewCar): Promise<number> =>
  (await apiRequest('POST', '/api/cars', CreateCarResponseSchema, { body: car })).id;

export const valueCar = (carId: number): Promise<CarValuationResponse> =>
  apiRequest('POST', `/api/cars/${carId}/ai-valuation`, CarValuationResponseSchema);

/** What the seller says of the car (the sell form's first step); the photos are added when it is created. */
export type CarDetails = Omit<NewCar, 'images' | 'ownerId'>;
