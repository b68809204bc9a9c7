import { expect, it } from 'vitest';
import { parseEnv, StoresEnvSchema } from '@app/shared';
import { bullConnection, redisOptions } from '../src/redis-connection.js';

it('keeps TLS, credentials and the database of a rediss:// URL, for clients and for BullMQ alike', () => {
  const url = 'rediss://app:s%3Acret@cache.example.com:6380/2';
  const expected = {
    host: 'cache.example.com',
    port: 6380,
    db: 2,
    username: 'app',
    password: 's:cret',
    tls: { servername: 'cache.example.com' },
  };
  expect(redisOptions(url)).toEqual(expected);
  expect(bullConnection(url)).toEqual({ ...expected, maxRetriesPerRequest: null });
  expect(redisOptions('redis://127.0.0.1:6379')).not.toHaveProperty('tls');
});

it('asks the sentinels named by REDIS_SENTINELS for the master, over TLS when the URL says rediss', () => {
  const { REDIS_URL } = parseEnv(StoresEnvSchema, {
    REDIS_URL: 'rediss://:pw@ignored:6379/1',
    REDIS_SENTINELS: 'sentinel-a:26379, sentinel-b.internal:26380',
    REDIS_MASTER_NAME: 'carbid',
  });
  expect(redisOptions(REDIS_URL)).toEqual({
    db: 1,
    password: 'pw',
    sentinels: [
      { host: 'sentinel-a', port: 26379 },
      { host: 'sentinel-b.internal', port: 26380 },
    ],
    name: 'carbid',
    failoverDetector: true,
    tls: {},
    enableTLSForSentinelMode: true,
    sentinelTLS: {},
  });
});

it('refuses a sentinel list that is not host:port pairs, and a URL that is not Redis', () => {
  expect(() => parseEnv(StoresEnvSchema, { REDIS_SENTINELS: 'sentinel-a' })).toThrow(/REDIS_SENTINELS/);
  expect(() => parseEnv(StoresEnvSchema, { REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
});
