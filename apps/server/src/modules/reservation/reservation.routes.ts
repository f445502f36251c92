import type { FastifyInstance } from 'fastify';
import { reservationContract as c, reservationExportContract, visitStatusLabel, type Reservation, type ReservationListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './reservation.service.js';

export function registerReservationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageReservations(db, requireSession(request), body));
  registerContract(app, c.calendar, ({ body, request }) => service.calendar(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getReservation(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addVisit(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editVisit(db, requireSession(request), body));
  registerContract(app, c.arrive, ({ body, request }) => service.arriveVisit(db, requireSession(request), body));
  registerContract(app, c.noShow, ({ body, request }) => service.noShowVisit(db, requireSession(request), body));
  registerContract(app, c.cancel, ({ body, request }) => service.cancelVisit(db, requireSession(request), body));
  registerExport(app, reservationExportContract, { label: '预约' }, (session, filters: ReservationListQuery) => service.exportReservations(db, session, filters), exportColumns);
}

const exportColumns: ExcelColumn<Reservation>[] = [
  { header: '预约编号', value: (r) => r.reservationNo },
  { header: '类型', value: (r) => (r.leadId ? '线索' : '客户') },
  { header: '姓名', value: (r) => r.subjectName },
  { header: '手机号', value: (r) => r.subjectPhone },
  { header: '参观门店', value: (r) => r.storeName },
  { header: '参观时间', value: (r) => r.at },
  { header: '到访人数', value: (r) => r.visitors },
  { header: '状态', value: (r) => visitStatusLabel(r.status) },
  { header: '顾问', value: (r) => r.ownerName },
  { header: '接待人', value: (r) => r.receptionistName },
  { header: '取消原因', value: (r) => r.cancelReason },
  { header: '结束时间', value: (r) => r.closedAt },
  { header: '备注', value: (r) => r.remark },
  { header: '创建时间', value: (r) => r.createdAt },
];
