// Joins asking for one auction's snapshot together share a read, and each gets a read that began after it asked.
import { expect, it } from 'vitest';
import type { AuctionSnapshot } from '@app/shared';
import { SnapshotReads } from '../src/snapshot-reads.js';

/** A read whose answer the test gives: each read is numbered in the order it began. */
function controlledReads() {
  const begun: { auctionId: number; answer(s: AuctionSnapshot | null): void; fail(e: Error): void }[] = [];
  const reads = new SnapshotReads(
    (auctionId) => new Promise((resolve, reject) => begun.push({ auctionId, answer: resolve, fail: reject })),
  );
  return { reads, begun };
}

const snap = (auctionId: number, seq: number) => ({ auctionId, seq }) as AuctionSnapshot;
const tick = () => new Promise((r) => setImmediate(r));

it('a lone join reads at once', async () => {
  const { reads, begun } = controlledReads();
  const got = reads.snapshot(1);
  expect(begun).toHaveLength(1);
  begun[0]!.answer(snap(1, 4));
  expect(await got).toEqual(snap(1, 4));
});

it('joins that ask during a read share the next one, never the read begun before them', async () => {
  const { reads, begun } = controlledReads();
  const first = reads.snapshot(1);
  const during = Array.from({ length: 500 }, () => reads.snapshot(1));
  // Only the first read has begun: the 500 wait for one that begins after they asked.
  expect(begun).toHaveLength(1);
  begun[0]!.answer(snap(1, 1));
  expect(await first).toEqual(snap(1, 1));
  await tick();
  expect(begun).toHaveLength(2);
  const late = reads.snapshot(1);
  begun[1]!.answer(snap(1, 2));
  expect(new Set(await Promise.all(during))).toEqual(new Set([snap(1, 2)]));
  await tick();
  // The join that asked during the second read gets a third.
  expect(begun).toHaveLength(3);
  begun[2]!.answer(snap(1, 3));
  expect(await late).toEqual(snap(1, 3));
});

it('auctions read apart, and a failed read fails only the joins that shared it', async () => {
  const { reads, begun } = controlledReads();
  const one = reads.snapshot(1);
  const two = reads.snapshot(2);
  expect(begun.map((b) => b.auctionId)).toEqual([1, 2]);
  begun[0]!.fail(new Error('postgres away'));
  begun[1]!.answer(null);
  await expect(one).rejects.toThrow('postgres away');
  expect(await two).toBeNull();
  // The next join of auction 1 reads again.
  const again = reads.snapshot(1);
  await tick();
  expect(begun).toHaveLength(3);
  begun[2]!.answer(snap(1, 9));
  expect(await again).toEqual(snap(1, 9));
});
