// A Redis and a Postgres cluster of the fault suite's own, on free ports in a temporary folder, so it can stop,
// freeze and restart them without touching the servers everything else on the machine uses.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench/setup.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface OwnRedis {
  url: string;
  /** Stops it (SIGTERM) and starts it again on the same port; with `aof` off it comes back empty. */
  restart(opts: { aof: boolean }): Promise<void>;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'faults-redis-'));
  let child: ChildProcess;
  const start = async (aof: boolean) => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', aof ? 'yes' : 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 100; i += 1) {
      if (
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .includes('PONG')
      )
        return;
      await sleep(50);
    }
    throw new Error('own redis did not start');
  };
  const stopChild = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await start(true);
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart({ aof }) {
      if (aof) spawnSync('redis-cli', ['-p', String(port), 'bgrewriteaof']);
      await stopChild();
      if (!aof) rmSync(join(dir, 'appendonlydir'), { recursive: true, force: true });
      await start(aof);
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGCONT');
      await stopChild();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnPostgres {
  url: string;
  fastRestart(): void;
  /** Stops it without a checkpoint (as a crash would), waits, and starts it again: crash recovery on start. */
  crashAndStart(downMs: number): Promise<void>;
  stop(): void;
}

const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  // initdb and postgres refuse to run as root: as root, run them as the postgres system user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres']).stdout.toString().trim();
    const gid = spawnSync('id', ['-g', 'postgres']).stdout.toString().trim();
    chownSync(dir, Number(id), Number(gid));
  }
  const run = (bin: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { encoding: 'utf8' })
      : spawnSync(join(PG_BIN, bin), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr || r.stdout}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=200`;
  const pgctl = (...args: string[]) =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', ...args]);
  pgctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/auction`,
    fastRestart: () => pgctl('-m', 'fast', 'restart'),
    async crashAndStart(downMs) {
      pgctl('-m', 'immediate', 'stop');
      await sleep(downMs);
      pgctl('start');
    },
    stop() {
      try {
        pgctl('-m', 'immediate', 'stop');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
