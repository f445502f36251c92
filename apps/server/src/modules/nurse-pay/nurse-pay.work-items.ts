import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { nurseSettlementScope } from './nurse-settlement.rules.js';

/** 工作台 / 任务: 月嫂结算 待审核 in the caller's settlement scope. */
export const settlementsAwaitingAudit = waitingWork({
  type: 'nurseSettlement',
  actions: [Permission.nurseSettlementAudit],
  waiting: async ({ db, session }) =>
    db.selectFrom('nurse_settlement as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await nurseSettlementScope(db, session)),
  rows: (q) => q.innerJoin('monthly_nurse as n', 'n.id', 'r.nurse_id').select(['r.id', 'r.settlement_no', 'n.name', 'r.total', 'r.days', 'r.created_at']).orderBy('r.created_at').orderBy('r.id'),
  item: (r) => ({
    type: 'nurseSettlement',
    id: r.id,
    no: r.settlement_no,
    title: `月嫂 ${r.name}`,
    detail: `${r.days} 天 · 合计 ¥${r.total}`,
    at: formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.nurseSettlement,
  }),
});
