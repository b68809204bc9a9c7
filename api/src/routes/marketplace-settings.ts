import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSettings } from '@app/core/settings';
import { PublicMarketplaceSettingsSchema, scheduleWithCommission } from '@app/shared';

// The settings pages need to agree with the server: which features are on, the default auction duration, the fees new
// sales are charged (the same schedule openEscrow reads).
export const marketplaceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/marketplace',
    { schema: { tags: ['settings'], response: { 200: PublicMarketplaceSettingsSchema } } },
    async () => {
      const s = await readSettings(app.sql);
      return {
        defaultDurationDays: s.defaultDurationDays,
        features: s.features,
        fees: scheduleWithCommission(s.commissionRatePct),
      };
    },
  );
};
