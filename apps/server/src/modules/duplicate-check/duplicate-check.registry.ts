import type { Expression, SqlBool } from 'kysely';

/** Where a registered (tableName, fieldName) pair looks; every identifier is fixed in code. */
export interface DuplicateCheckDef {
  table: string;
  column: string;
  /** Compare lower(column) with lower(value) (usernames, codes typed in any case). */
  caseInsensitive?: boolean;
  /** Only rows of the caller's company count; omit for site-wide tables. */
  companyColumn?: string;
  /** Compared with `dataId` (the record being edited does not count); default `id`. */
  idColumn?: string;
  /** A further condition written in code with Kysely's `sql` tag, e.g. only open leads. */
  where?: Expression<SqlBool>;
}

export class DuplicateCheckRegistryError extends Error {}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const pairs = new Map<string, DuplicateCheckDef>();

const keyOf = (tableName: string, fieldName: string) => `${tableName}\u0000${fieldName}`;

/**
 * Makes `fieldName` of `tableName` checkable by `/online/duplicate/check`, once, at module load. The
 * two names are what the browser sends; they need not be the real table and column.
 */
export function registerDuplicateCheck(tableName: string, fieldName: string, def: DuplicateCheckDef): void {
  for (const id of [def.table, def.column, def.companyColumn, def.idColumn]) {
    if (id !== undefined && !IDENTIFIER.test(id)) throw new DuplicateCheckRegistryError(`Duplicate check identifier ${JSON.stringify(id)} is not a plain name`);
  }
  const key = keyOf(tableName, fieldName);
  const existing = pairs.get(key);
  if (existing && existing !== def) throw new DuplicateCheckRegistryError(`Duplicate check ${tableName}.${fieldName} is registered twice`);
  pairs.set(key, def);
}

export function findDuplicateCheck(tableName: string, fieldName: string): DuplicateCheckDef | undefined {
  return pairs.get(keyOf(tableName, fieldName));
}
