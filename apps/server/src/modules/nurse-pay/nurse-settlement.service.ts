import type { Kysely } from 'kysely';
import {
  EXPORT_MAX_ROWS,
  nurseAssignmentStatusLabel,
  NumberRuleCode,
  nurseSettlementMachine,
  NurseSettlementText,
  settlementAmounts,
  settlementDays,
  toPageResult,
  type NurseSettlement,
  type NurseSettlementAdjust,
  type NurseSettlementEvent,
  type NurseSettlementItem,
  type NurseSettlementListQuery,
  type NurseSettlementReject,
  type PageResult,
  type SettleableAssignment,
  type SettleableQuery,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { recordMapper } from '../../platform/db/records.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { assignmentForWork } from '../nurse-assignment/nurse-assignment.service.js';
import { nextNumber } from '../number-rule/index.js';
import * as repo from './nurse-settlement.repo.js';
import { nurseSettlementScope } from './nurse-settlement.rules.js';

// 月嫂结算 (docs/nurses.md): generated for a 已完成 assignment — days = 实际下户 − 实际上户, the
// assignment's daily rate, bonuses and deductions as items, total ≥ 0, all in cents; one live
// settlement per assignment; adjusted while 待审核; 审核 / 驳回 through nurseSettlementMachine.

const toRecord = recordMapper<NurseSettlement>();
const present = (row: repo.SettlementRow): NurseSettlement => toRecord({ ...row, days: Number(row.days), items: (row.items ?? []) as NurseSettlement['items'] });

export async function pageSettlements(db: Kysely<DB>, session: SessionInfo, q: NurseSettlementListQuery): Promise<PageResult<NurseSettlement>> {
  const page = await repo.pageSettlements(db, session.companyId, await nurseSettlementScope(db, session), q);
  return toPageResult(page.rows.map(present), page.total, q, page.capped);
}

export async function exportSettlements(db: Kysely<DB>, session: SessionInfo, q: Partial<NurseSettlementListQuery>): Promise<NurseSettlement[]> {
  return (await repo.exportSettlements(db, session.companyId, await nurseSettlementScope(db, session), q, EXPORT_MAX_ROWS)).map(present);
}

export async function getSettlement(db: Db, session: SessionInfo, id: string): Promise<NurseSettlement> {
  const row = await repo.findSettlement(db, session.companyId, await nurseSettlementScope(db as Kysely<DB>, session), id);
  if (!row) throw new NotFound();
  return present(row);
}

/**
 * The picker: 已完成 assignments not yet settled (or only rejected) in the stores this menu's rules
 * let the caller settle (月嫂派工's own rules are not asked: a finance user need not hold that menu).
 */
export async function settleableFor(db: Kysely<DB>, session: SessionInfo, q: SettleableQuery): Promise<SettleableAssignment[]> {
  const rows = await repo.settleable(db, session.companyId, [await nurseSettlementScope(db, session)], q);
  return rows.map((r) => ({
    id: r.id,
    assignmentNo: r.assignment_no,
    nurseId: r.nurse_id,
    nurseName: r.nurse_name,
    nurseNo: r.nurse_no,
    customerName: r.customer_name,
    storeId: r.store_id,
    storeName: r.store_name,
    actualStart: r.actual_start!,
    actualEnd: r.actual_end!,
    days: settlementDays(r.actual_start!, r.actual_end!),
    dailyRate: r.daily_rate,
  }));
}

/** The amounts of a settlement of `days` at `dailyRate` with `items`, refused when the total is negative. */
function amountsOf(days: number, dailyRate: string, items: NurseSettlementItem[]) {
  const amounts = settlementAmounts(days, dailyRate, items);
  if (amounts.totalCents < 0) throw new BizError(NurseSettlementText.negativeTotal(amounts.total));
  return amounts;
}

/** The unique index's refusal (a second live settlement raced this one) in words. */
async function liveRefusal(db: Kysely<DB>, companyId: string, assignmentId: string, err: unknown): Promise<never> {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'nurse_settlement_assignment_key') {
    const live = await repo.liveOf(db, companyId, assignmentId);
    throw new BizError(live ? NurseSettlementText.alreadySettled(live.settlement_no) : NurseSettlementText.alreadySettledAny);
  }
  throw err;
}

/** 生成结算 of a 已完成 assignment the caller may see (another store's answers 404). */
export async function generateSettlement(db: Kysely<DB>, session: SessionInfo, input: { assignmentId: string; items: NurseSettlementItem[]; remark: string }): Promise<NurseSettlement> {
  // Rules are read before the transaction: on PGlite's one connection a rules query inside would wait.
  const scope = await nurseSettlementScope(db, session);
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const a = await assignmentForWork(trx, session.companyId, input.assignmentId, { lock: true });
      if (!a || !(await repo.assignmentInScope(trx, a.id, scope))) throw new NotFound(NurseSettlementText.assignmentMissing);
      if (a.status !== 'completed') throw new BizError(NurseSettlementText.notCompleted(nurseAssignmentStatusLabel(a.status)));
      if (!a.actualStart || !a.actualEnd) throw new BizError(NurseSettlementText.noActualDates);
      const live = await repo.liveOf(trx, session.companyId, a.id);
      if (live) throw new BizError(NurseSettlementText.alreadySettled(live.settlement_no));
      const days = settlementDays(a.actualStart, a.actualEnd);
      const amounts = amountsOf(days, a.dailyRate, input.items);
      return repo.insertSettlement(trx, session.companyId, session.userId, {
        settlementNo: await nextNumber(trx, NumberRuleCode.nurseSettlement),
        assignmentId: a.id,
        nurseId: a.nurseId,
        storeId: a.storeId,
        days,
        dailyRate: a.dailyRate,
        baseAmount: amounts.baseAmount,
        bonus: amounts.bonus,
        deduction: amounts.deduction,
        total: amounts.total,
        items: input.items,
        remark: input.remark,
      });
    })
    .catch((err: unknown) => liveRefusal(db, session.companyId, input.assignmentId, err));
  return getSettlement(db, session, id);
}

type MoveSet = (trx: Db) => Record<string, unknown> | Promise<Record<string, unknown>>;

async function move(db: Kysely<DB>, session: SessionInfo, id: string, event: NurseSettlementEvent, version: number, set: MoveSet, reason?: string): Promise<NurseSettlement> {
  const scope = await nurseSettlementScope(db, session);
  await db.transaction().execute((trx) => transition(trx, session, { machine: nurseSettlementMachine, table: 'nurse_settlement', id, event, version, scope, set: () => set(trx), reason }));
  return getSettlement(db, session, id);
}

/** 调整: new bonuses and deductions (and remark) of a 待审核 settlement, amounts recomputed. */
export function adjustSettlement(db: Kysely<DB>, session: SessionInfo, input: NurseSettlementAdjust & { items: NurseSettlementItem[]; remark: string }): Promise<NurseSettlement> {
  return move(db, session, input.id, 'adjust', input.version, async (trx) => {
    // transition has locked the row and checked its version and state.
    const row = await repo.amountBasis(trx, session.companyId, input.id);
    const amounts = amountsOf(row.days, row.daily_rate, input.items);
    return { bonus: amounts.bonus, deduction: amounts.deduction, total: amounts.total, items: JSON.stringify(input.items), remark: input.remark };
  });
}

export function auditSettlement(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<NurseSettlement> {
  return move(db, session, input.id, 'audit', input.version, () => ({ audited_by: session.userId, audited_at: new Date() }));
}

export function rejectSettlement(db: Kysely<DB>, session: SessionInfo, input: NurseSettlementReject): Promise<NurseSettlement> {
  return move(db, session, input.id, 'reject', input.version, () => ({ reject_reason: input.reason, audited_by: session.userId, audited_at: new Date() }), input.reason);
}
