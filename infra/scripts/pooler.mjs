// @ts-check
// PgBouncer (Debian's `pgbouncer`) in transaction mode in front of the Postgres a DATABASE_URL names: the scaled
// topology runs it, and the tests run one of their own from the same configuration. A server connection serves one
// transaction at a time and then whichever client asks next, so many service processes share a few Postgres
// connections; what needs a session of its own (LISTEN, the migration's advisory lock) goes to DATABASE_URL directly
// (docs/operations.md: connections).
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { postgresUser } from './own-servers.mjs';

/** The pgbouncer binary: PGBOUNCER_PATH, Debian's, or one on PATH; null when there is none. */
export function findPgbouncer() {
  const candidates = [
    process.env.PGBOUNCER_PATH,
    '/usr/sbin/pgbouncer',
    ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'pgbouncer')),
  ];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/** A value in pgbouncer.ini's connection strings, quoted as libpq quotes it. @param {string} v */
const quoted = (v) => `'${v.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

/**
 * Writes a pgbouncer.ini (and its users file) into a folder of its own, for a pooler on 127.0.0.1:`port` in front of
 * the server `databaseUrl` names, any database on it. Returns how to run it, the URL services use for it (DATABASE_URL
 * with the pooler's address) and how to remove the folder.
 *
 * - Transaction mode: postgres.js must not use named prepared statements through it (`prepare: false`, createSql's
 *   `pooled`), since the next statement of a client may run on another server connection.
 * - A client cannot set a session setting through it, so the statement timeout is the pooler's: every server
 *   connection runs `SET statement_timeout` once when it is opened.
 * - It logs in to Postgres as the URL's user with the URL's password (kept in the users file, readable by its owner
 *   only); clients must give the same. Without a password in the URL, clients are trusted, as Postgres trusts them.
 * @param {{ databaseUrl: string, port: number, statementTimeoutMs: number, poolSize?: number, dir?: string }} o
 */
export function poolerConfig({ databaseUrl, port, statementTimeoutMs, poolSize = 20, dir }) {
  const server = new URL(databaseUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const ini = join(folder, 'pgbouncer.ini');
  const users = join(folder, 'users.txt');
  const connectQuery =
    statementTimeoutMs > 0 ? ` connect_query=${quoted(`SET statement_timeout = ${statementTimeoutMs}`)}` : '';
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname.replace(/^\[|\]$/g, '')} port=${server.port || 5432}${connectQuery}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      `auth_type = ${password ? 'scram-sha-256' : 'trust'}`,
      `auth_file = ${users}`,
      // Its console (database `pgbouncer`) answers SHOW STATS, POOLS and the like to that user, nothing more.
      `stats_users = ${user}`,
      'pool_mode = transaction',
      // Server connections per database: what Postgres sees however many service processes there are.
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 2000',
      // A client waiting longer than this for a server connection gets an error (a request answered 503), not a hang.
      'query_wait_timeout = 10',
      'log_connections = 0',
      'log_disconnections = 0',
      'log_stats = 0',
      '',
    ].join('\n'),
  );
  writeFileSync(users, `"${user.replaceAll('"', '""')}" "${password.replaceAll('"', '""')}"\n`);
  // It refuses to run as root: as root it runs as Postgres's own user, who must be able to read its files.
  const runAs = postgresUser();
  chmodSync(folder, 0o700);
  chmodSync(ini, 0o600);
  chmodSync(users, 0o600);
  if (runAs) for (const p of [folder, ini, users]) chownSync(p, runAs.uid, runAs.gid);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    args: [...(runAs ? ['-u', runAs.name] : []), ini],
    url: url.toString(),
    /** The line it logs once it listens. */
    readyLine: 'process up',
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
