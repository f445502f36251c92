import { formatDateTime, Permission } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { shanghaiDayAfter } from '../../platform/time.js';
import { customerScope } from './customer.rules.js';

/** 工作台 / 任务: the caller's own customers whose next follow-up is due by the end of today. */
export const customerFollowUpsDue = waitingWork({
  type: 'customerFollowUp',
  actions: [Permission.customerList],
  waiting: async ({ db, session, today }) =>
    db
      .selectFrom('customer as c')
      .where('c.company_id', '=', session.companyId)
      .where('c.owner_id', '=', session.userId)
      .where('c.next_follow_at', '<', shanghaiDayAfter(today))
      .where(await customerScope(db, session)),
  overdueAt: 'c.next_follow_at',
  rows: (q) => q.select(['c.id', 'c.name', 'c.next_follow_at', 'c.level']).orderBy('c.next_follow_at').orderBy('c.id'),
  item: (r, { now }) => ({
    type: 'customerFollowUp',
    id: r.id,
    no: r.name,
    title: r.name,
    detail: r.level ? `客户等级 ${r.level}` : '',
    at: formatDateTime(r.next_follow_at!, 'YYYY-MM-DD HH:mm'),
    overdue: r.next_follow_at! < now,
    path: `/crm/customer/detail/${r.id}`,
  }),
});
