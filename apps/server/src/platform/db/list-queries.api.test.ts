import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestDatabase, testDriver, type TestDatabase } from '../../test/test-database.js';
import { cappedCountColumn, cappedTotal, countUpTo } from './count.js';
import { openDatabase } from './database.js';
import { executePrepared } from './prepared.js';

describe('capped list counts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await sql`create table probe_item (id int primary key, tag text not null)`.execute(t.database.db);
    await sql`insert into probe_item select g, case when g % 2 = 0 then 'even' else 'odd' end from generate_series(1, 40) g`.execute(t.database.db);
  });
  afterAll(() => t.drop());

  const items = (tag?: string) => {
    // probe_item is a test table outside the schema types.
    const db = t.database.db.withoutPlugins() as unknown as Kysely<{ probe_item: { id: number; tag: string } }>;
    let query = db.selectFrom('probe_item').select(['id', 'tag']).orderBy('id');
    if (tag) query = query.where('tag', '=', tag);
    return query;
  };

  it('answers the exact count up to the cap, and the cap with `capped` beyond it', async () => {
    expect(await countUpTo(t.database.db, items('even'), 20)).toEqual({ total: 20, capped: false });
    expect(await countUpTo(t.database.db, items('even'), 19)).toEqual({ total: 19, capped: true });
    expect(await countUpTo(t.database.db, items(), 100)).toEqual({ total: 40, capped: false });
    expect(await countUpTo(t.database.db, items('none'), 100)).toEqual({ total: 0, capped: false });
  });

  it('rides along a page query: the page rows carry the capped count of all matches', async () => {
    const page = await items('odd').select(cappedCountColumn(items('odd'), 15)).limit(5).offset(5).execute();
    expect(page.map((r) => r.id)).toEqual([11, 13, 15, 17, 19]);
    expect(cappedTotal(page[0]!.matching_count, 15)).toEqual({ total: 15, capped: true });
    const all = await items('odd').select(cappedCountColumn(items('odd'), 100)).limit(5).execute();
    expect(cappedTotal(all[0]!.matching_count, 100)).toEqual({ total: 20, capped: false });
  });
});

describe('prepared per-request statements', () => {
  it('answer like any query, and on PostgreSQL run as named statements planned once per connection', async () => {
    const created = testDriver === 'pg' ? await createPostgresDatabase() : undefined;
    const database = created ? await openDatabase({ kind: 'pg', url: created.url, poolSize: 1 }) : await openDatabase({ kind: 'pglite' });
    try {
      const query = sql<{ doubled: number }>`select ${21}::int * 2 as doubled`.compile(database.db);
      for (let i = 0; i < 3; i++) expect((await executePrepared(database.db, query)).rows).toEqual([{ doubled: 42 }]);
      if (created) {
        // One pooled connection: the statement it prepared is listed in its own session.
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
        expect(prepared.rows.map((r) => r.statement)).toContain(query.sql);
      }
    } finally {
      await database.close();
      await created?.drop();
    }
  });

  it('are plain queries when turned off (a transaction pooler)', async () => {
    if (testDriver !== 'pg') return;
    const created = await createPostgresDatabase();
    const database = await openDatabase({ kind: 'pg', url: created.url, poolSize: 1, preparedStatements: false });
    try {
      const query = sql<{ one: number }>`select ${1}::int as one`.compile(database.db);
      expect((await executePrepared(database.db, query)).rows).toEqual([{ one: 1 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
      expect(prepared.rows).toEqual([]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
