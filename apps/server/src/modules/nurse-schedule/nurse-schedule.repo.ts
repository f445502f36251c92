import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

// 档期 reads the nurses (owned by monthly-nurse) to page the team view; assignments and leave come
// through the two modules' services. `r` is the nurse alias the monthly-nurse data rules filter on.

const columns = ['r.id', 'r.nurse_no', 'r.name', 'r.level', 'r.status', 'r.store_id', 's.name as store_name'] as const;

export interface TeamFilter {
  storeId?: string;
  level?: string;
  /** Part of the name, or the start of the nurse no. */
  name?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function nurses(db: Db, companyId: string, scope: Expression<SqlBool> | undefined) {
  let query = db.selectFrom('monthly_nurse as r').leftJoin('store as s', 's.id', 'r.store_id').where('r.company_id', '=', companyId);
  if (scope) query = query.where(scope);
  return query;
}

/** One page of the nurses not 离职 in the scope, by nurse no. */
export function teamPage(db: Db, companyId: string, scope: Expression<SqlBool> | undefined, f: TeamFilter, page: { pageNo: number; pageSize: number }) {
  let query = nurses(db, companyId, scope).where('r.status', '<>', 'left');
  if (f.storeId) query = query.where('r.store_id', '=', f.storeId);
  if (f.level) query = query.where('r.level', '=', f.level);
  if (f.name) {
    const name = f.name;
    query = query.where((eb) => eb.or([eb('r.name', 'like', `%${escapeLike(name)}%`), eb('r.nurse_no', 'like', `${escapeLike(name)}%`)]));
  }
  return pageWithCappedCount(db, query.select(columns).orderBy('r.nurse_no'), query, page);
}

/** One nurse of the company in the scope (any status). */
export function oneNurse(db: Db, companyId: string, scope: Expression<SqlBool> | undefined, id: string) {
  return nurses(db, companyId, scope).select(columns).where('r.id', '=', id).executeTakeFirst();
}

/** Which of `ids` the scope lets the caller see. */
export async function inScope(db: Db, companyId: string, scope: Expression<SqlBool>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('monthly_nurse as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', 'in', ids).where(scope).execute();
  return new Set(rows.map((r) => r.id));
}

export type TeamNurseRow = Awaited<ReturnType<typeof oneNurse>> & {};
