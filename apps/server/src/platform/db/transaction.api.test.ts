import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';
import { BizError } from '../errors.js';
import { atCommit, inTransaction, RetryLater, TRANSACTION_ATTEMPTS } from './transaction.js';

// The money transactions' helper (docs/money.md): a deadlock victim or a serialization failure runs
// again a bounded number of times; after the last the caller gets 请重试 (409), never a raw failure.
describe('inTransaction: bounded retries of deadlocks and serialization failures', () => {
  const app = useAdminApp();

  beforeAll(async () => {
    await sql`create table if not exists tx_probe (id integer primary key, v integer not null default 0)`.execute(app.db);
    await sql`insert into tx_probe (id) values (1), (2) on conflict do nothing`.execute(app.db);
  });

  it('runs a deadlock victim again: both transactions commit (PostgreSQL)', async ({ skip }) => {
    if (app.t.ctx.database.driver !== 'pg') skip('PGlite is one session: two transactions never hold locks at once');
    let attempts = 0;
    let arrived = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    const crossing = (first: number, second: number) =>
      inTransaction(app.db, async (trx) => {
        attempts++;
        await sql`update tx_probe set v = v + 1 where id = ${first}`.execute(trx);
        // The first attempts wait for each other, so each then waits for the row the other holds.
        if (++arrived <= 2) {
          if (arrived === 2) release();
          await bothLocked;
        }
        await sql`update tx_probe set v = v + 1 where id = ${second}`.execute(trx);
        return first;
      });
    const before = await sql<{ v: number }>`select sum(v)::int as v from tx_probe`.execute(app.db);
    expect(await Promise.all([crossing(1, 2), crossing(2, 1)])).toEqual([1, 2]);
    // PostgreSQL aborted one as the deadlock's victim; it ran once more and both committed.
    expect(attempts).toBe(3);
    const after = await sql<{ v: number }>`select sum(v)::int as v from tx_probe`.execute(app.db);
    expect(after.rows[0]!.v - before.rows[0]!.v).toBe(4);
  });

  it('answers RetryLater (409 请重试) once every attempt was aborted, and writes nothing', async () => {
    let attempts = 0;
    const failing = inTransaction(app.db, async (trx) => {
      attempts++;
      await sql`update tx_probe set v = 1000 where id = 1`.execute(trx);
      throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
    });
    await expect(failing).rejects.toBeInstanceOf(RetryLater);
    await expect(failing).rejects.toMatchObject({ message: ErrorText.retryLater, code: '101' });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    const row = await sql<{ v: number }>`select v from tx_probe where id = 1`.execute(app.db);
    expect(row.rows[0]!.v).not.toBe(1000);
  });

  it('does not run a business refusal again', async () => {
    let attempts = 0;
    await expect(
      inTransaction(app.db, async () => {
        attempts++;
        throw new BizError('不行');
      }),
    ).rejects.toMatchObject({ message: '不行' });
    expect(attempts).toBe(1);
  });

  it('runs the work put off to the commit last, in the order of its keys', async () => {
    const seen: string[] = [];
    await inTransaction(app.db, async (trx) => {
      await atCommit(trx, 'b', async () => void seen.push('b1'));
      await atCommit(trx, 'a', async () => void seen.push('a'));
      await atCommit(trx, 'b', async () => void seen.push('b2'));
      seen.push('work');
    });
    expect(seen).toEqual(['work', 'a', 'b1', 'b2']);
    // Outside inTransaction it runs at once.
    await app.db.transaction().execute(async (trx) => {
      await atCommit(trx, 'x', async () => void seen.push('now'));
      seen.push('after');
    });
    expect(seen.slice(-2)).toEqual(['now', 'after']);
  });
});
