// The fan-out's raw limit: a bare Socket.IO server in a process of its own (no authentication, no adapter, no events
// stream, no connection state recovery), which joins a socket to a room when asked and broadcasts the packet it is
// given to that room (as an auction:events packet, the name the product's bid state travels under). `POST /broadcast/<room>` answers first and emits right after, as the product's API answers a
// bid before its event travels: both are timed from the answer. Started by the bench with fork(); it tells the bench
// its port over the IPC channel.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const http = createServer((req, res) => {
  const m = /^\/broadcast\/(\d+)$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !m) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const packet: unknown = JSON.parse(Buffer.concat(chunks).toString());
    res.writeHead(204).end();
    setImmediate(() => io.to(`r${m[1]}`).emit('auction:events', packet));
  });
});
const io = new Server(http);
io.on('connection', (socket) => {
  socket.on('join', (room: unknown, ack: unknown) => {
    if (typeof room === 'number') void socket.join(`r${room}`);
    if (typeof ack === 'function') (ack as (a: unknown) => void)({ ok: typeof room === 'number' });
  });
});
http.listen(0, '127.0.0.1', () => process.send?.({ port: (http.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
