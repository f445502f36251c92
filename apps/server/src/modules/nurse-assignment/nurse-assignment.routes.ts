import type { FastifyInstance } from 'fastify';
import { nurseAssignmentContract as c, nurseAssignmentStatusLabel, nurseServiceFormLabel, type NurseAssignment, type NurseAssignmentListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as actions from './nurse-assignment.actions.js';

export function registerNurseAssignmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => actions.pageAssignments(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => actions.getAssignment(db, requireSession(request), body.id));
  registerContract(app, c.orderOptions, ({ body, request }) => actions.orderOptions(db, requireSession(request), body));
  registerContract(app, c.nurseOptions, ({ body, request }) => actions.nurseOptions(db, requireSession(request), body));
  registerContract(app, c.add, ({ body, request }) => actions.addAssignment(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => actions.editAssignment(db, requireSession(request), body));
  registerContract(app, c.audit, ({ body, request }) => actions.auditAssignment(db, requireSession(request), body));
  registerContract(app, c.start, ({ body, request }) => actions.startAssignment(db, requireSession(request), body));
  registerContract(app, c.finish, ({ body, request }) => actions.finishAssignment(db, requireSession(request), body));
  registerContract(app, c.cancel, ({ body, request }) => actions.cancelAssignment(db, requireSession(request), body));
  registerContract(app, c.swap, ({ body, request }) => actions.swapAssignment(db, requireSession(request), body));
  registerExport(app, c.exportXls, { label: '月嫂派工' }, (session, filters: Partial<NurseAssignmentListQuery>) => actions.exportAssignments(db, session, filters), exportColumns);
}

const exportColumns: ExcelColumn<NurseAssignment>[] = [
  { header: '派工单号', value: (r) => r.assignmentNo },
  { header: '门店', value: (r) => r.storeName },
  { header: '月嫂', value: (r) => r.nurseName },
  { header: '月嫂编号', value: (r) => r.nurseNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '订单号', value: (r) => r.orderNo },
  { header: '服务形式', value: (r) => nurseServiceFormLabel(r.serviceForm) },
  { header: '服务地址', value: (r) => r.address },
  { header: '开始日期', value: (r) => r.startDate },
  { header: '下户日期', value: (r) => r.endDate },
  { header: '天数', value: (r) => r.days },
  { header: '日薪', value: (r) => r.dailyRate },
  { header: '实际上户', value: (r) => r.actualStart },
  { header: '实际下户', value: (r) => r.actualEnd },
  { header: '状态', value: (r) => nurseAssignmentStatusLabel(r.status) },
  { header: '接替派工单', value: (r) => r.replacesNo },
  { header: '取消原因', value: (r) => r.cancelReason },
  { header: '备注', value: (r) => r.remark },
];
