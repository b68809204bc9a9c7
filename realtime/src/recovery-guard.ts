// Connection state recovery proves nothing by itself: whoever presents a dropped socket's private id and offset gets its
// rooms back, and socket.io sends the missed events while it builds the socket, before any middleware could refuse.
// So the restore is taken over here: the recovering connection's cookies are checked as a handshake's are, and the
// session comes back only when they prove the same member, admin and sessions it had; otherwise the connection starts
// afresh (and is authenticated by the handshake middleware). And a session that ends (sign-out, suspension) deletes
// the recovery state of every socket it had opened, on every gateway, so nothing is kept to restore into its rooms.
import { Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import { identityFromCookies, type HandshakeIdentity } from './handshake-auth.js';
import type { GatewayServer, SocketData } from './socket-types.js';

type Namespace = ReturnType<GatewayServer['of']>;
type Client = ConstructorParameters<typeof Socket>[1];
type Session = NonNullable<ConstructorParameters<typeof Socket>[3]>;
type PersistedSession = Omit<Session, 'missedPackets'>;

interface SessionAdapter {
  persistSession(session: PersistedSession): void;
  restoreSession(pid: string, offset: string): Promise<Session>;
}

export interface RecoveryGuardDeps {
  sql: Sql;
  /** The adapter's own connection: an index entry is then written after the session it points at. */
  redis: Redis;
  prefix: string;
  /** Where the adapter keeps persisted sessions (its `sessionKeyPrefix`). */
  sessionKeyPrefix: string;
  windowMs: number;
  logger: Logger;
}

/** The pids of the persisted sockets one session (sessions row id) opened, scored by when they dropped. */
const socketsOfSessionKey = (prefix: string, sessionId: string) => `${prefix}sio:recovery-of:${sessionId}`;
/** A session that drops and reconnects without pause still indexes no more than this many sockets. */
export const RECOVERABLE_SOCKETS_PER_SESSION = 100;

/** Whether the identity the cookies prove now is the one the dropped socket had. */
export function sameIdentity(before: SocketData, now: HandshakeIdentity): boolean {
  return (
    before.userId === now.userId &&
    before.adminId === now.adminId &&
    before.sessionIds.every((id) => now.sessionIds.includes(id))
  );
}

export function guardRecovery(nsp: Namespace, deps: RecoveryGuardDeps): void {
  const adapter = nsp.adapter as unknown as SessionAdapter;
  const persist = adapter.persistSession.bind(adapter);
  adapter.persistSession = (session) => {
    persist(session);
    const ids = (session.data as SocketData | undefined)?.sessionIds ?? [];
    if (ids.length === 0) return;
    const p = deps.redis.pipeline();
    const now = Date.now();
    for (const id of ids) {
      const key = socketsOfSessionKey(deps.prefix, id);
      // Entries older than the window point at sessions Redis has already expired; the newest are kept past the cap.
      p.zadd(key, now, session.pid)
        .zremrangebyscore(key, '-inf', now - deps.windowMs)
        .zremrangebyrank(key, 0, -(RECOVERABLE_SOCKETS_PER_SESSION + 1))
        .pexpire(key, deps.windowMs);
    }
    p.exec().catch((err: Error) => deps.logger.warn({ err: err.message }, 'recovery index not written'));
  };

  // socket.io 4.8's own restore (Namespace#_createSocket), with the identity check before the socket is built.
  const internals = nsp as unknown as { _createSocket?: (client: Client, auth: Record<string, unknown>) => unknown };
  if (typeof internals._createSocket !== 'function')
    throw new Error('socket.io no longer builds sockets in Namespace#_createSocket: recovery cannot be guarded');
  internals._createSocket = async (client, auth) => {
    const { pid, offset } = auth;
    if (typeof pid !== 'string' || typeof offset !== 'string') return new Socket(nsp, client, auth);
    // Taken (GETDEL) whether or not it is given back: a refused recovery id cannot be tried again.
    const session = await adapter.restoreSession(pid, offset).catch(() => null);
    if (!session) return new Socket(nsp, client, auth);
    const now = await identityFromCookies(deps.sql, client.request.headers.cookie).catch(() => null);
    if (now && sameIdentity(session.data as SocketData, now)) return new Socket(nsp, client, auth, session);
    deps.logger.info({ pid }, 'recovery refused: the connection does not prove the session it had');
    return new Socket(nsp, client, auth);
  };
}

/** Deletes the persisted state of every socket the ended session had opened, so none can be recovered. */
export async function forgetRecovery(deps: RecoveryGuardDeps, sessionId: string): Promise<void> {
  const key = socketsOfSessionKey(deps.prefix, sessionId);
  const pids = await deps.redis.zrange(key, '0', '-1');
  await deps.redis.del(key, ...pids.map((pid) => `${deps.sessionKeyPrefix}${pid}`));
}
