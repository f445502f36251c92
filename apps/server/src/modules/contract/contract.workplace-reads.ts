import type { Kysely } from 'kysely';
import { formatDateTime, WorkTypePath, type WorkItem } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { contractScope } from './contract.rules.js';

/** Read-only for 工作台 / 任务: contracts 待审核 in the caller's contract scope. */
export async function contractsAwaitingAudit(db: Kysely<DB>, session: SessionInfo, slice: { offset: number; limit: number }): Promise<{ total: number; rows: WorkItem[] }> {
  const pending = db.selectFrom('contract as r').where('r.company_id', '=', session.companyId).where('r.status', '=', 'pending_audit').where(await contractScope(db, session));
  const [count, rows] = await Promise.all([
    pending.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    slice.limit
      ? pending
          .innerJoin('customer as cu', 'cu.id', 'r.customer_id')
          .select(['r.id', 'r.contract_no', 'cu.name', 'r.amount', 'r.signed_at', 'r.updated_at'])
          .orderBy('r.updated_at')
          .orderBy('r.id')
          .offset(slice.offset)
          .limit(slice.limit)
          .execute()
      : Promise.resolve([]),
  ]);
  return {
    total: Number(count.total),
    rows: rows.map((r) => ({
      type: 'contract',
      id: r.id,
      no: r.contract_no,
      title: r.name,
      detail: `合同金额 ¥${r.amount ?? '0.00'}`,
      at: formatDateTime(r.signed_at ?? r.updated_at, 'YYYY-MM-DD HH:mm'),
      overdue: false,
      path: WorkTypePath.contract,
    })),
  };
}
