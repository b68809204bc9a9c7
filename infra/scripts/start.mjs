// `npm start`: check the ports, find PostgreSQL and Redis (or start our own), build, migrate and seed, then run the
// compiled api, realtime and workers together. It says "running" only once its own three processes answer; if one of
// them dies while starting, or never gets ready, it stops them all and exits non-zero; one that dies later is
// restarted. `--prebuilt` (npm run start:prod) skips the build and uses dist/ as is.
import './require-node.mjs';
import './env-file.mjs';
import {
  buildAndPrepare,
  defaultLogFormat,
  DEMO_LOGINS,
  FIRST_ADMIN,
  requireFreePorts,
  root,
  runGroup,
} from './process-group.mjs';

const prebuilt = process.argv.includes('--prebuilt');
const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const realtimePort = Number(env.REALTIME_PORT ?? 3001);
const workersPort = Number(env.WORKERS_PORT ?? 3002);
// Browsers may write from the app's own address, whatever port it was given.
env.APP_ORIGINS ??= `http://localhost:${port},http://127.0.0.1:${port}`;
env.WEB_DIST_DIR ??= `${root}web/dist`;
env.LOG_FORMAT ??= defaultLogFormat();

await requireFreePorts(
  [['PORT', port], ['REALTIME_PORT', realtimePort], ...(workersPort ? [['WORKERS_PORT', workersPort]] : [])],
  env.HOST ?? '0.0.0.0',
);
await buildAndPrepare({ prebuilt, env });

const node = (entry) => ({ command: process.execPath, args: ['--enable-source-maps', entry], env });
const url = `http://localhost:${port}`;
await runGroup(
  [
    { name: 'api', ...node('api/dist/server.js'), readyUrl: `http://127.0.0.1:${port}/readyz` },
    { name: 'realtime', ...node('realtime/dist/server.js'), readyUrl: `http://127.0.0.1:${realtimePort}/healthz` },
    // With their status server turned off (WORKERS_PORT=0) the workers' own "running" line is their readiness.
    workersPort
      ? { name: 'workers', ...node('workers/dist/main.js'), readyUrl: `http://127.0.0.1:${workersPort}/healthz` }
      : { name: 'workers', ...node('workers/dist/main.js'), readyLine: 'workers running' },
  ],
  {
    onReady: () =>
      console.log(`
  Car auction marketplace is running at ${url}

${env.NODE_ENV === 'production' ? FIRST_ADMIN(url) : DEMO_LOGINS(url)}

  Press Ctrl+C to stop.
`),
  },
);
