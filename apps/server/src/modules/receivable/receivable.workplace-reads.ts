import type { Kysely } from 'kysely';
import { formatDateTime, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { paymentScope } from './receivable.rules.js';

/** Read-only for 工作台 / 任务: payments 待审核 in the caller's payment scope. */
export async function paymentsAwaitingAudit(db: Kysely<DB>, session: SessionInfo, slice: { offset: number; limit: number }): Promise<{ total: number; rows: WorkItem[] }> {
  const pending = db.selectFrom('payment as p').where('p.company_id', '=', session.companyId).where('p.status', '=', 'pending_audit').where(await paymentScope(db, session));
  const [count, rows] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    slice.limit
      ? pending
          .innerJoin('customer as cu', 'cu.id', 'p.customer_id')
          .select(['p.id', 'p.payment_no', 'cu.name', 'p.amount', 'p.paid_at'])
          .orderBy('p.paid_at')
          .orderBy('p.id')
          .offset(slice.offset)
          .limit(slice.limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((r) => ({
      type: 'payment',
      id: r.id,
      no: r.payment_no,
      title: r.name,
      detail: `收款金额 ¥${r.amount ?? '0.00'}`,
      at: formatDateTime(r.paid_at, 'YYYY-MM-DD HH:mm'),
      overdue: false,
      path: WorkTypePath.payment,
    })),
  };
}
