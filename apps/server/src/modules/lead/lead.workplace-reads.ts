import type { Kysely } from 'kysely';
import { formatDateTime, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter } from '../../platform/time.js';
import { leadScope } from './lead.rules.js';

/** Read-only for 工作台 / 任务: the caller's own open leads whose next follow-up is due by the end of `today`. */
export async function leadFollowUpsDue(db: Kysely<DB>, session: SessionInfo, today: string, slice: { offset: number; limit: number }, now = new Date()): Promise<{ total: number; overdue: number; rows: WorkItem[] }> {
  const scope = await leadScope(db, session);
  const due = db
    .selectFrom('lead as l')
    .where('l.company_id', '=', session.companyId)
    .where('l.owner_id', '=', session.userId)
    .where('l.status', 'in', ['pending', 'following', 'visit_booked'])
    .where('l.next_follow_at', '<', shanghaiDayAfter(today))
    .where(scope);
  const [counts, rows] = await Promise.all([
    due
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('l.id').filterWhere('l.next_follow_at', '<', now).as('overdue')])
      .executeTakeFirstOrThrow(),
    slice.limit
      ? due.select(['l.id', 'l.lead_no', 'l.name', 'l.next_follow_at', 'l.intention_grade']).orderBy('l.next_follow_at').orderBy('l.id').offset(slice.offset).limit(slice.limit).execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(counts.total),
    overdue: Number(counts.overdue),
    rows: rows.map((r) => ({
      type: 'leadFollowUp',
      id: r.id,
      no: r.lead_no,
      title: r.name,
      detail: r.intention_grade ? `意向等级 ${r.intention_grade}` : '',
      at: formatDateTime(r.next_follow_at!, 'YYYY-MM-DD HH:mm'),
      overdue: r.next_follow_at! < now,
      path: WorkTypePath.leadFollowUp,
    })),
  };
}
