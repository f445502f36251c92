import { formatDateTime, Permission, WorkTypePath } from '@care/shared';
import { waitingWork } from '../../platform/crud/work-items.js';
import { shanghaiDayAfter } from '../../platform/time.js';
import { leadScope } from './lead.rules.js';

/** 工作台 / 任务: the caller's own open leads whose next follow-up is due by the end of today. */
export const leadFollowUpsDue = waitingWork({
  type: 'leadFollowUp',
  actions: [Permission.leadList],
  waiting: async ({ db, session, today }) =>
    db
      .selectFrom('lead as l')
      .where('l.company_id', '=', session.companyId)
      .where('l.owner_id', '=', session.userId)
      .where('l.status', 'in', ['pending', 'following', 'visit_booked'])
      .where('l.next_follow_at', '<', shanghaiDayAfter(today))
      .where(await leadScope(db, session)),
  overdueAt: 'l.next_follow_at',
  rows: (q) => q.select(['l.id', 'l.lead_no', 'l.name', 'l.next_follow_at', 'l.intention_grade']).orderBy('l.next_follow_at').orderBy('l.id'),
  item: (r, { now }) => ({
    type: 'leadFollowUp',
    id: r.id,
    no: r.lead_no,
    title: r.name,
    detail: r.intention_grade ? `意向等级 ${r.intention_grade}` : '',
    at: formatDateTime(r.next_follow_at!, 'YYYY-MM-DD HH:mm'),
    overdue: r.next_follow_at! < now,
    path: WorkTypePath.leadFollowUp,
  }),
});
