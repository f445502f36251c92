import { Permission, type WorkplaceStay } from '@care/shared';
import type { WorkplaceStays } from '../../platform/crud/work-items.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';
import { roomStayScope } from './room-stay.rules.js';

/**
 * 工作台 (holders of 住房安排's list): today's arrivals (stays starting today, booked or already checked in today) and
 * departures (stays ending today still in the house, or checked out today) in the caller's 住房安排 scope.
 */
export const todaysStays: WorkplaceStays = {
  action: Permission.roomStayList,
  read: async ({ db, session, today }) => {
    const scope = await roomStayScope(db, session);
    const base = () =>
      db
        .selectFrom('room_stay as r')
        .innerJoin('customer as cu', 'cu.id', 'r.customer_id')
        .innerJoin('room as rm', 'rm.id', 'r.room_id')
        .innerJoin('store as s', 's.id', 'r.store_id')
        .where('r.company_id', '=', session.companyId)
        .where(scope)
        .select(['r.id', 'cu.name as customer_name', 'rm.room_no', 's.name as store_name', 'r.start_date', 'r.end_date', 'r.status', 'r.checked_in_at', 'r.checked_out_at'])
        .orderBy('rm.room_no')
        .orderBy('r.id')
        .limit(200);
    const dayStart = shanghaiDayStart(today);
    const [ins, outs] = await Promise.all([
      base()
        .where((eb) =>
          eb.or([
            eb.and([eb('r.status', '=', 'booked'), eb('r.start_date', '=', today)]),
            eb.and([eb('r.status', 'in', ['in_house', 'ended']), eb('r.checked_in_at', '>=', dayStart), eb('r.checked_in_at', '<', shanghaiDayAfter(today))]),
          ]),
        )
        .execute(),
      base()
        .where((eb) =>
          eb.or([
            eb.and([eb('r.status', '=', 'in_house'), eb('r.end_date', '=', today)]),
            eb.and([eb('r.status', '=', 'ended'), eb('r.checked_out_at', '>=', dayStart), eb('r.checked_out_at', '<', shanghaiDayAfter(today))]),
          ]),
        )
        .execute(),
    ]);
    const stay = (done: (r: (typeof ins)[number]) => boolean) => (r: (typeof ins)[number]): WorkplaceStay => ({
      id: r.id,
      customerName: r.customer_name,
      roomNo: r.room_no,
      storeName: r.store_name,
      startDate: r.start_date,
      endDate: r.end_date,
      status: r.status,
      done: done(r),
    });
    return { checkIns: ins.map(stay((r) => r.status !== 'booked')), checkOuts: outs.map(stay((r) => r.status === 'ended')) };
  },
};
