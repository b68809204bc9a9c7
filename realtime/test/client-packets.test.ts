// The packet check that keeps a client from ending the gateway: a bare Socket.IO server with socket.io's default 1 MB
// packet limit (so the size limit plays no part) and the gateway's parser. An event of 100,000 arguments, which
// socket.io would spread onto the call stack and die of (RangeError, uncaught), closes that connection only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS } from '@app/shared';
import { ClientPacketDecoder, RefusedPacket, clientPacketParser } from '../src/client-packets.js';
import { onClientEvent } from '../src/handlers/boundary.js';
import type { GatewaySocket } from '../src/socket-types.js';

const EVENTS = new Set<string>([SOCKET_EVENTS.join, SOCKET_EVENTS.leave]);
const hugeEvent = (n: number) => `21${JSON.stringify([SOCKET_EVENTS.join, ...Array<number>(n).fill(1)])}`;

function decode(frame: string): unknown[] {
  const decoder = new ClientPacketDecoder(EVENTS);
  const decoded: unknown[] = [];
  decoder.on('decoded', (p) => decoded.push(p));
  decoder.add(frame);
  return decoded;
}

describe('the client packet decoder', () => {
  it('refuses an event with 100,000 arguments as it is decoded, before anything is dispatched', () => {
    expect(() => decode(hugeEvent(100_000))).toThrow(RefusedPacket);
    expect(() => decode(hugeEvent(2))).toThrow('an event carries at most one payload, not 2');
  });

  it('passes the events a client sends and drops events no handler takes', () => {
    expect(decode(`23${JSON.stringify([SOCKET_EVENTS.join, { auctionId: 7 }])}`)).toEqual([
      { type: 2, nsp: '/', id: 3, data: [SOCKET_EVENTS.join, { auctionId: 7 }] },
    ]);
    expect(decode(`2${JSON.stringify([SOCKET_EVENTS.leave])}`)).toHaveLength(1);
    expect(decode('2["auction:bid",{"auctionId":7}]')).toEqual([]);
    expect(decode('2[7]')).toEqual([]);
    expect(decode('0')).toEqual([{ type: 0, nsp: '/' }]);
  });

  it('refuses binary packets, acknowledgements and other namespaces', () => {
    for (const frame of ['51-["auction:join",{"_placeholder":true,"num":0}]', '31[1]', '2/admin,["auction:join",{}]'])
      expect(() => decode(frame), frame).toThrow(RefusedPacket);
    const decoder = new ClientPacketDecoder(EVENTS);
    expect(() => decoder.add(Buffer.from([1, 2, 3]))).toThrow(RefusedPacket);
  });
});

describe('a Socket.IO server with this parser and the handlers behind the error boundary', () => {
  let http: ReturnType<typeof createServer>;
  let server: Server;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    http = createServer();
    server = new Server(http, { parser: clientPacketParser(EVENTS) });
    const logger = pino({ level: 'silent' });
    server.on('connection', (socket) => {
      const s = socket as unknown as GatewaySocket;
      onClientEvent(
        s,
        SOCKET_EVENTS.join,
        (payload, reply) => {
          const id = (payload as { auctionId?: unknown } | null)?.auctionId;
          if (id === 'throw') throw new Error('a handler bug');
          if (id === 'reject') return Promise.reject(new Error('an async handler bug'));
          reply({ ok: false, error: `seen ${String(id)}` });
        },
        logger,
      );
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const closedBy = (s: Socket, act: () => void) => {
    const closed = new Promise<string>((r) => s.once('disconnect', (reason) => r(reason)));
    act();
    return closed;
  };

  it('closes the connection that sends 100,000 arguments; the process lives and serves the others', async () => {
    const bystander = await open();
    const attacker = await open();
    const write = (frame: string) => (attacker.io.engine as unknown as { write(d: string): void }).write(frame);
    expect(await closedBy(attacker, () => write(hugeEvent(100_000)))).toBe('transport close');
    expect(await bystander.timeout(2000).emitWithAck(SOCKET_EVENTS.join, { auctionId: 1 })).toEqual({
      ok: false,
      error: 'seen 1',
    });
  });

  it('closes the socket whose handler throws or rejects, logs it, and serves the others', async () => {
    const bystander = await open();
    for (const bug of ['throw', 'reject']) {
      const s = await open();
      expect(await closedBy(s, () => s.emit(SOCKET_EVENTS.join, { auctionId: bug }))).toBe('io server disconnect');
    }
    expect(await bystander.timeout(2000).emitWithAck(SOCKET_EVENTS.join, { auctionId: 2 })).toEqual({
      ok: false,
      error: 'seen 2',
    });
  });
});
