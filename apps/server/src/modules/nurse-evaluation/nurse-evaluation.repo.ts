import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { NurseEvaluationAspects, NurseEvaluationListQuery } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter as dayAfter, shanghaiDayStart as dayStart } from '../../platform/time.js';

// 月嫂评价 queries; `r` is the alias the data rules filter (nurse-evaluation.rules.ts).

const sortColumns = { evaluatedAt: 'r.evaluated_at', overall: 'r.overall' } as const;

const columns = [
  'r.id', 'r.assignment_id', 'a.assignment_no', 'r.nurse_id', 'n.name as nurse_name', 'n.nurse_no', 'n.rating as nurse_rating', 'r.customer_id', 'cu.name as customer_name',
  'r.store_id', 'st.name as store_name', 'r.overall', 'r.aspects', 'r.comment', 'r.evaluated_at', 'r.version', 'r.created_at', 'r.updated_at',
] as const;

function evaluations(db: Db, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('nurse_evaluation as r')
    .leftJoin('nurse_assignment as a', 'a.id', 'r.assignment_id')
    .leftJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .where('r.company_id', '=', companyId)
    .where(scope);
}

export function findEvaluation(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return evaluations(db, companyId, scope).select(columns).where('r.id', '=', id).executeTakeFirst();
}
export type EvaluationRow = NonNullable<Awaited<ReturnType<typeof findEvaluation>>>;

function filtered(db: Db, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseEvaluationListQuery>) {
  let query = evaluations(db, companyId, scope);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.nurseId) query = query.where('r.nurse_id', '=', q.nurseId);
  if (q.overall) query = query.where('r.overall', '=', q.overall);
  if (q.nurseName) {
    const like = `%${escapeLike(q.nurseName)}%`;
    query = query.where((eb) => eb.or([eb('n.name', 'like', like), eb('n.nurse_no', 'like', like)]));
  }
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('cu.name', 'like', like), eb('a.assignment_no', 'like', like)]));
  }
  if (q.from) query = query.where('r.evaluated_at', '>=', dayStart(q.from));
  if (q.to) query = query.where('r.evaluated_at', '<', dayAfter(q.to));
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<NurseEvaluationListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'evaluatedAt'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}`).orderBy('r.id');
}

export function pageEvaluations(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: NurseEvaluationListQuery) {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns), query.select('r.id'), q);
}

export function exportEvaluations(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseEvaluationListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).limit(limit).execute();
}

/** The evaluation of an assignment, if any. */
export function ofAssignment(db: Db, companyId: string, assignmentId: string) {
  return db.selectFrom('nurse_evaluation').select(['id']).where('company_id', '=', companyId).where('assignment_id', '=', assignmentId).executeTakeFirst();
}

/** Which of these assignments have an evaluation. */
export async function evaluatedOf(db: Db, companyId: string, assignmentIds: string[]): Promise<string[]> {
  if (!assignmentIds.length) return [];
  return (await db.selectFrom('nurse_evaluation').select('assignment_id').where('company_id', '=', companyId).where('assignment_id', 'in', assignmentIds).execute()).map((r) => r.assignment_id);
}

export function lockEvaluation(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db.selectFrom('nurse_evaluation as r').select(['r.id', 'r.nurse_id', 'r.version']).where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).forUpdate().executeTakeFirst();
}

export async function inScope(db: Db, companyId: string, scope: Expression<SqlBool>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('nurse_evaluation as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).executeTakeFirst());
}

export interface EvaluationValues {
  overall: number;
  aspects: NurseEvaluationAspects;
  comment: string;
}

export async function insertEvaluation(db: Db, actor: Actor, a: { assignmentId: string; nurseId: string; customerId: string; storeId: string }, v: EvaluationValues): Promise<string> {
  const row = await db
    .insertInto('nurse_evaluation')
    .values({
      company_id: actor.companyId,
      assignment_id: a.assignmentId,
      nurse_id: a.nurseId,
      customer_id: a.customerId,
      store_id: a.storeId,
      overall: v.overall,
      aspects: JSON.stringify(v.aspects),
      comment: v.comment,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvaluation(db: Db, actor: Actor, id: string, v: EvaluationValues): Promise<void> {
  await db
    .updateTable('nurse_evaluation')
    .set({ overall: v.overall, aspects: JSON.stringify(v.aspects), comment: v.comment, updated_by: actor.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
}

/** The nurse's mean overall score (2 decimals, as text; null without evaluations) and their count. */
export async function ratingOf(db: Db, companyId: string, nurseId: string): Promise<{ rating: string | null; count: number }> {
  const r = await db
    .selectFrom('nurse_evaluation')
    .select([sql<string | null>`round(avg(overall), 2)::text`.as('rating'), sql<string>`count(*)`.as('count')])
    .where('company_id', '=', companyId)
    .where('nurse_id', '=', nurseId)
    .executeTakeFirstOrThrow();
  return { rating: r.rating, count: Number(r.count) };
}

/** 已完成 assignments in `scope` (the 派工 module's, alias `r`) not evaluated yet: the add form's picker. */
export function evaluable(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, keyword: string) {
  let query = db
    .selectFrom('nurse_assignment as r')
    .leftJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .select(['r.id', 'r.assignment_no', 'n.name as nurse_name', 'cu.name as customer_name', 'r.actual_end'])
    .where('r.company_id', '=', companyId)
    .where('r.status', '=', 'completed')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('nurse_evaluation as e').select('e.id').whereRef('e.assignment_id', '=', 'r.id'))))
    .where(scope);
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('r.assignment_no', 'like', like), eb('n.name', 'like', like), eb('cu.name', 'like', like)]));
  }
  return query.orderBy('r.actual_end', 'desc').orderBy('r.id').limit(50).execute();
}
