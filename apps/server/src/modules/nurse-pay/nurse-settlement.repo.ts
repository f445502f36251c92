import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { NurseSettlementItem, NurseSettlementListQuery, SettleableQuery } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';

// nurse_settlement's queries; `r` is its alias (the data rules' too). Names shown beside a settlement
// (assignment no., nurse, customer, store, users) are read by join, for display only.

const sortColumns = { createdAt: 'r.created_at', settlementNo: 'r.settlement_no', total: 'r.total', endDate: 'a.actual_end' } as const;

const columns = [
  'r.id', 'r.settlement_no', 'r.assignment_id', 'a.assignment_no', 'r.nurse_id', 'n.name as nurse_name', 'n.nurse_no', 'cu.name as customer_name',
  'r.store_id', 'st.name as store_name', 'a.actual_start as start_date', 'a.actual_end as end_date', 'r.days', 'r.daily_rate', 'r.base_amount',
  'r.bonus', 'r.deduction', 'r.total', 'r.items', 'r.status', 'au.first_name as audited_by_name', 'r.audited_at', 'r.reject_reason', 'r.remark',
  'cr.first_name as created_by_name', 'r.version', 'r.created_at', 'r.updated_at',
] as const;

function settlements(db: Db, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('nurse_settlement as r')
    .leftJoin('nurse_assignment as a', 'a.id', 'r.assignment_id')
    .leftJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
    .leftJoin('customer as cu', 'cu.id', 'a.customer_id')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .leftJoin('app_user as au', 'au.id', 'r.audited_by')
    .leftJoin('app_user as cr', 'cr.id', 'r.created_by')
    .where('r.company_id', '=', companyId)
    .where(scope);
}

export type SettlementRow = NonNullable<Awaited<ReturnType<typeof findSettlement>>>;

export function findSettlement(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return settlements(db, companyId, scope).select(columns).where('r.id', '=', id).executeTakeFirst();
}

function filtered(db: Db, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseSettlementListQuery>) {
  let query = settlements(db, companyId, scope);
  if (q.settlementNo) query = query.where('r.settlement_no', 'like', `%${escapeLike(q.settlementNo)}%`);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.nurseId) query = query.where('r.nurse_id', '=', q.nurseId);
  if (q.nurseName) {
    const like = `%${escapeLike(q.nurseName)}%`;
    query = query.where((eb) => eb.or([eb('n.name', 'like', like), eb('n.nurse_no', 'like', like)]));
  }
  // The service days [上户, 下户) touch [from, to].
  if (q.from) query = query.where('a.actual_end', '>', q.from);
  if (q.to) query = query.where('a.actual_start', '<=', q.to);
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<NurseSettlementListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'createdAt'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}`).orderBy('r.id');
}

export function pageSettlements(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: NurseSettlementListQuery) {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns), query.select('r.id'), q);
}

export function exportSettlements(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseSettlementListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).limit(limit).execute();
}

/** The live (not rejected) settlement of an assignment. */
export function liveOf(db: Db, companyId: string, assignmentId: string) {
  return db
    .selectFrom('nurse_settlement')
    .select(['id', 'settlement_no'])
    .where('company_id', '=', companyId)
    .where('assignment_id', '=', assignmentId)
    .where('status', '<>', 'rejected')
    .executeTakeFirst();
}

export interface NewSettlement {
  settlementNo: string;
  assignmentId: string;
  nurseId: string;
  storeId: string;
  days: number;
  dailyRate: string;
  baseAmount: string;
  bonus: string;
  deduction: string;
  total: string;
  items: NurseSettlementItem[];
  remark: string;
}

export async function insertSettlement(db: Db, companyId: string, userId: string, s: NewSettlement): Promise<string> {
  const row = await db
    .insertInto('nurse_settlement')
    .values({
      company_id: companyId,
      settlement_no: s.settlementNo,
      assignment_id: s.assignmentId,
      nurse_id: s.nurseId,
      store_id: s.storeId,
      days: s.days,
      daily_rate: s.dailyRate,
      base_amount: s.baseAmount,
      bonus: s.bonus,
      deduction: s.deduction,
      total: s.total,
      items: JSON.stringify(s.items),
      remark: s.remark,
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a settlement's amounts are computed from (its row is locked by the caller's move). */
export function amountBasis(db: Db, companyId: string, id: string) {
  return db.selectFrom('nurse_settlement').select(['days', 'daily_rate']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * 已完成 assignments without a live settlement, in the scopes given on alias `r` of nurse_assignment
 * (this menu's rules: its columns store_id and nurse_id are named alike there), latest
 * 下户 first. Read here until nurse-assignment offers such a list (docs/nurses.md offers one per id).
 */
export function settleable(db: Kysely<DB>, companyId: string, scopes: Expression<SqlBool>[], q: SettleableQuery) {
  let query = db
    .selectFrom('nurse_assignment as r')
    .leftJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .select(['r.id', 'r.assignment_no', 'r.nurse_id', 'n.name as nurse_name', 'n.nurse_no', 'cu.name as customer_name', 'r.store_id', 'st.name as store_name', 'r.actual_start', 'r.actual_end', 'r.daily_rate'])
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'completed')
    .where('r.actual_start', 'is not', null)
    .where('r.actual_end', 'is not', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('nurse_settlement as s').select('s.id').whereRef('s.assignment_id', '=', 'r.id').where('s.status', '<>', 'rejected'))));
  for (const scope of scopes) query = query.where(scope);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('r.assignment_no', 'like', like), eb('n.name', 'like', like), eb('cu.name', 'like', like)]));
  }
  return query.orderBy('r.actual_end', 'desc').orderBy('r.assignment_no').limit(50).execute();
}

/** Whether an assignment is in `scope` (this menu's rules, on alias `r` of nurse_assignment). */
export async function assignmentInScope(db: Db, id: string, scope: Expression<SqlBool>): Promise<boolean> {
  const found = await sql<{ id: string }>`select r.id from nurse_assignment as r where r.id = ${id} and ${scope}`.execute(db);
  return found.rows.length > 0;
}
