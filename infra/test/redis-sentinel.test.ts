// Redis behind Sentinel, on real servers of this test's own: a master, its replica and a sentinel on free ports. A
// client made from REDIS_URL + REDIS_SENTINELS finds the master through the sentinel, and after the master is killed
// with -9 and the replica promoted, writes again to the new master by itself, BullMQ's connection included.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseEnv, StoresEnvSchema } from '@app/shared';
import { findRedisServer, freePort } from '../scripts/own-servers.mjs';
import { bullConnection, createRedis } from '../src/redis-connection.js';

let dir: string;
const servers: ChildProcess[] = [];
let masterPort: number;
let replicaPort: number;
let sentinelPort: number;

async function run(args: string[]): Promise<ChildProcess> {
  const child = spawn(findRedisServer() ?? 'redis-server', args, { cwd: dir, stdio: 'ignore' });
  servers.push(child);
  return child;
}

async function answers(port: number): Promise<void> {
  const probe = createRedis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  probe.on('error', () => {});
  try {
    for (let i = 0; i < 100; i += 1) {
      if (await probe.ping().catch(() => null)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nothing answers on ${port}`);
  } finally {
    probe.disconnect();
  }
}

let master: ChildProcess;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sentinel-'));
  [masterPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const common = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  master = await run(['--port', String(masterPort), ...common]);
  await run(['--port', String(replicaPort), ...common, '--replicaof', '127.0.0.1', String(masterPort)]);
  await answers(masterPort);
  await answers(replicaPort);
  const conf = join(dir, 'sentinel.conf');
  await writeFile(
    conf,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor carbid 127.0.0.1 ${masterPort} 1`,
      'sentinel down-after-milliseconds carbid 1000',
      'sentinel failover-timeout carbid 5000',
      '',
    ].join('\n'),
  );
  await run([conf, '--sentinel']);
  await answers(sentinelPort);
}, 30_000);

afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

it('follows the master through Sentinel across a kill -9 of the master, for clients and BullMQ', async () => {
  const { REDIS_URL } = parseEnv(StoresEnvSchema, {
    REDIS_URL: 'redis://unused:6379/0',
    REDIS_SENTINELS: `127.0.0.1:${sentinelPort}`,
    REDIS_MASTER_NAME: 'carbid',
  });
  const client = createRedis(REDIS_URL, { maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  // The replica has finished its first sync before the test writes.
  for (let i = 0; i < 100 && !/slave0:.*state=online/.test(await client.info('replication')); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  await client.set('before', 'kept');
  // Acknowledged by the replica too, as the product's writes that must survive are (the outbox re-sends the rest).
  expect(await client.wait(1, 10_000)).toBe(1);
  expect((await client.role())[0]).toBe('master');
  expect(await client.config('GET', 'port')).toEqual(['port', String(masterPort)]);

  // The sentinel learns of the replica from the master's INFO (every 10 s at first), then connects to it and reads
  // its own INFO: only a replica it holds connected and linked to the master is one it will promote (one just named,
  // still flagged disconnected, makes the failover give up for lack of a good replica).
  const sentinel = createRedis(`redis://127.0.0.1:${sentinelPort}`);
  sentinel.on('error', () => {});
  const promotable = (fields: unknown): boolean => {
    const list = fields as string[];
    const field = (name: string) => list[list.indexOf(name) + 1];
    return field('flags') === 'slave' && field('master-link-status') === 'ok';
  };
  let ready = false;
  for (let i = 0; i < 300 && !ready; i += 1) {
    const replicas = (await sentinel.call('SENTINEL', 'REPLICAS', 'carbid')) as unknown[];
    ready = replicas.some(promotable);
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  sentinel.disconnect();
  expect(ready).toBe(true);

  const killedAt = Date.now();
  master.kill('SIGKILL');
  let wrote = false;
  while (!wrote && Date.now() - killedAt < 30_000) {
    wrote = (await client.set('after', 'written').catch(() => null)) === 'OK';
    if (!wrote) await new Promise((r) => setTimeout(r, 200));
  }
  expect(wrote).toBe(true);
  const [role] = await client.role();
  expect(role).toBe('master');
  expect(await client.get('before')).toBe('kept');
  expect(await client.config('GET', 'port')).toEqual(['port', String(replicaPort)]);
  console.log(`writes accepted again ${Date.now() - killedAt} ms after the master was killed`);

  const queue = new Queue('sentinel-check', { connection: bullConnection(REDIS_URL), prefix: 'test-sentinel' });
  const job = await queue.add('ping', { n: 1 });
  expect(await queue.getJob(job.id!)).toBeTruthy();
  await queue.close();
  client.disconnect();
}, 60_000);
