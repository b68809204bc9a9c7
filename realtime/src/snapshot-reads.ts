// Joins of one auction that arrive together share one snapshot read (and one presence count). A join asks for the
// snapshot only after its socket is in the room, and gets the answer of a read that began after it asked: an event
// committed after that read reaches the socket, so no event falls between its snapshot and the room. While a read is in
// flight, the joins that arrive wait for the next one, which all of them share; a storm of 1,000 joins at once costs a
// few reads instead of 1,000 queries and 1,000 Redis round trips.
import type { AuctionSnapshot } from '@app/shared';

interface Waiter {
  resolve(snapshot: AuctionSnapshot | null): void;
  reject(err: unknown): void;
}

interface Lane {
  waiting: Waiter[];
  running: boolean;
}

export class SnapshotReads {
  private readonly lanes = new Map<number, Lane>();

  constructor(private readonly read: (auctionId: number) => Promise<AuctionSnapshot | null>) {}

  /** The auction's snapshot from a read that begins after this call (null: no such auction to watch). */
  snapshot(auctionId: number): Promise<AuctionSnapshot | null> {
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(auctionId);
      if (!lane) {
        lane = { waiting: [], running: false };
        this.lanes.set(auctionId, lane);
      }
      lane.waiting.push({ resolve, reject });
      if (!lane.running) void this.run(auctionId, lane);
    });
  }

  private async run(auctionId: number, lane: Lane): Promise<void> {
    lane.running = true;
    while (lane.waiting.length > 0) {
      // Everyone who asked before this read begins shares it; whoever asks during it waits for the next.
      const batch = lane.waiting.splice(0);
      try {
        const snapshot = await this.read(auctionId);
        for (const w of batch) w.resolve(snapshot);
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    lane.running = false;
    this.lanes.delete(auctionId);
  }
}
