import type { Kysely } from 'kysely';
import { formatDateTime, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { orderScope } from './order.service.js';

/** Read-only for 工作台 / 任务: orders 待审核 (deal below the floor price) in the caller's order scope. */
export async function ordersAwaitingApproval(db: Kysely<DB>, session: SessionInfo, slice: { offset: number; limit: number }): Promise<{ total: number; rows: WorkItem[] }> {
  const pending = db.selectFrom('sales_order as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await orderScope(db, session));
  const [count, rows] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    slice.limit
      ? pending
          .innerJoin('customer as cu', 'cu.id', 'r.customer_id')
          .select(['r.id', 'r.order_no', 'cu.name', 'r.deal_price', 'r.floor_price', 'r.updated_at'])
          .orderBy('r.updated_at')
          .orderBy('r.id')
          .offset(slice.offset)
          .limit(slice.limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((r) => ({
      type: 'order',
      id: r.id,
      no: r.order_no,
      title: r.name,
      detail: `成交价 ¥${r.deal_price ?? '0.00'}，底价 ¥${r.floor_price ?? '0.00'}`,
      at: formatDateTime(r.updated_at, 'YYYY-MM-DD HH:mm'),
      overdue: false,
      path: WorkTypePath.order,
    })),
  };
}
