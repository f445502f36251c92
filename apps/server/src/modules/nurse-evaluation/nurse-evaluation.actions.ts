import type { Kysely } from 'kysely';
import {
  EXPORT_MAX_ROWS,
  nurseAssignmentStatusLabel,
  NurseEvaluationText as T,
  toPageResult,
  type NurseEvaluable,
  type NurseEvaluation,
  type NurseEvaluationAspects,
  type NurseEvaluationListQuery,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { recordMapper } from '../../platform/db/records.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { nurseForWork, setNurseRating } from '../monthly-nurse/monthly-nurse.service.js';
import { assignmentForWork, assignmentScope } from '../nurse-assignment/nurse-assignment.service.js';
import * as repo from './nurse-evaluation.repo.js';
import { nurseEvaluationScope } from './nurse-evaluation.rules.js';

// 月嫂评价 (L2): one per 已完成 派工单; the nurse's rating is recomputed in the same transaction, under
// her row's lock (so two evaluations of her at once cannot leave a stale mean).

const mapRow = recordMapper<NurseEvaluation>();
const toEvaluation = (row: repo.EvaluationRow): NurseEvaluation => mapRow(row);

export async function pageEvaluations(db: Kysely<DB>, session: SessionInfo, q: NurseEvaluationListQuery): Promise<PageResult<NurseEvaluation>> {
  const page = await repo.pageEvaluations(db, session.companyId, await nurseEvaluationScope(db, session), q);
  return toPageResult(page.rows.map(toEvaluation), page.total, q, page.capped);
}

export async function exportEvaluations(db: Kysely<DB>, session: SessionInfo, q: Partial<NurseEvaluationListQuery>): Promise<NurseEvaluation[]> {
  return (await repo.exportEvaluations(db, session.companyId, await nurseEvaluationScope(db, session), q, EXPORT_MAX_ROWS)).map(toEvaluation);
}

export async function getEvaluation(db: Kysely<DB>, session: SessionInfo, id: string): Promise<NurseEvaluation> {
  const row = await repo.findEvaluation(db, session.companyId, await nurseEvaluationScope(db, session), id);
  if (!row) throw new NotFound();
  return toEvaluation(row);
}

export async function evaluable(db: Kysely<DB>, session: SessionInfo, keyword: string): Promise<NurseEvaluable[]> {
  const rows = await repo.evaluable(db, session.companyId, await assignmentScope(db, session), keyword);
  return rows.map((r) => ({ id: r.id, assignmentNo: r.assignment_no, nurseName: r.nurse_name, customerName: r.customer_name, actualEnd: r.actual_end }));
}

export function evaluated(db: Kysely<DB>, session: SessionInfo, assignmentIds: string[]): Promise<string[]> {
  return repo.evaluatedOf(db, session.companyId, assignmentIds);
}

/** Her rating follows her evaluations: the mean overall score, recomputed under her row's lock. */
async function refreshRating(trx: Db, companyId: string, nurseId: string): Promise<void> {
  await setNurseRating(trx, companyId, nurseId, await repo.ratingOf(trx, companyId, nurseId));
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** 评价 of a 已完成 assignment (one per assignment). */
export async function addEvaluation(db: Kysely<DB>, session: SessionInfo, input: { assignmentId: string; overall: number; aspects: NurseEvaluationAspects; comment: string }): Promise<NurseEvaluation> {
  const scope = await nurseEvaluationScope(db, session);
  const id = await db.transaction().execute(async (trx) => {
    const a = await assignmentForWork(trx, session.companyId, input.assignmentId, { lock: true });
    if (!a) throw new BizError(T.assignmentMissing);
    if (a.status !== 'completed') throw new BizError(T.notCompleted(nurseAssignmentStatusLabel(a.status)));
    if (await repo.ofAssignment(trx, session.companyId, a.id)) throw new BizError(T.alreadyEvaluated(a.assignmentNo));
    await nurseForWork(trx, session.companyId, a.nurseId, { lock: true });
    const id = await repo
      .insertEvaluation(trx, session, { assignmentId: a.id, nurseId: a.nurseId, customerId: a.customerId, storeId: a.storeId }, input)
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new BizError(T.alreadyEvaluated(a.assignmentNo));
        throw e;
      });
    // One written into a store the caller's rules hide is refused with the write undone.
    if (!(await repo.inScope(trx, session.companyId, scope, id))) throw new NotFound();
    await refreshRating(trx, session.companyId, a.nurseId);
    return id;
  });
  return getEvaluation(db, session, id);
}

/** 修改评价 at the version read; her rating follows. */
export async function editEvaluation(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number; overall: number; aspects: NurseEvaluationAspects; comment: string }): Promise<NurseEvaluation> {
  const scope = await nurseEvaluationScope(db, session);
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockEvaluation(trx, session.companyId, scope, input.id);
    if (!row) throw new NotFound();
    if (row.version !== input.version) throw new StaleVersion();
    await nurseForWork(trx, session.companyId, row.nurse_id, { lock: true });
    await repo.updateEvaluation(trx, session, row.id, input);
    await refreshRating(trx, session.companyId, row.nurse_id);
  });
  return getEvaluation(db, session, input.id);
}
