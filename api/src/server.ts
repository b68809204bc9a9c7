// Entry: read config, build, listen, close gracefully on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { closeOnSignals } from '@app/infra';
import { ApiEnvSchema, parseEnv } from '@app/shared';

const config = parseEnv(ApiEnvSchema, process.env);
const app = await buildApp(config);
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}

closeOnSignals(() => app.close(), app.log);
