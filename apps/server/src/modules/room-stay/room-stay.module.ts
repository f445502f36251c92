import { buttonsOf, roomStayContract as c, RoomStayPermission, roomStayStatusLabel, type RoomStay } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { defineModule } from '../module.js';
import * as actions from './room-stay.actions.js';
import { ROOM_STAY_MENU, roomStayRules } from './room-stay.rules.js';
import { todaysStays } from './room-stay.work-items.js';

const exportColumns: ExcelColumn<RoomStay>[] = [
  { header: '门店', value: (r) => r.storeName },
  { header: '房间号', value: (r) => r.roomNo },
  { header: '订单号', value: (r) => r.orderNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '入住日期', value: (r) => r.startDate },
  { header: '退房日期', value: (r) => r.endDate },
  { header: '住房状态', value: (r) => roomStayStatusLabel(r.status) },
  { header: '入住时间', value: (r) => r.checkedInAt },
  { header: '退房时间', value: (r) => r.checkedOutAt },
];

// 排房、入住、退房与结账 (L3, docs/trade.md): the stays of orders and holds, their moves and the services others call.
export default defineModule({
  name: 'room-stay',
  tables: ['room_stay'],
  menus: [{ parent: '/room', path: ROOM_STAY_MENU, title: '住房安排', component: 'room-stay/RoomStayList', buttons: buttonsOf(RoomStayPermission) }],
  dataRules: [roomStayRules],
  workplace: { stays: todaysStays },
  routes: (app, ctx) => {
    const db = ctx.database.db;
    const crud = actions.roomStayCrud(db);
    const session = (r: Parameters<typeof requireSession>[0]) => requireSession(r);
    registerContract(app, c.list, ({ body, request }) => actions.listStays(db, crud, session(request), body));
    registerContract(app, c.queryById, async ({ body, request }) => (await crud.get(session(request), body.id)) as RoomStay);
    registerExport(app, c.exportXls, { label: '住房安排' }, (s, filters: Parameters<typeof actions.exportStays>[3]) => actions.exportStays(db, crud, s, filters), exportColumns);
    registerContract(app, c.assign, ({ body, request }) => actions.assignOrder(db, crud, session(request), body));
    registerContract(app, c.unassign, ({ body, request }) => actions.unassign(db, crud, session(request), body));
    registerContract(app, c.move, ({ body, request }) => actions.changeRoom(db, crud, session(request), body));
    registerContract(app, c.checkIn, ({ body, request }) => actions.checkIn(db, crud, session(request), body));
    registerContract(app, c.checkOut, ({ body, request }) => actions.checkOut(db, crud, session(request), body));
    registerContract(app, c.settle, ({ body, request }) => actions.settle(db, crud, session(request), body));
    registerContract(app, c.pendingOrders, ({ body, request }) => actions.pendingOrders(db, session(request), body.storeId));
  },
});
