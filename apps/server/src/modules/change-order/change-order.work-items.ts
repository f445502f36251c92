import { formatDateTime, Permission, stepLabel, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { changeOrderScope } from './change-order.rules.js';

/**
 * 工作台 / 任务: change orders 待审核 waiting at a step the caller acts on (1 店长/主管 for 审批变更单,
 * 2 财务 for 财务审批) in the caller's change-order scope.
 */
export const changeOrdersAwaitingApproval = waitingWork({
  type: 'changeOrder',
  actions: [Permission.changeOrderApprove, Permission.changeOrderFinanceApprove],
  waiting: async ({ db, session, held }) => {
    const steps = [held.has(Permission.changeOrderApprove) ? 1 : 0, held.has(Permission.changeOrderFinanceApprove) ? 2 : 0].filter(Boolean);
    if (!steps.length) return null;
    return db
      .selectFrom('change_order as r')
      .where('r.company_id', '=', session.companyId)
      .where('r.status', '=', 'pending_audit')
      .where('r.approval_step', 'in', steps)
      .where(await changeOrderScope(db, session));
  },
  rows: (q) =>
    q.innerJoin('customer as cu', 'cu.id', 'r.customer_id').select(['r.id', 'r.change_no', 'cu.name', 'r.amount_delta', 'r.approval_step', 'r.submitted_at', 'r.updated_at']).orderBy('r.submitted_at').orderBy('r.id'),
  item: (r) => ({
    type: 'changeOrder',
    id: r.id,
    no: r.change_no,
    title: r.name,
    detail: `${stepLabel(r.approval_step)} · 金额 ¥${r.amount_delta ?? '0.00'}`,
    at: formatDateTime(r.submitted_at ?? r.updated_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.changeOrder,
  }),
});
