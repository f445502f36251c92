import { sql, type Kysely, type RawBuilder } from 'kysely';
import { toDictOption, type DictOption } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

interface SourceQuery {
  keyword?: string;
  values?: string[];
  limit: number;
  otherField?: string;
}

/** A table source described in code (see `tableDictSource`); every name here is an identifier fixed in code. */
export interface TableSourceSpec {
  table: string;
  /** Column of the option's value (compared as text). */
  value: string;
  /** Column of the option's label. */
  text: string;
  /** Rows of the caller's company only; omit for site-wide tables. */
  companyColumn?: string;
  /** A boolean column: only rows where it is true. */
  enabledColumn?: string;
  orderBy: string;
  /** Columns a keyword is looked for in (default: the label). */
  searchColumns?: string[];
  /** otherField key → column. */
  otherFields?: Record<string, string>;
}

const TRUE = sql<boolean>`true`;

export async function loadTableOptions(db: Kysely<DB>, spec: TableSourceSpec, companyId: string, q: SourceQuery): Promise<DictOption[]> {
  if (q.values && q.values.length === 0) return [];
  const otherColumn = q.otherField ? spec.otherFields?.[q.otherField] : undefined;
  const conditions: RawBuilder<boolean>[] = [TRUE];
  if (spec.companyColumn) conditions.push(sql`${sql.ref(spec.companyColumn)} = ${companyId}`);
  if (spec.enabledColumn) conditions.push(sql`${sql.ref(spec.enabledColumn)} = true`);
  if (q.keyword) {
    const pattern = `%${escapeLike(q.keyword)}%`;
    const columns = spec.searchColumns ?? [spec.text];
    conditions.push(sql`(${sql.join(columns.map((c) => sql`${sql.ref(c)}::text ilike ${pattern}`), sql` or `)})`);
  }
  if (q.values) conditions.push(sql`${sql.ref(spec.value)}::text in (${sql.join(q.values)})`);
  const other = otherColumn ? sql`${sql.ref(otherColumn)}::text` : sql`null::text`;
  const result = await sql<{ value: string; label: string; other: string | null }>`
    select ${sql.ref(spec.value)}::text as value, ${sql.ref(spec.text)}::text as label, ${other} as other
    from ${sql.table(spec.table)}
    where ${sql.join(conditions, sql` and `)}
    order by ${sql.ref(spec.orderBy)}, ${sql.ref(spec.value)}
    limit ${q.limit}`.execute(db);
  return result.rows.map((r) => toDictOption(r.value, r.label, '', q.otherField ? r.other : undefined));
}

/** Enabled users of the company (value: id, label: name); otherField `username`. */
export async function loadUserOptions(db: Kysely<DB>, companyId: string, q: SourceQuery): Promise<DictOption[]> {
  if (q.values && q.values.length === 0) return [];
  let query = db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.username'])
    .where('uc.company_id', '=', companyId)
    .where('u.status', '=', 'enabled');
  if (q.keyword) {
    const pattern = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('u.first_name', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  // Compared as text: a value that is not a uuid simply matches nothing.
  if (q.values) query = query.where(sql<string>`u.id::text`, 'in', q.values);
  const rows = await query.orderBy('u.first_name').orderBy('u.id').limit(q.limit).execute();
  return rows.map((r) => toDictOption(r.id, r.first_name, '', q.otherField === 'username' ? r.username : undefined));
}
