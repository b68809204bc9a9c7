// CPU time per process group from /proc (user + system, every thread included), sampled once a second so that a
// process which ends during a window (a pooled Postgres backend) still counts what it used. Postgres backends are
// told apart by the database name in their process title; Postgres's own background processes and the Redis server
// serve every database and prefix on this machine, so their figures include other work running beside the bench.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the product runs on
const BACKEND_TITLE = /^postgres: (?:\S+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

export type Group =
  | 'api'
  | 'realtime'
  | 'workers'
  | 'postgres (bench database backends)'
  | 'postgres (background processes, shared)'
  | 'redis-server (shared)'
  | 'load generator';

function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

export class CpuSampler {
  /** pid -> [group, ticks at the window's start, latest ticks seen] */
  private readonly seen = new Map<number, [Group, number, number]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly fixed: () => [Group, number][],
    private readonly database: string,
  ) {}

  private discover(): [Group, number][] {
    const found: [Group, number][] = [...this.fixed()];
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const cmd = commandLine(pid);
      if (cmd.startsWith('postgres: ')) {
        // Backends are titled "postgres: [cluster: ]<user> <database> <client address> <state>": only ours count, and
        // other databases' backends are other work. Everything else (walwriter, checkpointer, ...) serves all of them.
        const backend = BACKEND_TITLE.exec(cmd);
        if (!backend) found.push(['postgres (background processes, shared)', pid]);
        else if (backend[1] === this.database) found.push(['postgres (bench database backends)', pid]);
      } else if (/\/postgres\s+-D\s/.test(cmd)) found.push(['postgres (background processes, shared)', pid]);
      else if (cmd.startsWith('redis-server')) found.push(['redis-server (shared)', pid]);
    }
    return found;
  }

  private sample(): void {
    for (const [group, pid] of this.discover()) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      const entry = this.seen.get(pid);
      // A process first seen mid-window started during it: everything it used counts.
      if (entry) entry[2] = ticks;
      else this.seen.set(pid, [group, this.started ? 0 : ticks, ticks]);
    }
  }

  private started = false;

  start(): void {
    this.seen.clear();
    this.started = false;
    this.sample();
    this.started = true;
    this.timer = setInterval(() => this.sample(), 1000);
  }

  /** CPU seconds used by each group since start(). */
  stop(): Map<Group, number> {
    clearInterval(this.timer);
    this.sample();
    const out = new Map<Group, number>();
    for (const [group, first, last] of this.seen.values())
      out.set(group, (out.get(group) ?? 0) + (last - first) / TICKS_PER_SECOND);
    return out;
  }
}
