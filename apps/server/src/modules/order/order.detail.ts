import type { Kysely } from 'kysely';
import { formatDateTime, type OrderDetail, type ProductSnapshot } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { productVersionById } from '../product/product.service.js';
import { orderMoney } from '../receivable/receivable.service.js';
import { orderMoneyLog } from './order.money-log.js';
import * as repo from './order.repo.js';
import { getOrder } from './order.service.js';

/** The detail drawer of an order the caller may see: the product as sold, the money so far, the moves, every money change. */
export async function orderDetail(db: Kysely<DB>, session: SessionInfo, id: string): Promise<OrderDetail> {
  const order = await getOrder(db, session, id);
  const row = await db.selectFrom('sales_order').select(['product_snapshot']).where('id', '=', id).where('company_id', '=', session.companyId).executeTakeFirstOrThrow();
  const version = await productVersionById(db, session.companyId, order.productVersionId).catch(() => undefined);
  const log = await repo.stateLog(db, session.companyId, id);
  return {
    order,
    snapshot: row.product_snapshot as ProductSnapshot,
    versionNo: version?.versionNo ?? null,
    money: await orderMoney(db, session.companyId, id),
    log: log.map((r) => ({
      id: r.id,
      event: r.event,
      fromState: r.from_state,
      toState: r.to_state,
      reason: r.reason,
      changedBy: r.first_name || r.username || '',
      changedAt: formatDateTime(r.changed_at),
    })),
    moneyLog: await orderMoneyLog(db, session.companyId, id),
  };
}
