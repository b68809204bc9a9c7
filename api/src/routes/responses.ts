// The error answers a route may give, declared beside its success answer so the OpenAPI document lists them.
import { ErrorBodySchema } from '@app/shared';

export const errors = <C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBodySchema])) as Record<C, typeof ErrorBodySchema>;
