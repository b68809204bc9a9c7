// A transaction whose BEGIN is sent with its first statement is still one transaction: its writes are seen by nobody
// before COMMIT, all of them are undone when the work throws, and its connection goes back to the pool either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionRolledBack, pipelinedTransaction } from '../src/events/pipelined-transaction.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.sql`create table pipelined_probe (id int primary key)`;
});
afterAll(async () => {
  await db.drop();
});

const ids = async () => (await db.sql<{ id: number }[]>`select id from pipelined_probe order by id`).map((r) => r.id);

describe('pipelinedTransaction', () => {
  it('commits what the work wrote, and nobody sees it before the commit', async () => {
    const outside = await pipelinedTransaction(db.sql, async (tx) => {
      await tx`insert into pipelined_probe (id) values (1), (2)`;
      // Another connection, while the transaction is open.
      return ids();
    });
    expect(outside).toEqual([]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('rolls everything back when the work throws, and when a statement fails', async () => {
    await expect(
      pipelinedTransaction(db.sql, async (tx) => {
        await tx`insert into pipelined_probe (id) values (3)`;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      pipelinedTransaction(db.sql, async (tx) => {
        await tx`insert into pipelined_probe (id) values (4)`;
        await tx`insert into pipelined_probe (id) values (1)`;
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual([1, 2]);
  });

  it('refuses to report a commit when a statement failed and the work went on without it', async () => {
    await expect(
      pipelinedTransaction(db.sql, async (tx) => {
        await tx`insert into pipelined_probe (id) values (5)`;
        await tx`insert into pipelined_probe (id) values (1)`.catch(() => undefined);
      }),
    ).rejects.toBeInstanceOf(TransactionRolledBack);
    expect(await ids()).toEqual([1, 2]);
  });

  it('hands its connection back: more transactions than the pool has connections all finish', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      pipelinedTransaction(db.sql, async (tx) => {
        await tx`insert into pipelined_probe (id) values (${100 + i})`;
        if (i % 3 === 0) throw new Error('refused');
      }).catch(() => 'refused'),
    );
    const outcomes = await Promise.all(many);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(14);
    expect((await ids()).filter((id) => id >= 100)).toHaveLength(26);
  });
});
