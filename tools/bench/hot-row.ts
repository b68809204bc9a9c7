// The raw limit: a bare single-statement hot-row UPDATE ... RETURNING, autocommit (durable), at the same concurrency.
import type { Sql } from './setup.js';

export async function hotRowUpdatesPerSecond(sql: Sql, concurrency: number, seconds: number): Promise<number> {
  await sql`create table if not exists bench_hot_row (id int primary key, v numeric(10,2) not null)`;
  await sql`insert into bench_hot_row values (1, 0) on conflict (id) do update set v = 0`;
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        await sql`update bench_hot_row set v = v + 1 where id = 1 returning v`;
        done += 1;
      }
    }),
  );
  return done / seconds;
}
