import type { Kysely } from 'kysely';
import { isFollowUpType, Permission, toPageResult, WORK_TYPES, type PageResult, type WorkGroup, type WorkItem, type WorkplaceOverview, type WorkType } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { ModuleGate } from '../../platform/auth/module-gate.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { changeOrdersAwaitingApproval } from '../change-order/change-order.workplace-reads.js';
import { contractsAwaitingAudit } from '../contract/contract.workplace-reads.js';
import { mayAct } from '../customer/customer.rules.js';
import { customerFollowUpsDue } from '../customer/customer.workplace-reads.js';
import { leadFollowUpsDue } from '../lead/lead.workplace-reads.js';
import { assignmentsAwaitingAudit } from '../nurse-assignment/nurse-assignment.workplace-reads.js';
import { settlementsAwaitingAudit } from '../nurse-pay/nurse-pay.workplace-reads.js';
import { ordersAwaitingApproval } from '../order/order.workplace-reads.js';
import { paymentsAwaitingAudit } from '../receivable/receivable.workplace-reads.js';
import { todaysStays } from '../room-stay/room-stay.workplace-reads.js';

type Slice = { offset: number; limit: number };
type Source = (slice: Slice) => Promise<{ total: number; overdue?: number; rows: WorkItem[] }>;

/** The action that shows each kind of work: a list for follow-ups, the approving action for approvals. */
const ACTIONS = {
  leadFollowUp: [Permission.leadList],
  customerFollowUp: [Permission.customerList],
  order: [Permission.orderApprove],
  changeOrder: [Permission.changeOrderApprove, Permission.changeOrderFinanceApprove],
  contract: [Permission.contractAudit],
  payment: [Permission.paymentAudit],
  nurseAssignment: [Permission.nurseAssignmentAudit],
  nurseSettlement: [Permission.nurseSettlementAudit],
} satisfies Record<WorkType, string[]>;

export interface WorkplaceDeps {
  db: Kysely<DB>;
  moduleGate: ModuleGate;
  now?: () => Date;
}

/** Whether the caller holds `action` and its module is switched on for the caller. */
async function holds(deps: WorkplaceDeps, session: SessionInfo, action: string): Promise<boolean> {
  if (!(await mayAct(deps.db, session, action))) return false;
  return !(await deps.moduleGate.blocks(action, session.companyId, session.userId, session.accessVersion));
}

/**
 * The sources of work the caller may see, in the order 任务 lists them: each reads its module's records
 * through that module's read service, with that module's data rules.
 */
async function sourcesOf(deps: WorkplaceDeps, session: SessionInfo, today: string, now: Date): Promise<Map<WorkType, Source>> {
  const actions: string[] = [...new Set(Object.values(ACTIONS).flat())];
  const allowed = await Promise.all(actions.map((a) => holds(deps, session, a)));
  const held = new Set<string>(actions.filter((_, i) => allowed[i]));
  const db = deps.db;
  const steps = [held.has(Permission.changeOrderApprove) ? 1 : 0, held.has(Permission.changeOrderFinanceApprove) ? 2 : 0].filter(Boolean);
  const all: Record<WorkType, Source> = {
    leadFollowUp: (s) => leadFollowUpsDue(db, session, today, s, now),
    customerFollowUp: (s) => customerFollowUpsDue(db, session, today, s, now),
    order: (s) => ordersAwaitingApproval(db, session, s),
    changeOrder: (s) => changeOrdersAwaitingApproval(db, session, steps, s),
    contract: (s) => contractsAwaitingAudit(db, session, s),
    payment: (s) => paymentsAwaitingAudit(db, session, s),
    nurseAssignment: (s) => assignmentsAwaitingAudit(db, session, s),
    nurseSettlement: (s) => settlementsAwaitingAudit(db, session, s),
  };
  const sources = new Map<WorkType, Source>();
  for (const type of WORK_TYPES) if (ACTIONS[type].some((a: string) => held.has(a))) sources.set(type, all[type]);
  return sources;
}

const FIRST_ROWS = 5;

/** 工作台: follow-ups due and approvals waiting (count + first rows of each kind), today's check-ins and check-outs. */
export async function workplaceOverview(deps: WorkplaceDeps, session: SessionInfo): Promise<WorkplaceOverview> {
  const now = deps.now?.() ?? new Date();
  const today = shanghaiDate(now);
  const sources = await sourcesOf(deps, session, today, now);
  const read = await Promise.all([...sources].map(async ([type, source]) => ({ type, ...(await source({ offset: 0, limit: FIRST_ROWS })) })));
  const group = (r: (typeof read)[number]): WorkGroup => ({ type: r.type, count: r.total, rows: r.rows });
  const followUps = read.filter((r) => isFollowUpType(r.type));
  const approvals = read.filter((r) => !isFollowUpType(r.type));
  const mayStays = await holds(deps, session, Permission.roomStayList);
  return {
    today,
    followUps: { total: sum(followUps.map((r) => r.total)), overdue: sum(followUps.map((r) => r.overdue ?? 0)), groups: followUps.map(group) },
    approvals: { total: sum(approvals.map((r) => r.total)), groups: approvals.map(group) },
    stays: mayStays ? await todaysStays(deps.db, session, today) : null,
  };
}

/**
 * 任务: the caller's follow-ups due and approvals as one paged list (follow-ups first, then each kind of
 * approval), optionally one kind only. Each source is counted, and only the sources the page overlaps read rows.
 */
export async function workTasks(deps: WorkplaceDeps, session: SessionInfo, q: { pageNo: number; pageSize: number; type?: WorkType }): Promise<PageResult<WorkItem>> {
  const now = deps.now?.() ?? new Date();
  const today = shanghaiDate(now);
  const sources = [...(await sourcesOf(deps, session, today, now))].filter(([type]) => !q.type || type === q.type);
  const totals = await Promise.all(sources.map(async ([, source]) => (await source({ offset: 0, limit: 0 })).total));
  let offset = (q.pageNo - 1) * q.pageSize;
  let wanted = q.pageSize;
  const records: WorkItem[] = [];
  for (let i = 0; i < sources.length && wanted > 0; i++) {
    const total = totals[i]!;
    if (offset >= total) {
      offset -= total;
      continue;
    }
    const { rows } = await sources[i]![1]({ offset, limit: Math.min(wanted, total - offset) });
    records.push(...rows);
    wanted -= rows.length;
    offset = 0;
  }
  return toPageResult(records, sum(totals), q);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
