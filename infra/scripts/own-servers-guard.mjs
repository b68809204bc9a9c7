// @ts-check
// Stops the servers a launcher started once that launcher is gone, however it went (kill -9 included). It holds the
// read end of a pipe from the launcher, in a session of its own (so Ctrl+C does not reach it), and acts when the pipe
// closes. After an ordinary exit the launcher has stopped them already, and this finds nothing left to do.
import { rmSync } from 'node:fs';
import { stopPostgresCluster, stopRedis } from './own-servers.mjs';

/** @type {{ postgres?: Parameters<typeof stopPostgresCluster>[0], redisPidFile?: string, remove?: string[] }} */
const servers = JSON.parse(process.argv[2] ?? '{}');
process.stdin.on('data', () => {});
process.stdin.on('close', () => {
  if (servers.postgres) stopPostgresCluster(servers.postgres);
  if (servers.redisPidFile) stopRedis(servers.redisPidFile);
  for (const path of servers.remove ?? []) rmSync(path, { recursive: true, force: true });
  process.exit(0);
});
