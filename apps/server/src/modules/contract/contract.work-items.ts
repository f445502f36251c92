import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { contractScope } from './contract.rules.js';

/** 工作台 / 任务: contracts 待审核 in the caller's contract scope. */
export const contractsAwaitingAudit = waitingWork({
  type: 'contract',
  actions: [Permission.contractAudit],
  waiting: async ({ db, session }) =>
    db.selectFrom('contract as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await contractScope(db, session)),
  rows: (q) => q.innerJoin('customer as cu', 'cu.id', 'r.customer_id').select(['r.id', 'r.contract_no', 'cu.name', 'r.amount', 'r.signed_at', 'r.updated_at']).orderBy('r.updated_at').orderBy('r.id'),
  item: (r) => ({
    type: 'contract',
    id: r.id,
    no: r.contract_no,
    title: r.name,
    detail: `合同金额 ¥${r.amount ?? '0.00'}`,
    at: formatDateTime(r.signed_at ?? r.updated_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.contract,
  }),
});
