import { addDays, type NurseAssignment, type Store } from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';
import type { AdminTestAppContext } from '../../test/fixtures.js';
import { resultOf } from '../../test/fixtures.js';

/** A store with a customer (到家, no order) and a nurse of it, for settlement tests. */
export async function payWorld(ctx: AdminTestAppContext, code: string) {
  const post = <T>(url: string, body: Record<string, unknown>) => resultOf(ctx.t.post<T>(url, body, { token: ctx.admin }));
  const store = await post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] });
  const customer = await ctx.db
    .insertInto('customer')
    .values({ company_id: ctx.companyId, customer_no: `KH${code}`, name: `${code}妈妈`, phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, store_id: store.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nurse = await post<{ id: string; nurseNo: string }>('/online/monthlyNurse/add', {
    name: `${code}阿姨`, phone: `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, level: 'gold', practiceType: 'confinement_nurse', serviceType: 'home', employment: 'employee', price26Days: '15600', storeId: store.id,
  });
  return { store, customerId: customer.id, nurseId: nurse.id, nurseNo: nurse.nurseNo, periods: 0 };
}

export type PayWorld = Awaited<ReturnType<typeof payWorld>>;

/**
 * One 到家 assignment of the world's nurse through the 派工 routes: added, audited, 上户 and (by
 * default) 下户 `days` later — 已完成 with its actual days. Each takes a 60-day slot of its own,
 * further back in the past each time, so the nurse's jobs never overlap and 上户 is never in the future.
 */
export async function addAssignment(
  ctx: AdminTestAppContext,
  world: PayWorld,
  o: { days?: number; planned?: number; dailyRate?: string; until?: 'pending_audit' | 'in_service' | 'completed' } = {},
): Promise<{ id: string; assignmentNo: string; actualStart: string; actualEnd: string }> {
  const post = <T>(url: string, body: Record<string, unknown>) => resultOf(ctx.t.post<T>(url, body, { token: ctx.admin }));
  const days = o.days ?? 26;
  const start = addDays(shanghaiDate(), -60 * ++world.periods - 30);
  const actualEnd = addDays(start, days);
  let job = await post<NurseAssignment>('/online/nurseAssignment/add', { nurseId: world.nurseId, customerId: world.customerId, serviceForm: 'home', startDate: start, days: o.planned ?? Math.max(days, 1), dailyRate: o.dailyRate ?? '600' });
  const until = o.until ?? 'completed';
  if (until !== 'pending_audit') {
    job = await post<NurseAssignment>('/online/nurseAssignment/audit', { id: job.id, version: job.version });
    job = await post<NurseAssignment>('/online/nurseAssignment/start', { id: job.id, version: job.version, actualStart: start });
    if (until === 'completed') job = await post<NurseAssignment>('/online/nurseAssignment/finish', { id: job.id, version: job.version, actualEnd });
  }
  return { id: job.id, assignmentNo: job.assignmentNo, actualStart: start, actualEnd };
}

