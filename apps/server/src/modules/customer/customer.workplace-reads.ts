import type { Kysely } from 'kysely';
import { formatDateTime, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter } from '../../platform/time.js';
import { customerScope } from './customer.rules.js';

/** Read-only for 工作台 / 任务: the caller's own customers whose next follow-up is due by the end of `today`. */
export async function customerFollowUpsDue(db: Kysely<DB>, session: SessionInfo, today: string, slice: { offset: number; limit: number }, now = new Date()): Promise<{ total: number; overdue: number; rows: WorkItem[] }> {
  const scope = await customerScope(db, session);
  const due = db
    .selectFrom('customer as c')
    .where('c.company_id', '=', session.companyId)
    .where('c.owner_id', '=', session.userId)
    .where('c.next_follow_at', '<', shanghaiDayAfter(today))
    .where(scope);
  const [counts, rows] = await Promise.all([
    due
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('c.id').filterWhere('c.next_follow_at', '<', now).as('overdue')])
      .executeTakeFirstOrThrow(),
    slice.limit
      ? due.select(['c.id', 'c.name', 'c.next_follow_at', 'c.level']).orderBy('c.next_follow_at').orderBy('c.id').offset(slice.offset).limit(slice.limit).execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(counts.total),
    overdue: Number(counts.overdue),
    rows: rows.map((r) => ({
      type: 'customerFollowUp',
      id: r.id,
      no: r.name,
      title: r.name,
      detail: r.level ? `客户等级 ${r.level}` : '',
      at: formatDateTime(r.next_follow_at!, 'YYYY-MM-DD HH:mm'),
      overdue: r.next_follow_at! < now,
      path: `/crm/customer/detail/${r.id}`,
    })),
  };
}
