import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { nurseAssignmentScope } from './nurse-assignment.rules.js';

/** 工作台 / 任务: 派工单 待审核 in the caller's 月嫂派工 scope. */
export const assignmentsAwaitingAudit = waitingWork({
  type: 'nurseAssignment',
  actions: [Permission.nurseAssignmentAudit],
  waiting: async ({ db, session }) =>
    db.selectFrom('nurse_assignment as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await nurseAssignmentScope(db, session)),
  rows: (q) =>
    q
      .innerJoin('customer as cu', 'cu.id', 'r.customer_id')
      .innerJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
      .select(['r.id', 'r.assignment_no', 'cu.name as customer_name', 'n.name as nurse_name', 'r.start_date', 'r.end_date', 'r.created_at'])
      .orderBy('r.created_at')
      .orderBy('r.id'),
  item: (r) => ({
    type: 'nurseAssignment',
    id: r.id,
    no: r.assignment_no,
    title: `${r.customer_name} · 月嫂 ${r.nurse_name}`,
    detail: `${r.start_date} 至 ${r.end_date}`,
    at: formatDateTime(r.created_at, 'YYYY-MM-DD HH:mm'),
    overdue: false,
    path: WorkTypePath.nurseAssignment,
  }),
});
