import type { Kysely } from 'kysely';
import { formatDateTime, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { nurseSettlementScope } from './nurse-settlement.rules.js';

/** Read-only for 工作台 / 任务: 月嫂结算 待审核 in the caller's settlement scope. */
export async function settlementsAwaitingAudit(db: Kysely<DB>, session: SessionInfo, slice: { offset: number; limit: number }): Promise<{ total: number; rows: WorkItem[] }> {
  const pending = db.selectFrom('nurse_settlement as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await nurseSettlementScope(db, session));
  const [count, rows] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    slice.limit
      ? pending
          .innerJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
          .select(['r.id', 'r.settlement_no', 'n.name', 'r.total', 'r.days', 'r.created_at'])
          .orderBy('r.created_at')
          .orderBy('r.id')
          .offset(slice.offset)
          .limit(slice.limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((r) => ({
      type: 'nurseSettlement',
      id: r.id,
      no: r.settlement_no,
      title: `月嫂 ${r.name}`,
      detail: `${r.days} 天 · 合计 ¥${r.total}`,
      at: formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
      overdue: false,
      path: WorkTypePath.nurseSettlement,
    })),
  };
}
