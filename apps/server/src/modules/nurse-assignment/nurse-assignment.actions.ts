import type { Kysely } from 'kysely';
import {
  FourEyesText,
  addDays,
  EXPORT_MAX_ROWS,
  NumberRuleCode,
  nurseStatusLabel,
  nurseAssignmentMachine,
  nurseAssignmentStatusLabel,
  NurseAssignmentText as T,
  orderStatusLabel,
  toPageResult,
  type NurseAssignment,
  type NurseAssignmentEvent,
  type NurseAssignmentFormValues,
  type NurseAssignmentListQuery,
  type NurseAssignmentNurseOption,
  type NurseAssignmentOrderOption,
  type NurseAssignmentStatus,
  type OrderStatus,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import { recordMapper } from '../../platform/db/records.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import { assertCustomerVisible, lockVisibleCustomer } from '../customer/customer.service.js';
import { nextNumber } from '../number-rule/index.js';
import { fourEyes } from '../system/four-eyes.js';
import { lockOrder, orderScope } from '../order/order.service.js';
import { nurseForWork, nursesForMatching, setNurseDuty, type NurseForWork } from '../monthly-nurse/monthly-nurse.service.js';
import * as repo from './nurse-assignment.repo.js';
import { nurseAssignmentScope } from './nurse-assignment.rules.js';
import { overlapRefusal } from './nurse-assignment.service.js';

// The routes' actions of 月嫂派工: each in one transaction, on an assignment in the caller's scope
// (scopes are read before the transaction: on PGlite's one connection a rules query beside it would wait).

const SERVABLE: readonly string[] = ['confirmed', 'checked_in'];
const UNAVAILABLE: readonly NurseForWork['status'][] = ['resting', 'left'];

const mapRow = recordMapper<Omit<NurseAssignment, 'days'>>();
const days = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
const toAssignment = (row: repo.AssignmentRow): NurseAssignment => ({ ...mapRow(row), days: days(row.start_date, row.end_date) });

export async function pageAssignments(db: Kysely<DB>, session: SessionInfo, q: NurseAssignmentListQuery): Promise<PageResult<NurseAssignment>> {
  const page = await repo.pageAssignments(db, session.companyId, await nurseAssignmentScope(db, session), q);
  return toPageResult(page.rows.map(toAssignment), page.total, q, page.capped);
}

export async function exportAssignments(db: Kysely<DB>, session: SessionInfo, q: Partial<NurseAssignmentListQuery>): Promise<NurseAssignment[]> {
  return (await repo.exportAssignments(db, session.companyId, await nurseAssignmentScope(db, session), q, EXPORT_MAX_ROWS)).map(toAssignment);
}

export async function getAssignment(db: Kysely<DB>, session: SessionInfo, id: string): Promise<NurseAssignment> {
  const row = await repo.findAssignment(db, session.companyId, await nurseAssignmentScope(db, session), id);
  if (!row) throw new NotFound();
  return toAssignment(row);
}

/** Orders the form may pick: 已确认 / 已入住 in the caller's order scope. */
export async function orderOptions(db: Kysely<DB>, session: SessionInfo, q: { keyword: string; storeId?: string }): Promise<NurseAssignmentOrderOption[]> {
  const rows = await repo.pickableOrders(db, session.companyId, await orderScope(db, session), q);
  return rows.map((r) => ({ id: r.id, orderNo: r.order_no, customerId: r.customer_id, customerName: r.customer_name, storeId: r.store_id, status: r.status, plannedCheckIn: r.planned_check_in, days: r.days }));
}

/** Nurses the form may pick (not 离职), by name or number. */
export async function nurseOptions(db: Kysely<DB>, session: SessionInfo, q: { keyword: string }): Promise<NurseAssignmentNurseOption[]> {
  const k = q.keyword.trim();
  const nurses = (await nursesForMatching(db, session.companyId, {})).filter((n) => !k || n.name.includes(k) || n.nurseNo.includes(k));
  return nurses.slice(0, 100).map((n) => ({ id: n.id, name: n.name, nurseNo: n.nurseNo, level: n.level, serviceType: n.serviceType, practiceType: n.practiceType, status: n.status, storeId: n.storeId }));
}

/** A nurse who may be given work: exists and is neither 休息 nor 离职. */
async function workableNurse(trx: Db, companyId: string, nurseId: string): Promise<NurseForWork> {
  const nurse = await nurseForWork(trx, companyId, nurseId);
  if (!nurse) throw new BizError(T.nurseMissing);
  if (UNAVAILABLE.includes(nurse.status)) throw new BizError(T.nurseUnavailable(nurse.name, nurseStatusLabel(nurse.status)));
  return nurse;
}

/** The values an add or an edit writes: the order's customer and store, or (到家 without order) the customer's. */
async function valuesOf(trx: Db, session: SessionInfo, input: NurseAssignmentFormValues): Promise<repo.AssignmentValues> {
  await workableNurse(trx, session.companyId, input.nurseId);
  let customerId: string;
  let storeId: string;
  if (input.orderId) {
    const order = await lockOrder(trx, session, input.orderId).catch((e: unknown) => {
      if (e instanceof NotFound) throw new BizError(T.orderMissing);
      throw e;
    });
    if (!SERVABLE.includes(order.status)) throw new BizError(T.orderNotServable(orderStatusLabel(order.status as OrderStatus)));
    if (input.customerId && input.customerId !== order.customer_id) throw new BizError(T.orderCustomer);
    customerId = order.customer_id;
    storeId = order.store_id;
  } else {
    if (input.serviceForm !== 'home' || !input.customerId) throw new BizError(T.orderRequired);
    const customer = await lockVisibleCustomer(trx as Kysely<DB>, session, input.customerId).catch((e: unknown) => {
      if (e instanceof NotFound) throw new BizError(T.customerMissing);
      throw e;
    });
    if (!customer.store_id) throw new BizError(T.noStore);
    customerId = customer.id;
    storeId = customer.store_id;
  }
  return {
    nurseId: input.nurseId,
    orderId: input.orderId,
    customerId,
    storeId,
    serviceForm: input.serviceForm,
    address: input.address,
    startDate: input.startDate,
    endDate: addDays(input.startDate, input.days),
    dailyRate: input.dailyRate,
    remark: input.remark,
  };
}

/** Reads the caller's scopes before a transaction (PGlite: one connection). */
async function warmScopes(db: Kysely<DB>, session: SessionInfo, input?: { orderId: string | null; customerId: string | null }) {
  const scope = await nurseAssignmentScope(db, session);
  if (input?.orderId) await orderScope(db, session);
  else if (input?.customerId) await assertCustomerVisible(db, session, input.customerId).catch(() => undefined);
  return scope;
}

/**
 * 新增派工 (待审核): a nurse neither 休息 nor 离职, an order of the caller's order scope (or a customer
 * without one for 到家), the days from the start date; an overlap with her other work is refused.
 */
export async function addAssignment(db: Kysely<DB>, session: SessionInfo, input: NurseAssignmentFormValues): Promise<NurseAssignment> {
  const scope = await warmScopes(db, session, input);
  const id = await db.transaction().execute(async (trx) => {
    const values = await valuesOf(trx, session, input);
    const id = await repo.insertAssignment(trx, session, await nextNumber(trx, NumberRuleCode.nurseAssignment), values).catch(overlapRefusal);
    // One written into a store the caller's rules hide is refused with the write undone.
    if (!(await repo.inScope(trx, session.companyId, scope, id))) throw new NotFound();
    return id;
  });
  return getAssignment(db, session, id);
}

type Scope = Awaited<ReturnType<typeof nurseAssignmentScope>>;

/** The assignment in the caller's scope, locked, at the version the caller saw. */
async function locked(trx: Db, session: SessionInfo, scope: Scope, id: string, version?: number): Promise<repo.LockedAssignment> {
  const row = await repo.lockAssignment(trx, session.companyId, scope, id);
  if (!row) throw new NotFound();
  if (version !== undefined && row.version !== version) throw new StaleVersion();
  return row;
}

/** 编辑 while 待审核. */
export async function editAssignment(db: Kysely<DB>, session: SessionInfo, input: NurseAssignmentFormValues & { id: string; version: number }): Promise<NurseAssignment> {
  const scope = await warmScopes(db, session, input);
  await db.transaction().execute(async (trx) => {
    const row = await locked(trx, session, scope, input.id, input.version);
    if (row.status !== 'pending_audit') throw new BizError(T.editOnlyPending(nurseAssignmentStatusLabel(row.status)));
    await repo.updateAssignment(trx, session, row.id, await valuesOf(trx, session, input)).catch(overlapRefusal);
    if (!(await repo.inScope(trx, session.companyId, scope, row.id))) throw new NotFound();
  });
  return getAssignment(db, session, input.id);
}

const move = (trx: Db, session: SessionInfo, scope: Scope, id: string, event: NurseAssignmentEvent, version: number | undefined, set?: Record<string, unknown>, reason?: string) =>
  transition(trx, session, { machine: nurseAssignmentMachine, table: 'nurse_assignment', id, event, version, scope, set, reason }).catch(overlapRefusal);

/** An action on one assignment: scope first, then the transaction; answers the assignment afterwards. */
async function onAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }, act: (trx: Db, row: repo.LockedAssignment, scope: Scope) => Promise<string | void>): Promise<NurseAssignment> {
  const scope = await nurseAssignmentScope(db, session);
  const answer = await db.transaction().execute(async (trx) => act(trx, await locked(trx, session, scope, input.id, input.version), scope));
  return getAssignment(db, session, answer ?? input.id);
}

/** 审核: not by whoever created the 派工 (四眼原则) unless 系统配置 allows one person both. */
export function auditAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<NurseAssignment> {
  return onAssignment(db, session, input, async (trx, row, scope) => {
    if (row.status === 'pending_audit') (await fourEyes(trx))(row.created_by, session.userId, FourEyesText.nurseAssignment);
    await move(trx, session, scope, row.id, 'audit', input.version, { audited_by: session.userId, audited_at: new Date() });
  });
}

/** 上户: on the day given (today when left out, never later); the nurse becomes 上户中. */
export function startAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number; actualStart?: string }): Promise<NurseAssignment> {
  return onAssignment(db, session, input, async (trx, row, scope) => {
    assertMove(nurseAssignmentMachine, row.status, 'start');
    const day = input.actualStart ?? shanghaiDate();
    if (day > shanghaiDate()) throw new BizError(T.startInFuture);
    await workableNurse(trx, session.companyId, row.nurse_id);
    await move(trx, session, scope, row.id, 'start', input.version, { actual_start: day });
    await setNurseDuty(trx, session.companyId, row.nurse_id, true, session.userId);
  });
}

/** After her job ends: the nurse is 在职 again unless another job of hers is 服务中. */
async function offDutyUnlessBusy(trx: Db, session: SessionInfo, nurseId: string, exceptId: string) {
  if (!(await repo.otherInService(trx, session.companyId, nurseId, exceptId))) await setNurseDuty(trx, session.companyId, nurseId, false, session.userId);
}

/** 下户: on the day given (today when left out), not before 上户. */
export function finishAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number; actualEnd?: string }): Promise<NurseAssignment> {
  return onAssignment(db, session, input, async (trx, row, scope) => {
    assertMove(nurseAssignmentMachine, row.status, 'finish');
    const day = input.actualEnd ?? shanghaiDate();
    if (day > shanghaiDate()) throw new BizError(T.endInFuture);
    if (row.actual_start && day < row.actual_start) throw new BizError(T.actualEndBeforeStart(row.actual_start));
    await move(trx, session, scope, row.id, 'finish', input.version, { actual_end: day });
    await offDutyUnlessBusy(trx, session, row.nurse_id, row.id);
  });
}

export function cancelAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number; reason: string }): Promise<NurseAssignment> {
  return onAssignment(db, session, input, async (trx, row, scope) => {
    await move(trx, session, scope, row.id, 'cancel', input.version, { cancel_reason: input.reason }, input.reason);
  });
}

/**
 * 换人 of a job 服务中: the old one finishes on the swap day (已完成), and a new one for the other nurse
 * starts that day (服务中, replacing it) to the old planned end, at the same daily rate unless given.
 */
export function swapAssignment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number; nurseId: string; swapDate?: string; dailyRate?: string; reason: string }): Promise<NurseAssignment> {
  return onAssignment(db, session, input, async (trx, row, scope) => {
    if (row.status !== 'in_service') throw new BizError(T.swapOnlyInService(nurseAssignmentStatusLabel(row.status as NurseAssignmentStatus)));
    if (input.nurseId === row.nurse_id) throw new BizError(T.swapSameNurse);
    const started = row.actual_start ?? row.start_date;
    const day = input.swapDate ?? shanghaiDate();
    if (day > shanghaiDate()) throw new BizError(T.swapInFuture);
    if (day <= started || day >= row.end_date) throw new BizError(T.swapDateOutside(started, row.end_date));
    await workableNurse(trx, session.companyId, input.nurseId);
    await move(trx, session, scope, row.id, 'finish', input.version, { actual_end: day }, input.reason || '换人');
    await offDutyUnlessBusy(trx, session, row.nurse_id, row.id);
    const values: repo.AssignmentValues = {
      nurseId: input.nurseId,
      orderId: row.order_id,
      customerId: row.customer_id,
      storeId: row.store_id,
      serviceForm: row.service_form,
      address: row.address,
      startDate: day,
      endDate: row.end_date,
      dailyRate: input.dailyRate ?? row.daily_rate,
      remark: input.reason,
    };
    const id = await repo
      .insertAssignment(trx, session, await nextNumber(trx, NumberRuleCode.nurseAssignment), values, { status: 'dispatched', replacesId: row.id, auditedAt: new Date() })
      .catch(overlapRefusal);
    await move(trx, session, scope, id, 'start', undefined, { actual_start: day }, '换人');
    await setNurseDuty(trx, session.companyId, input.nurseId, true, session.userId);
    return id;
  });
}
