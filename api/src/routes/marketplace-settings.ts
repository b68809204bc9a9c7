import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeatureTogglesSchema } from '@app/shared';
import { readSettings } from '../services/marketplace-settings.js';

// Which features admins have on, for pages to hide what the server would refuse.
export const marketplaceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings/features', { schema: { tags: ['settings'], response: { 200: FeatureTogglesSchema } } }, async () =>
    (await readSettings(app.sql)).features,
  );
};
