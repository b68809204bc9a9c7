// Entry: read config, build, listen, close gracefully on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeOnSignals } from '@app/infra';

const config = loadConfig();
const app = await buildApp(config);
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}

closeOnSignals(() => app.close(), app.log);
