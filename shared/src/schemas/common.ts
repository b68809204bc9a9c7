import { z } from 'zod';
import { parseMoneyToCents, MAX_MONEY_CENTS } from '../money.js';

/**
 * A whole number from a JSON body, a query or a path: a number, or a string of digits. Nothing else is turned into a
 * number ("", " 12 ", "12abc", "1e3", true and [] are all refused, where z.coerce would have accepted some).
 */
export const wholeNumber = (what = 'must be a whole number') =>
  z
    .union(
      [
        z.number({ error: what }),
        z
          .string()
          .regex(/^\d{1,15}$/, what)
          .transform(Number),
      ],
      { error: what },
    )
    .pipe(z.number().int(what));

/** A positive integer id that fits the database's integer columns. */
export const IdSchema = wholeNumber('must be a positive whole number').pipe(
  z.number().positive('must be positive').max(2_147_483_647, 'is too large'),
);

export const IdParamsSchema = z.object({ id: IdSchema });
/** A list's page number from a query string: 1 when absent. */
export const PageNumberSchema = wholeNumber('page must be a whole number')
  .pipe(z.number().min(1, 'page starts at 1').max(10_000, 'page is too large'))
  .default(1);
export const AuctionIdParamsSchema = z.object({ auctionId: IdSchema });

/** Money in: a decimal string or a JSON number with at most two decimals; out: integer cents. */
export const MoneyInputSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
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
