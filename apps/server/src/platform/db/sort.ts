import { sql, type RawBuilder } from 'kysely';

/** A list's sort key: the column, and whether it may be empty. */
export interface SortColumn {
  column: string;
  nullable: boolean;
}

/**
 * ORDER BY term of a list's sort key (the request only ever picks a key, never a column). Nullable
 * columns put their empty values last; the others keep the plain order, so that an index on
 * `(…, column desc)` (nulls first) still yields it.
 */
export function sortTerm({ column, nullable }: SortColumn, order: 'asc' | 'desc' | undefined): RawBuilder<unknown> {
  const direction = order === 'asc' ? 'asc' : 'desc';
  return sql`${sql.ref(column)} ${sql.raw(direction)}${sql.raw(nullable ? ' nulls last' : '')}`;
}
