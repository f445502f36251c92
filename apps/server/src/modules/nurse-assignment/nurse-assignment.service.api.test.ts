import { describe, expect, it } from 'vitest';
import { nurseAssignmentContract as c, type NurseAssignment } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { resultOf, useAdminApp } from '../../test/fixtures.js';
import { addAssignment } from './nurse-assignment.actions.js';
import { assignmentForWork, busyInPeriod } from './nurse-assignment.service.js';
import { nurseOf, orderFor, storeWorld } from './nurse-assignment.test-data.js';

describe('月嫂派工: the services other modules use, and the overlap under concurrency', () => {
  const ctx = useAdminApp();
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const ok = <T = NurseAssignment>(url: string, body: Record<string, unknown>) => resultOf(ctx.t.post<T>(url, body, { token: ctx.admin }));

  it('busyInPeriod answers the live assignments touching [from, to) by the busy rule; assignmentForWork one assignment', async () => {
    const s = await storeWorld(world());
    const nurse = await nurseOf(world(), s);
    const other = await nurseOf(world(), s);
    const o = await orderFor(world(), s, { checkIn: '2034-03-01', days: 26, name: '郑女士' });
    const add = (nurseId: string, startDate: string, days: number) => ok(c.add.path, { nurseId, orderId: o.orderId, serviceForm: 'center', startDate, days, dailyRate: '280.5' });
    const a = await add(nurse.id, '2034-03-01', 26);
    const b = await add(nurse.id, '2034-04-01', 10);
    const cancelled = await add(nurse.id, '2034-05-01', 10);
    await ok(c.cancel.path, { id: cancelled.id, version: cancelled.version, reason: '改期' });
    await add(other.id, '2034-03-10', 5);

    const busy = await busyInPeriod(ctx.db, ctx.companyId, { nurseIds: [nurse.id], from: '2034-03-27', to: '2034-06-01' });
    // a ends on 03-27 (exclusive): it does not touch the period; the cancelled one holds nothing.
    expect(busy).toEqual([{ nurseId: nurse.id, assignmentId: b.id, assignmentNo: b.assignmentNo, status: 'pending_audit', from: '2034-04-01', to: '2034-04-11', customerName: '郑女士' }]);
    expect((await busyInPeriod(ctx.db, ctx.companyId, { nurseIds: [nurse.id], from: '2034-03-26', to: '2034-03-27' })).map((x) => x.assignmentId)).toEqual([a.id]);
    expect((await busyInPeriod(ctx.db, ctx.companyId, { nurseIds: [nurse.id, other.id], from: '2034-03-01', to: '2034-03-31' })).map((x) => x.nurseId).sort()).toEqual([nurse.id, other.id].sort());
    expect(await busyInPeriod(ctx.db, ctx.companyId, { nurseIds: [], from: '2034-03-01', to: '2034-03-31' })).toEqual([]);

    expect(await assignmentForWork(ctx.db, ctx.companyId, a.id)).toEqual({
      id: a.id, assignmentNo: a.assignmentNo, nurseId: nurse.id, customerId: o.customerId, orderId: o.orderId, storeId: s.storeId, serviceForm: 'center',
      startDate: '2034-03-01', endDate: '2034-03-27', actualStart: null, actualEnd: null, dailyRate: '280.50', status: 'pending_audit',
    });
    expect(await ctx.db.transaction().execute((trx) => assignmentForWork(trx, ctx.companyId, a.id, { lock: true }))).toMatchObject({ id: a.id });
    expect(await assignmentForWork(ctx.db, ctx.companyId, '5d1f7a3e-9b2c-4d6e-8f10-123456789abc')).toBeUndefined();
  });

  it('200 concurrent assignments of one nurse on overlapping days: exactly one wins, the others name it', async () => {
    const s = await storeWorld(world());
    const nurse = await nurseOf(world(), s);
    const orders: Awaited<ReturnType<typeof orderFor>>[] = [];
    for (let i = 0; i < 200; i++) orders.push(await orderFor(world(), s, { checkIn: '2035-01-01', days: 26 }));
    const session: SessionInfo = { sessionId: 'concurrency', userId: ctx.adminId, username: 'admin', companyId: ctx.companyId, departmentId: null };
    const day = (i: number) => `2035-01-${String(1 + (i % 20)).padStart(2, '0')}`;
    const results = await Promise.allSettled(
      orders.map((o, i) => addAssignment(ctx.db, session, { nurseId: nurse.id, orderId: o.orderId, customerId: null, serviceForm: 'center', address: '', startDate: day(i), days: 26, dailyRate: '300', remark: '' })),
    );
    const won = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(won).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set([`该月嫂在所选日期已有派工「${won[0]!.assignmentNo}」`]));
    const live = await ctx.db.selectFrom('nurse_assignment').select('id').where('nurse_id', '=', nurse.id).execute();
    expect(live).toEqual([{ id: won[0]!.id }]);
  });
});
