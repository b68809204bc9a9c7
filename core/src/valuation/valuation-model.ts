// The valuation model with the market reference data as comparables, loaded once per process and shared by every
// app instance in it (the data is read-only).
import { loadValuationModel } from '@app/infra';
import type { ValuationModel } from '@app/shared';

let loading: Promise<ValuationModel> | undefined;

export function valuationModel(): Promise<ValuationModel> {
  loading ??= loadValuationModel();
  return loading;
}
