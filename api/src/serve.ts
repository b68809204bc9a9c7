// The API process (started by server.ts once tracing is set up): read config, build, listen, close gracefully on
// SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { DRAIN_DEADLINE_MS, closeOnSignals, exitIfRefused, readEnvFile } from '@app/infra';
import { parseApiEnv } from '@app/shared';

readEnvFile();
const config = exitIfRefused(() => parseApiEnv(process.env));
const app = await exitIfRefused(() => buildApp(config));
try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  // One line, not a stack trace: the most likely cause is another program on the port.
  app.log.fatal(
    e.code === 'EADDRINUSE'
      ? `Port ${config.PORT} is already in use: set PORT to a free port`
      : `Cannot listen: ${e.message}`,
  );
  process.exit(1);
}

closeOnSignals(() => app.close(), app.log, DRAIN_DEADLINE_MS.api);
