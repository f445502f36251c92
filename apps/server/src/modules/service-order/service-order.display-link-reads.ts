import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// Read-only service for the big screens (module display-link): the services scheduled today.

const LIMIT = 300;

/** Services scheduled on `day` (Asia/Shanghai), cancelled included (the caller counts them), by time. */
export function servicesOn(db: Kysely<DB>, companyId: string, day: string) {
  return db
    .selectFrom('service_order as so')
    .innerJoin('customer as c', 'c.id', 'so.customer_id')
    .leftJoin('app_user as ex', 'ex.id', 'so.executor_id')
    .leftJoin('monthly_nurse as n', 'n.id', 'so.nurse_id')
    .select(['so.scheduled_at as scheduledAt', 'so.service_item as item', 'so.subject', 'so.status', 'c.name as customerName', 'ex.first_name as executorName', 'n.name as nurseName'])
    .where('so.company_id', '=', companyId)
    .where('so.scheduled_at', '>=', shanghaiDayStart(day))
    .where('so.scheduled_at', '<', shanghaiDayAfter(day))
    .orderBy('so.scheduled_at')
    .orderBy('so.id')
    .limit(LIMIT)
    .execute();
}

/** Services scheduled on `day` counted by status. */
export async function serviceCountsOn(db: Kysely<DB>, companyId: string, day: string): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .selectFrom('service_order')
    .select(['status', db.fn.countAll<string | number>().as('n')])
    .where('company_id', '=', companyId)
    .where('scheduled_at', '>=', shanghaiDayStart(day))
    .where('scheduled_at', '<', shanghaiDayAfter(day))
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}
