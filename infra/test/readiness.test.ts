// Readiness: every check runs at once, each bounded, so one dependency that never answers makes the answer "down"
// for that one instead of holding the probe until the orchestrator's timeout.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { readiness, redisAnswers } from '../src/status-routes.js';

describe('readiness', () => {
  it('is ready when every check answers', async () => {
    expect(await readiness({ a: async () => 1, b: async () => 'PONG' })).toEqual({
      ready: true,
      body: { a: 'ok', b: 'ok' },
    });
  });

  it('names the check that failed or never answered within the bound, and keeps the others', async () => {
    const result = await readiness(
      {
        fails: async () => {
          throw new Error('refused');
        },
        hangs: () => new Promise(() => {}),
        fine: async () => true,
      },
      50,
    );
    expect(result).toEqual({ ready: false, body: { fails: 'down', hangs: 'down', fine: 'ok' } });
  });

  it('answers down at once for a Redis connection that is not up, without queueing a PING behind its reconnection', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: null });
    try {
      expect((await readiness({ redis: redisAnswers(redis) }, 60_000)).body).toEqual({ redis: 'down' });
      expect(redis.status).toBe('wait');
    } finally {
      redis.disconnect();
    }
  });
});
