import { z } from 'zod';
import { parseMoneyToCents, MAX_MONEY_CENTS } from '../money.js';

/** A positive integer id, from a path segment or a JSON number ("abc" is refused, not coerced to NaN). */
export const IdSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive')
  .max(2_147_483_647, 'is too large');

export const IdParamsSchema = z.object({ id: IdSchema });
export const AuctionIdParamsSchema = z.object({ auctionId: IdSchema });

/** Money in: a decimal string or a JSON number with at most two decimals; out: integer cents. */
export const MoneyInputSchema = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const cents = parseMoneyToCents(typeof v === 'number' ? String(v) : v);
    if (cents === null || cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'must be an amount in dollars with at most two decimals' });
      return z.NEVER;
    }
    return cents;
  });

/** Money out: numeric(10,2) as Postgres prints it. */
export const MoneySchema = z.string().regex(/^\d+\.\d{2}$/);
export const IsoDateSchema = z.string();

/** The spec's client sends userId in bodies; the server only checks it against the session. */
export const ClaimedUserIdSchema = IdSchema.optional();

export const ErrorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
