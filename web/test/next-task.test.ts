import { describe, expect, it } from 'vitest';
import { importInTurns } from '../src/lib/next-task';

describe('importInTurns', () => {
  it('runs the imports in order, one at a time, each after the tasks queued before it', async () => {
    const seen: string[] = [];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => seen.push('other task');
    await importInTurns([
      async () => {
        seen.push('first');
        // A task queued while the first import runs comes before the second import.
        channel.port2.postMessage(null);
      },
      async () => seen.push('second'),
      async () => seen.push('third'),
    ]);
    channel.port1.close();
    expect(seen).toEqual(['first', 'other task', 'second', 'third']);
  });

  it('stops at an import that fails', async () => {
    const seen: string[] = [];
    await expect(
      importInTurns([
        () => Promise.reject(new Error('offline')),
        async () => {
          seen.push('after');
        },
      ]),
    ).rejects.toThrow('offline');
    expect(seen).toEqual([]);
  });
});
