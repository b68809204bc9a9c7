// The bench's receiving sockets, spread over several processes of their own so that decoding thousands of packets does
// not happen on the thread that times them, nor on the bench's: the tail of a delivery then measures the server.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fromSamples, merge, summarize, type Histogram, type Summary } from './latency-histogram.js';
import { askChild } from '../child-ipc.js';
import type { DeliveryCounts, ReceiverCommand, ReceiverReply, ServerKind } from './receiver-protocol.js';

const ENTRY = fileURLToPath(new URL('./receiver-process.ts', import.meta.url));

export interface DeliveryReport extends DeliveryCounts {
  /** Per group of causes (bids, chat lines): each delivery's time from its cause's answer. */
  latency: Record<string, Summary>;
  /** Deliveries with no request to time them from (automatic bids, system lines, closes). */
  withoutRef: number;
}

export class Receivers {
  private readonly children: ChildProcess[];
  private readonly sizes: number[] = [];

  constructor(processes: number) {
    this.children = Array.from({ length: processes }, () =>
      fork(ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
  }

  /** Process ids, for CPU accounting. */
  get pids(): number[] {
    return this.children.map((c) => c.pid!);
  }

  private ask<R extends ReceiverReply['reply']>(child: ChildProcess, command: ReceiverCommand, reply: R) {
    return askChild<ReceiverReply, R>(child, command, reply);
  }

  /** Opens `count` sockets spread evenly over the processes (and over the source addresses, if given). */
  async connect(url: string, count: number, opts: { origin?: string; localAddresses?: string[] } = {}): Promise<void> {
    const n = this.children.length;
    const replies = await Promise.all(
      this.children.map((c, k) => {
        const share = Math.floor(count / n) + (k < count % n ? 1 : 0);
        this.sizes[k] = (this.sizes[k] ?? 0) + share;
        return this.ask(c, { cmd: 'connect', url, count: share, ...opts }, 'connected');
      }),
    );
    const failed = replies.reduce((s, r) => s + r.failed, 0);
    if (failed > 0)
      throw new Error(`${failed} of ${count} sockets did not connect (${replies.find((r) => r.error)?.error})`);
  }

  /**
   * Joins socket i (counted over all processes in order) to rooms[i], every join sent at once. Answers each join's
   * time to its acknowledgement and how long the whole storm took, from its first join sent to its last answer.
   */
  async join(kind: ServerKind, rooms: (number | null)[]): Promise<{ acks: Summary; totalMs: number; joins: number }> {
    let offset = 0;
    const started = performance.now();
    const replies = await Promise.all(
      this.children.map((c, k) => {
        const mine = rooms.slice(offset, offset + this.sizes[k]!);
        offset += this.sizes[k]!;
        return this.ask(c, { cmd: 'join', kind, rooms: mine }, 'joined');
      }),
    );
    const totalMs = performance.now() - started;
    const failed = replies.reduce((s, r) => s + r.failed, 0);
    if (failed > 0) throw new Error(`${failed} joins failed (${replies.find((r) => r.error)?.error})`);
    const ackMs = replies.flatMap((r) => r.ackMs);
    return { acks: fromSamples(ackMs), totalMs, joins: ackMs.length };
  }

  async reset(): Promise<void> {
    await Promise.all(this.children.map((c) => this.ask(c, { cmd: 'reset' }, 'reset')));
  }

  /**
   * Waits until no socket has received anything for `quietMs` (whatever was on its way has landed), at most `maxMs`;
   * answers how long that took. A server that fell behind is then measured by its latency, not counted as losing.
   */
  async settle(quietMs = 1000, maxMs = 60_000): Promise<number> {
    const started = performance.now();
    const total = async () =>
      (await Promise.all(this.children.map((c) => this.ask(c, { cmd: 'count' }, 'counted')))).reduce(
        (s, r) => s + r.deliveries,
        0,
      );
    let last = await total();
    while (performance.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, quietMs));
      const now = await total();
      if (now === last) break;
      last = now;
    }
    return performance.now() - started;
  }

  /** Latency of every delivery from its cause's answer, and each socket's receipts checked against its streams' last seq. */
  async collect(
    refGroups: Record<string, Map<string, number>>,
    finals: Map<number, [string, number][]>,
  ): Promise<DeliveryReport> {
    const command: ReceiverCommand = {
      cmd: 'collect',
      refGroups: Object.entries(refGroups).map(([name, refs]) => [name, [...refs]]),
      finals: [...finals],
    };
    const replies = await Promise.all(this.children.map((c) => this.ask(c, command, 'collected')));
    const latency: Record<string, Summary> = {};
    for (const name of Object.keys(refGroups)) {
      const h: Histogram = new Map();
      let max = 0;
      for (const g of replies.flatMap((r) => r.groups.filter((x) => x.name === name))) {
        merge(h, g.histogram);
        max = Math.max(max, g.maxMs);
      }
      latency[name] = summarize(h, max);
    }
    const sum = (f: (r: (typeof replies)[number]) => number) => replies.reduce((s, r) => s + f(r), 0);
    return {
      latency,
      withoutRef: sum((r) => r.withoutRef),
      deliveries: sum((r) => r.deliveries),
      missing: sum((r) => r.missing),
      duplicates: sum((r) => r.duplicates),
      outOfOrder: sum((r) => r.outOfOrder),
    };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(async (c) => {
        if (c.exitCode !== null) return;
        const exited = new Promise((r) => c.once('exit', r));
        await this.ask(c, { cmd: 'close' }, 'closed').catch(() => undefined);
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (c.exitCode === null) c.kill('SIGKILL');
      }),
    );
  }
}
