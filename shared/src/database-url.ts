/**
 * A Postgres URL may name several servers (`postgres://user@h1:5432,h2:5432/db?target_session_attrs=primary`), as
 * libpq and postgres.js accept: the client tries them in turn and keeps the one that is the primary, so a failover
 * needs no configuration change. WHATWG's URL parser refuses such a host list, so these helpers split it off first.
 */
const SHAPE = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?$/;

export interface DatabaseUrlParts {
  /** `host:port` of each server, in the order the client tries them. */
  hosts: string[];
  database: string;
}

function split(url: string) {
  const m = SHAPE.exec(url);
  if (!m) return null;
  return { scheme: m[1]!, userinfo: m[2] ?? '', hosts: m[3]!, path: m[4] ?? '', query: m[5] ?? '' };
}

/** The servers and the database of a Postgres URL, or null if it is not one (one host or several). */
export function databaseUrlParts(url: string): DatabaseUrlParts | null {
  const p = split(url);
  if (!p || p.hosts === '') return null;
  const hosts = p.hosts.split(',');
  // Each host on its own must make a valid URL, as the client will parse it.
  for (const host of hosts) {
    try {
      new URL(`${p.scheme}${p.userinfo}${host}${p.path}${p.query}`);
    } catch {
      return null;
    }
  }
  let database: string;
  try {
    database = decodeURIComponent(p.path.replace(/^\//, ''));
  } catch {
    return null;
  }
  return { hosts, database };
}

/** The same URL (every server, credentials, parameters) naming another database. */
export function withDatabase(url: string, database: string): string {
  const p = split(url);
  if (!p) throw new Error('not a postgres:// URL');
  return `${p.scheme}${p.userinfo}${p.hosts}/${encodeURIComponent(database)}${p.query}`;
}

/** The URL with its password hidden, for messages. */
export function redactDatabaseUrl(url: string): string {
  const p = split(url);
  if (!p) return '(not a postgres:// URL)';
  const userinfo = p.userinfo.replace(/:[^@]*@$/, ':***@');
  return `${p.scheme}${userinfo}${p.hosts}${p.path}${p.query}`;
}
