import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { paymentScope } from './receivable.rules.js';

/** 工作台 / 任务: payments 待审核 in the caller's payment scope. */
export const paymentsAwaitingAudit = waitingWork({
  type: 'payment',
  actions: [Permission.paymentAudit],
  waiting: async ({ db, session }) =>
    db.selectFrom('payment as p').where('p.company_id', '=', session.companyId).where('p.status', '=', 'pending_audit').where(await paymentScope(db, session)),
  rows: (q) => q.innerJoin('customer as cu', 'cu.id', 'p.customer_id').select(['p.id', 'p.payment_no', 'cu.name', 'p.amount', 'p.paid_at']).orderBy('p.paid_at').orderBy('p.id'),
  item: (r) => ({
    type: 'payment',
    id: r.id,
    no: r.payment_no,
    title: r.name,
    detail: `收款金额 ¥${r.amount ?? '0.00'}`,
    at: formatDateTime(r.paid_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.payment,
  }),
});
