import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { orderScope } from './order.service.js';

/** 工作台 / 任务: orders 待审核 (deal below the floor price) in the caller's order scope. */
export const ordersAwaitingApproval = waitingWork({
  type: 'order',
  actions: [Permission.orderApprove],
  waiting: async ({ db, session }) =>
    db.selectFrom('sales_order as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await orderScope(db, session)),
  rows: (q) => q.innerJoin('customer as cu', 'cu.id', 'r.customer_id').select(['r.id', 'r.order_no', 'cu.name', 'r.deal_price', 'r.floor_price', 'r.updated_at']).orderBy('r.updated_at').orderBy('r.id'),
  item: (r) => ({
    type: 'order',
    id: r.id,
    no: r.order_no,
    title: r.name,
    detail: `成交价 ¥${r.deal_price ?? '0.00'}，底价 ¥${r.floor_price ?? '0.00'}`,
    at: formatDateTime(r.updated_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.order,
  }),
});
