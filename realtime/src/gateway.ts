// createGateway: the Socket.IO server. It authenticates the handshake, keeps the rooms and relays committed events to
// them; it decides nothing (bids, chat and every other write stay HTTP calls to the API).
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { BroadcastOperator } from 'socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Sql } from 'postgres';
import type { Logger } from 'pino';
import {
  SpanKind,
  StreamReader,
  inSpanSync,
  readEventRanges,
  traceparentOfEvent,
  type Metrics,
  createRedis,
} from '@app/infra';
import {
  ADMINS_ROOM,
  AUCTION_PACKET_WINDOW_MS,
  SOCKET_EVENTS,
  auctionIdOfRoom,
  travelsInAuctionPacket,
  auctionRoom,
  sessionRoom,
  userRoom,
  type DomainEvent,
  type PresenceEvent,
  type ServerToClientEvents,
} from '@app/shared';
import { routeEvent } from './event-routing.js';
import { StreamSequencer } from './stream-sequencer.js';
import { DeliveredSeqs, deliverAuctionPacketsInOrder } from './in-order-delivery.js';
import { identityFromCookies } from './handshake-auth.js';
import { PresenceCounter } from './presence.js';
import { RoomCoalescer } from './room-coalescer.js';
import { readSnapshot } from './snapshot.js';
import { SnapshotReads } from './snapshot-reads.js';
import { MAX_CLIENT_PACKET_BYTES, clientPacketParser } from './client-packets.js';
import {
  SOCKETS_PER_ADDRESS,
  SocketsPerAddress,
  TOO_MANY_SOCKETS,
  addressResolver,
  type TrustProxy,
} from './sockets-per-address.js';
import { forgetRecovery, guardRecovery, type RecoveryGuardDeps } from './recovery-guard.js';
import { handleAuctionRoom } from './handlers/auction-room.js';
import { handleForumWatch } from './handlers/forum-watch.js';
import type { GatewayServer, GatewaySocket, SocketData } from './socket-types.js';

export type { GatewayServer, SocketData } from './socket-types.js';

export interface GatewayDeps {
  sql: Sql;
  redisUrl: string;
  redisPrefix: string;
  /** Browser origins allowed to open a socket; read on every handshake, so the caller may fill it after start. */
  origins: string[];
  logger: Logger;
  /** Where to count sockets and relayed events (the server's /metrics); optional for tests. */
  metrics?: Metrics;
  /** Which proxies' X-Forwarded-For names the client's address (for the cap on sockets per address); off by default. */
  trustProxy?: TrustProxy;
  /** Connections one address may hold open on this process; SOCKETS_PER_ADDRESS by default. */
  socketsPerAddress?: number;
}

/** How long a stream's events wait for the log to give back the ones the stream did not bring, before going without. */
const GAP_READ_WAIT_MS = 1_000;

/** The consumer group of the gateways on the events stream; one gateway at a time reads it (see StreamReader). */
export const GATEWAY_GROUP = 'gateway';

/** The events a client may send: a packet naming any other is dropped unread (client-packets.ts). */
const CLIENT_EVENTS: ReadonlySet<string> = new Set([
  SOCKET_EVENTS.join,
  SOCKET_EVENTS.leave,
  SOCKET_EVENTS.forumWatch,
  SOCKET_EVENTS.forumUnwatch,
]);

/** Emits a domain event under its own type; the contract pairs each type with its event, which a union cannot express per call. */
function emitEvent(target: BroadcastOperator<ServerToClientEvents, SocketData>, event: DomainEvent): void {
  (target.emit as (type: DomainEvent['type'], event: DomainEvent) => boolean)(event.type, event);
}

export interface Gateway {
  io: GatewayServer;
  close(): Promise<void>;
}

const PRESENCE_THROTTLE_MS = 250;
/** How long a dropped client may come back and receive what it missed (connection state recovery). */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

export async function createGateway(httpServer: HttpServer, deps: GatewayDeps): Promise<Gateway> {
  const { sql, logger } = deps;
  // The adapter's connection publishes and issues commands; the adapter duplicates it for its blocking reads. Every
  // broadcast is one XADD (kept for connection state recovery): auto-pipelined, a batch of events read from the stream
  // in one turn of the event loop reaches Redis in one write instead of one each.
  const adapterRedis = createRedis(deps.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const relayRedis = createRedis(deps.redisUrl, { maxRetriesPerRequest: null });
  for (const r of [adapterRedis, relayRedis]) r.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));

  const sessionKeyPrefix = `${deps.redisPrefix}sio:session:`;
  const perAddress = new SocketsPerAddress(
    deps.socketsPerAddress ?? SOCKETS_PER_ADDRESS,
    addressResolver(deps.trustProxy ?? false),
  );
  const io: GatewayServer = new Server(httpServer, {
    cors: { origin: deps.origins, credentials: true },
    // CORS does not cover WebSocket upgrades: without this check any site could open a socket that carries the
    // visitor's session cookie and read the events addressed to that user. Clients that send no Origin are not browsers.
    // Called once per connection, at its handshake.
    allowRequest: (req: IncomingMessage, callback) => {
      const origin = req.headers.origin;
      if (origin !== undefined && !deps.origins.includes(origin)) callback('origin not allowed', false);
      else if (!perAddress.admits(req)) callback(TOO_MANY_SOCKETS, false);
      else callback(null, true);
    },
    // Every client message is a few dozen bytes (client-packets.ts); a larger one closes its connection unread. The
    // client splits what it sends over long-polling to fit, as the handshake tells it this limit.
    maxHttpBufferSize: MAX_CLIENT_PACKET_BYTES,
    parser: clientPacketParser(CLIENT_EVENTS),
    adapter: createAdapter(adapterRedis, {
      streamName: `${deps.redisPrefix}socket.io`,
      channelPrefix: `${deps.redisPrefix}socket.io`,
      sessionKeyPrefix,
      maxLen: 100_000,
      onlyPlaintext: true,
      blockTimeInMs: 1000,
    }),
    // A recovering connection is checked in recovery-guard.ts (its cookies must prove the identity it had) before
    // socket.io builds it; the handshake middleware then has nothing left to do for it.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
  });
  io.engine.on('connection', (connection: Parameters<SocketsPerAddress['track']>[0]) => perAddress.track(connection));
  const recovery: RecoveryGuardDeps = {
    sql,
    redis: adapterRedis,
    prefix: deps.redisPrefix,
    sessionKeyPrefix,
    windowMs: RECOVERY_WINDOW_MS,
    logger,
  };
  guardRecovery(io.of('/'), recovery);

  io.use((socket, next) => {
    identityFromCookies(sql, socket.handshake.headers.cookie)
      .then(({ userId, adminId, sessionIds }) => {
        socket.data.userId = userId;
        socket.data.adminId = adminId;
        socket.data.sessionIds = sessionIds;
        next();
      })
      .catch((err: unknown) => {
        // An unreadable session must not keep anyone from watching auctions; they just get no private events.
        logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'session lookup failed; connecting as anonymous',
        );
        socket.data.userId = null;
        socket.data.adminId = null;
        socket.data.sessionIds = [];
        next();
      });
  });

  // Presence is counted incrementally (see presence.ts), never by listing the cluster's sockets, and a burst of joins
  // or a mass disconnect costs one count per auction per throttle window.
  const presenceRedis = createRedis(deps.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  presenceRedis.on('error', (err) => logger.debug({ err: err.message }, 'presence redis error'));
  const localRooms = io.of('/').adapter.rooms;
  const presence = new PresenceCounter(
    presenceRedis,
    deps.redisPrefix,
    (auctionId) => localRooms.get(auctionRoom(auctionId))?.size ?? 0,
    function* () {
      for (const room of localRooms.keys()) {
        const id = auctionIdOfRoom(room);
        if (id !== null) yield id;
      }
    },
  );
  const presenceTimers = new Map<number, NodeJS.Timeout>();
  let closing = false;
  const announcePresence = (auctionId: number) => {
    if (closing || presenceTimers.has(auctionId)) return;
    const timer = setTimeout(() => {
      presenceTimers.delete(auctionId);
      void presence.update(auctionId).then((online) => {
        const event: PresenceEvent = { auctionId, online };
        io.to(auctionRoom(auctionId)).emit(SOCKET_EVENTS.presence, event);
      });
    }, PRESENCE_THROTTLE_MS);
    presenceTimers.set(auctionId, timer);
  };

  // Joins of one auction asking together share a read and a count (snapshot-reads.ts).
  const snapshots = new SnapshotReads((auctionId) => readSnapshot(sql, auctionId, presence.update(auctionId)));

  io.on('connection', (socket: GatewaySocket) => {
    // A recovered socket already has its rooms back, the user and admins rooms included.
    if (!socket.recovered) {
      if (socket.data.userId != null) void socket.join(userRoom(socket.data.userId));
      if (socket.data.adminId != null) void socket.join(ADMINS_ROOM);
      for (const id of socket.data.sessionIds) void socket.join(sessionRoom(id));
    }
    // What socket.io reports about one socket (a middleware's refusal) is logged; it never reaches the process.
    socket.on('error', (err) => logger.warn({ err: err.message, socket: socket.id }, 'socket error'));

    handleAuctionRoom(socket, {
      logger,
      snapshot: (auctionId) => snapshots.snapshot(auctionId),
      announcePresence,
    });
    handleForumWatch(socket, logger);

    socket.on('disconnecting', () => {
      for (const room of socket.rooms) {
        const auctionId = auctionIdOfRoom(room);
        if (auctionId !== null) announcePresence(auctionId);
      }
    });
  });

  // Bid state goes out in one packet per room per window (room-coalescer.ts); every other event on its own.
  // Each write to a room is a span in the trace its (first) event was published in.
  const broadcast = (room: string, events: DomainEvent[], send: () => void) =>
    inSpanSync(
      'room broadcast',
      {
        kind: SpanKind.PRODUCER,
        for: events.map(traceparentOfEvent),
        attributes: { 'messaging.destination.name': room, 'messaging.batch.message_count': events.length },
      },
      () => {
        send();
        logger.debug({ room, events: events.length }, 'broadcast');
      },
    );
  // What this gateway's sockets already got of each auction, from its own packets and the other gateways'.
  const delivered = new DeliveredSeqs();
  deliverAuctionPacketsInOrder(io.of('/').adapter, delivered);
  const coalescer = new RoomCoalescer((room, events) => {
    const fresh = delivered.fresh(events);
    if (fresh.length > 0) broadcast(room, fresh, () => io.to(room).emit(SOCKET_EVENTS.auctionEvents, fresh));
  }, AUCTION_PACKET_WINDOW_MS);
  const sequencer = new StreamSequencer(
    (event) => {
      const route = routeEvent(event);
      if (route.action !== 'emit') return;
      if (travelsInAuctionPacket(route.event.type)) coalescer.push(route.room, route.event);
      else broadcast(route.room, [route.event], () => emitEvent(io.to(route.room), route.event));
    },
    {
      knownLast: (stream) => delivered.lastOf(stream),
      fillGaps: (gaps) => readEventRanges(deps.sql, gaps, GAP_READ_WAIT_MS),
      onFillError: (err) =>
        logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'events missing from the stream not read back from the log: their clients refetch',
        ),
    },
  );
  const releaseTimer = setInterval(() => sequencer.releaseOverdue(), 50);
  releaseTimer.unref();
  const relayed = deps.metrics?.counter(
    'events_relayed_total',
    'Events taken from the stream and emitted (or acted on), by type',
    ['type'],
  );
  const relay = new StreamReader({
    redis: relayRedis,
    prefix: deps.redisPrefix,
    group: GATEWAY_GROUP,
    exclusive: true,
    logger,
    handle: (events) => {
      for (const event of events) {
        relayed?.inc({ type: event.type });
        const route = routeEvent(event);
        // Closing reaches the session's sockets on every gateway process, through the adapter; the ones that dropped
        // lately lose what they could have been recovered with.
        if (route.action === 'disconnect') {
          io.in(route.room).disconnectSockets(true);
          void forgetRecovery(recovery, route.sessionId).catch((err: Error) =>
            logger.warn({ err: err.message }, 'recovery state of an ended session not deleted'),
          );
        } else sequencer.push(event);
      }
    },
  });
  await relay.start();
  if (deps.metrics) {
    deps.metrics.gauge('socketio_connected_sockets', 'Sockets connected to this gateway process', [], (g) =>
      g.set(io.engine.clientsCount),
    );
    deps.metrics.gauge(
      'events_sequencer_total',
      'Events this process dropped as duplicates, put back in order, or gaps it skipped',
      ['kind'],
      (g) => {
        for (const [kind, n] of Object.entries(sequencer.counts)) g.set({ kind }, n);
      },
    );
    deps.metrics.gauge('events_stream_reader', '1 while this process is the one reading the events stream', [], (g) =>
      g.set(relay.isReader ? 1 : 0),
    );
    deps.metrics.gauge(
      'auction_event_packets',
      'auction:events packets sent to rooms (packets) and the bid-state events they carried (events)',
      ['kind'],
      (g) => {
        for (const [kind, n] of Object.entries(coalescer.counts)) g.set({ kind }, n);
      },
    );
  }

  return {
    io,
    // Reverse order of start: stop relaying, then close the sockets (their sessions are kept for recovery on another
    // gateway) and the HTTP server, then the adapter's connection.
    async close() {
      closing = true;
      for (const timer of presenceTimers.values()) clearTimeout(timer);
      presenceTimers.clear();
      await relay.stop();
      clearInterval(releaseTimer);
      sequencer.releaseOverdue(Number.POSITIVE_INFINITY);
      coalescer.flush();
      await presence.close();
      presenceRedis.disconnect();
      await io.close();
      // QUIT lets the session writes of the sockets just closed reach Redis; a connection that is down just goes. Those
      // writes are auto-pipelined (sent on a later tick) and nobody awaits them: a PING queued behind them answers once
      // they are sent, so none goes out after QUIT to fail unhandled and end the process with exit 1.
      if (adapterRedis.status === 'ready') {
        await adapterRedis.ping().catch(() => undefined);
        await adapterRedis.quit().catch(() => adapterRedis.disconnect());
      } else adapterRedis.disconnect();
    },
  };
}
