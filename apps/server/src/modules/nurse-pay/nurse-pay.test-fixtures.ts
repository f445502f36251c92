import { randomUUID } from 'node:crypto';
import type { Store } from '@care/shared';
import type { NurseAssignmentStatusValue } from '../../platform/db/schema-nurse.js';
import type { AdminTestAppContext } from '../../test/fixtures.js';
import { resultOf } from '../../test/fixtures.js';


/** A store with a customer and a nurse, for settlement tests. */
export async function payWorld(ctx: AdminTestAppContext, code: string) {
  const store = await resultOf(ctx.t.post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] }, { token: ctx.admin }));
  const customer = await ctx.db
    .insertInto('customer')
    .values({ company_id: ctx.companyId, customer_no: `KH${code}`, name: `${code}妈妈`, phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, store_id: store.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const nurse = await ctx.db
    .insertInto('monthly_nurse')
    .values({ company_id: ctx.companyId, nurse_no: `YS${code}`, name: `${code}阿姨`, level: 'gold', practice_type: 'confinement_nurse', service_type: 'center', employment: 'employee', store_id: store.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { store, customerId: customer.id, nurseId: nurse.id };
}

let periods = 0;

/**
 * One assignment row of the world's nurse, 已完成 by default with its actual 上户 / 下户 (`days` apart).
 * Written straight into nurse_assignment (the 派工 routes are another module's); each call takes a
 * period of its own so the nurse's assignments never overlap.
 */
export async function addAssignment(
  ctx: AdminTestAppContext,
  world: Awaited<ReturnType<typeof payWorld>>,
  o: { days?: number; planned?: number; dailyRate?: string; status?: NurseAssignmentStatusValue; actual?: boolean } = {},
): Promise<{ id: string; assignmentNo: string; actualStart: string; actualEnd: string }> {
  const status = o.status ?? 'completed';
  const days = o.days ?? 26;
  const start = new Date(Date.UTC(2025, 0, 1) + periods++ * 400 * 86_400_000);
  const at = (d: number) => new Date(start.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  const actual = o.actual ?? status === 'completed';
  const assignmentNo = `PG${randomUUID().slice(0, 10)}`;
  const row = await ctx.db
    .insertInto('nurse_assignment')
    .values({
      company_id: ctx.companyId,
      assignment_no: assignmentNo,
      nurse_id: world.nurseId,
      customer_id: world.customerId,
      store_id: world.store.id,
      service_form: 'center',
      start_date: at(0),
      end_date: at(o.planned ?? 26),
      daily_rate: o.dailyRate ?? '600',
      actual_start: actual ? at(0) : null,
      actual_end: actual ? at(days) : null,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, assignmentNo, actualStart: at(0), actualEnd: at(days) };
}
