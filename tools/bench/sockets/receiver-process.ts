// One receiver process: holds its share of the bench's sockets, joins them to rooms when told, and records every
// event each socket receives (when, and which seq of which stream) so the bench can tell latency, missing, duplicated
// and out-of-order deliveries apart. Started by receivers.ts with fork(); talks over the IPC channel.
import { WireSocket, nowMs } from './wire-client.js';
import { deliveryKey, type DeliveryCounts, type ReceiverCommand, type ReceiverReply } from './receiver-protocol.js';
import { record, type Histogram } from './latency-histogram.js';

interface StreamSeen {
  bits: Uint8Array;
  highest: number;
  receipts: number;
}

const sockets: WireSocket[] = [];
/** Per socket: its room, and what it received from each stream. */
const roomOf: (number | null)[] = [];
const seen: Map<string, StreamSeen>[] = [];
/** Arrival times of each delivery key, over all sockets of this process. */
let arrivals = new Map<string, number[]>();
let deliveries = 0;
let duplicates = 0;
let outOfOrder = 0;

const send = (m: ReceiverReply) => process.send!(m);

function mark(i: number, stream: string, seq: number): void {
  let s = seen[i]!.get(stream);
  if (!s) {
    s = { bits: new Uint8Array(64), highest: 0, receipts: 0 };
    seen[i]!.set(stream, s);
  }
  if (seq >> 3 >= s.bits.length) {
    const grown = new Uint8Array(Math.max(s.bits.length * 2, (seq >> 3) + 1));
    grown.set(s.bits);
    s.bits = grown;
  }
  s.receipts += 1;
  const bit = 1 << (seq & 7);
  if (s.bits[seq >> 3]! & bit) duplicates += 1;
  else s.bits[seq >> 3]! |= bit;
  if (seq < s.highest) outOfOrder += 1;
  else s.highest = seq;
}

function onEvent(i: number, payload: unknown, at: number): void {
  const event = payload as { stream?: string; seq?: number; type?: string; bidId?: number; id?: number } | undefined;
  if (!event || typeof event.stream !== 'string' || typeof event.seq !== 'number') return;
  deliveries += 1;
  mark(i, event.stream, event.seq);
  const key = deliveryKey(event);
  if (key === null) return;
  const list = arrivals.get(key);
  if (list) list.push(at);
  else arrivals.set(key, [at]);
}

async function connect(cmd: Extract<ReceiverCommand, { cmd: 'connect' }>): Promise<void> {
  let failed = 0;
  let error: string | undefined;
  let next = 0;
  // A few hundred handshakes in flight at a time: a storm of thousands would measure the accept queue, not the server.
  await Promise.all(
    Array.from({ length: Math.min(100, cmd.count) }, async () => {
      while (next < cmd.count) {
        const n = next++;
        const localAddress = cmd.localAddresses?.[n % cmd.localAddresses.length];
        try {
          const s = await WireSocket.connect(cmd.url, { origin: cmd.origin, localAddress });
          const i = sockets.push(s) - 1;
          roomOf[i] = null;
          seen[i] = new Map();
          // Bid state comes in auction:events packets (several events of the room, in order); the rest one by one.
          s.onEvent = (name, args, at) => {
            if (name === 'auction:events') for (const e of args[0] as unknown[]) onEvent(i, e, at);
            else onEvent(i, args[0], at);
          };
        } catch (err) {
          failed += 1;
          error = err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  send({ reply: 'connected', connected: sockets.length, failed, error });
}

async function join(cmd: Extract<ReceiverCommand, { cmd: 'join' }>): Promise<void> {
  const ackMs: number[] = [];
  let failed = 0;
  let error: string | undefined;
  await Promise.all(
    cmd.rooms.map(async (room, i) => {
      const s = sockets[i];
      if (room === null || !s) return;
      roomOf[i] = room;
      const started = nowMs();
      try {
        const ack = (await (cmd.kind === 'product'
          ? s.emitWithAck('auction:join', { auctionId: room })
          : s.emitWithAck('join', room))) as {
          ok?: boolean;
          error?: string;
        };
        if (ack?.ok !== true) throw new Error(ack?.error ?? 'join refused');
        ackMs.push(nowMs() - started);
      } catch (err) {
        failed += 1;
        error = err instanceof Error ? err.message : String(err);
      }
    }),
  );
  send({ reply: 'joined', ackMs, failed, error });
}

function collect(cmd: Extract<ReceiverCommand, { cmd: 'collect' }>): void {
  const groups = cmd.refGroups.map(([name, refs]) => ({
    name,
    refs: new Map(refs),
    histogram: new Map() as Histogram,
    maxMs: 0,
  }));
  let withoutRef = 0;
  for (const [key, times] of arrivals) {
    const group = groups.find((g) => g.refs.has(key));
    if (!group) {
      withoutRef += times.length;
      continue;
    }
    const ref = group.refs.get(key)!;
    for (const t of times) {
      // An event can beat its HTTP answer back to the bench; that counts as no wait, not a negative one.
      const ms = Math.max(0, t - ref);
      record(group.histogram, ms);
      if (ms > group.maxMs) group.maxMs = ms;
    }
  }
  // Rooms are fresh when the bench joins them, so every seq from 1 to the stream's last is expected.
  const finals = new Map(cmd.finals);
  let missing = 0;
  roomOf.forEach((room, i) => {
    if (room === null) return;
    for (const [stream, last] of finals.get(room) ?? []) {
      const s = seen[i]!.get(stream);
      for (let seq = 1; seq <= last; seq += 1) if (!s || !((s.bits[seq >> 3] ?? 0) & (1 << (seq & 7)))) missing += 1;
    }
  });
  const counts: DeliveryCounts = { deliveries, missing, duplicates, outOfOrder };
  send({
    reply: 'collected',
    groups: groups.map((g) => ({ name: g.name, histogram: [...g.histogram], maxMs: g.maxMs })),
    withoutRef,
    ...counts,
  });
}

process.on('message', (m: ReceiverCommand) => {
  switch (m.cmd) {
    case 'connect':
      void connect(m);
      break;
    case 'join':
      void join(m);
      break;
    case 'reset':
      // Only the times go (a warm-up's); what each socket received still counts against its streams.
      arrivals = new Map();
      send({ reply: 'reset' });
      break;
    case 'count':
      send({ reply: 'counted', deliveries });
      break;
    case 'collect':
      collect(m);
      break;
    case 'close':
      for (const s of sockets) s.close();
      send({ reply: 'closed' });
      process.disconnect();
      break;
  }
});
