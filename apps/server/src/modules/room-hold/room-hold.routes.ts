import type { FastifyInstance } from 'fastify';
import { roomHoldContract as c, roomHoldExportContract, roomHoldStatusLabel, type RoomHold, type RoomHoldListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './room-hold.service.js';

export function registerRoomHoldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageHolds(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getHold(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addHold(db, requireSession(request), body));
  registerContract(app, c.assign, ({ body, request }) => service.assignHold(db, requireSession(request), body));
  registerContract(app, c.convert, ({ body, request }) => service.convertHold(db, requireSession(request), body));
  registerContract(app, c.cancel, ({ body, request }) => service.cancelHold(db, requireSession(request), body));
  registerExport(app, roomHoldExportContract, { label: '订房预约' }, (session, filters: RoomHoldListQuery) => service.exportHolds(db, session, filters), exportColumns);
}

const exportColumns: ExcelColumn<RoomHold>[] = [
  { header: '预约编号', value: (r) => r.reservationNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '手机号', value: (r) => r.customerPhone },
  { header: '门店', value: (r) => r.storeName },
  { header: '预计入住日期', value: (r) => r.plannedCheckIn },
  { header: '入住天数', value: (r) => r.days },
  { header: '房型', value: (r) => r.roomTypeName },
  { header: '房间', value: (r) => r.roomNo },
  { header: '定金', value: (r) => r.depositAmount },
  { header: '状态', value: (r) => roomHoldStatusLabel(r.status) },
  { header: '顾问', value: (r) => r.ownerName },
  { header: '取消原因', value: (r) => r.cancelReason },
  { header: '结束时间', value: (r) => r.closedAt },
  { header: '备注', value: (r) => r.remark },
  { header: '创建时间', value: (r) => r.createdAt },
];
