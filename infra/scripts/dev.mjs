// `npm run dev`: the development loop. The web app from Vite's dev server (hot reload) on WEB_DEV_PORT (default 5173),
// and api, realtime and workers from their TypeScript sources, each restarted when a file it imports changes. The
// page's origin is Vite's: it proxies /api, /uploads and /socket.io to the services, and the services allow that origin
// to write and to open sockets. PostgreSQL and Redis are found or started, and the database migrated and seeded first,
// as `npm start` does.
import './require-node.mjs';
import './env-file.mjs';
import {
  DEMO_LOGINS,
  defaultLogFormat,
  provideServers,
  requireFreePorts,
  root,
  runGroup,
  step,
} from './process-group.mjs';

const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const realtimePort = Number(env.REALTIME_PORT ?? 3001);
const workersPort = Number(env.WORKERS_PORT ?? 3002);
const webPort = Number(env.WEB_DEV_PORT ?? 5173);
const url = `http://localhost:${webPort}`;
const origins = (p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`];
// The page is Vite's; the API's own address stays allowed for /api-docs' "Try it out".
env.APP_ORIGINS ??= [...origins(webPort), ...origins(port)].join(',');
// Sockets go to the page's own origin, where Vite passes them on to the gateway, as a balancer would in production.
env.PUBLIC_REALTIME_URL ??= '/';
env.PUBLIC_URL ??= url;
env.LOG_FORMAT ??= defaultLogFormat();

await requireFreePorts(
  [
    ['WEB_DEV_PORT', webPort],
    ['PORT', port],
    ['REALTIME_PORT', realtimePort],
    ...(workersPort ? [['WORKERS_PORT', workersPort]] : []),
  ],
  env.HOST ?? '0.0.0.0',
);
await provideServers(env);
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;
step(
  'Checking PostgreSQL and Redis, migrating, seeding demo data',
  process.execPath,
  [tsx, '--conditions=source', 'infra/src/prepare-cli.ts'],
  env,
);

const watched = (entry) => ({
  command: process.execPath,
  args: [tsx, 'watch', '--clear-screen=false', '--conditions=source', entry],
  env,
});
await runGroup(
  [
    {
      name: 'web',
      command: process.execPath,
      args: [
        `${root}node_modules/vite/bin/vite.js`,
        'web',
        '--host',
        '127.0.0.1',
        '--port',
        String(webPort),
        '--strictPort',
      ],
      env,
      readyUrl: `http://127.0.0.1:${webPort}/`,
    },
    { name: 'api', ...watched('api/src/server.ts'), readyUrl: `http://127.0.0.1:${port}/readyz` },
    { name: 'realtime', ...watched('realtime/src/server.ts'), readyUrl: `http://127.0.0.1:${realtimePort}/healthz` },
    workersPort
      ? { name: 'workers', ...watched('workers/src/main.ts'), readyUrl: `http://127.0.0.1:${workersPort}/healthz` }
      : { name: 'workers', ...watched('workers/src/main.ts'), readyLine: 'workers running' },
  ],
  {
    onReady: () =>
      console.log(`
  Development servers are running: open ${url} (the page reloads as you edit web/; a service restarts when its
  sources change). The API and its OpenAPI UI: http://localhost:${port}/api-docs

${DEMO_LOGINS(url)}

  Press Ctrl+C to stop.
`),
  },
);
