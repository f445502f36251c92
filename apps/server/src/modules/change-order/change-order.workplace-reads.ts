import type { Kysely } from 'kysely';
import { formatDateTime, stepLabel, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { changeOrderScope } from './change-order.rules.js';

/**
 * Read-only for 工作台 / 任务: change orders 待审核 waiting at one of `steps` (1 店长/主管 for 审批变更单,
 * 2 财务 for 财务审批) in the caller's change-order scope.
 */
export async function changeOrdersAwaitingApproval(db: Kysely<DB>, session: SessionInfo, steps: number[], slice: { offset: number; limit: number }): Promise<{ total: number; rows: WorkItem[] }> {
  if (!steps.length) return { total: 0, rows: [] };
  const pending = db
    .selectFrom('change_order as r')
    .where('r.company_id', '=', session.companyId)
    .where('r.status', '=', 'pending_audit')
    .where('r.approval_step', 'in', steps)
    .where(await changeOrderScope(db, session));
  const [count, rows] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    slice.limit
      ? pending
          .innerJoin('customer as cu', 'cu.id', 'r.customer_id')
          .select(['r.id', 'r.change_no', 'cu.name', 'r.amount_delta', 'r.approval_step', 'r.submitted_at', 'r.updated_at'])
          .orderBy('r.submitted_at')
          .orderBy('r.id')
          .offset(slice.offset)
          .limit(slice.limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((r) => ({
      type: 'changeOrder',
      id: r.id,
      no: r.change_no,
      title: r.name,
      detail: `${stepLabel(r.approval_step)} · 金额 ¥${r.amount_delta ?? '0.00'}`,
      at: formatDateTime(r.submitted_at ?? r.updated_at, 'YYYY-MM-DD HH:mm'),
      overdue: false,
      path: WorkTypePath.changeOrder,
    })),
  };
}
