import { sql, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';

/** Lists whose filters can match hundreds of thousands of rows count at most this many. */
export const LIST_COUNT_CAP = 10_000;

/**
 * Counts the rows of a filtered list, stopping past `cap`: a 店长's store holds hundreds of thousands
 * of customers, and an exact count would read all their index entries on every page turn. Answers
 * `capped: true` with `total = cap` when more rows match (the page shows "10000+").
 */
export async function countUpTo<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  query: SelectQueryBuilder<DB, TB, O>,
  cap: number = LIST_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const rows = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(cap + 1);
  const result = await sql<{ count: string }>`select count(*) as count from (${rows}) as matching`.execute(db);
  return cappedTotal(result.rows[0]?.count ?? 0, cap);
}

/**
 * The same capped count as a column of the page query (an uncorrelated subquery, computed once), so
 * a list call costs one round trip: read it with `cappedTotal`. A page past the end has no row to
 * carry it; count with `countUpTo` then.
 */
export function cappedCountColumn<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, cap: number = LIST_COUNT_CAP) {
  const rows = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(cap + 1);
  return sql<string>`(select count(*) from (${rows}) as matching)`.as('matching_count');
}

export function cappedTotal(count: string | number, cap: number = LIST_COUNT_CAP): { total: number; capped: boolean } {
  const total = Number(count);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/**
 * A list page and the capped count of all matches in one round trip: `rows` is the sorted, selected
 * query, `matches` the same filter without them. A page past the end has no row to carry the count;
 * it is counted on its own then.
 */
export async function pageWithCappedCount<DB, TB extends keyof DB, O, MDB, MTB extends keyof MDB, MO>(
  db: QueryExecutorProvider,
  rows: SelectQueryBuilder<DB, TB, O>,
  matches: SelectQueryBuilder<MDB, MTB, MO>,
  page: { pageNo: number; pageSize: number },
  o: { paged?: boolean } = {},
): Promise<{ rows: O[]; total: number; capped: boolean }> {
  // `paged`: `rows` already holds just the page's rows (their ids picked by a limited subquery).
  const selected = rows.select(cappedCountColumn(matches));
  const found = await (o.paged ? selected : selected.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize)).execute();
  if (found.length === 0 && page.pageNo > 1) return { rows: [], ...(await countUpTo(db, matches)) };
  const count = (found[0] as { matching_count?: string } | undefined)?.matching_count ?? 0;
  // The rows are returned as their type says, without the count column (mappers copy every column).
  const pageRows = found.map((row) => {
    const { matching_count: _count, ...rest } = row as O & { matching_count?: string };
    return rest as O;
  });
  return { rows: pageRows, ...cappedTotal(count) };
}
