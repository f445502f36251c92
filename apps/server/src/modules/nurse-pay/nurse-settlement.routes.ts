import type { FastifyInstance } from 'fastify';
import { NURSE_SETTLEMENT_ITEM_KIND_LABELS, nurseSettlementContract as c, nurseSettlementStatusLabel, type NurseSettlement, type NurseSettlementListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './nurse-settlement.service.js';

const exportColumns: ExcelColumn<NurseSettlement>[] = [
  { header: '结算单号', value: (r) => r.settlementNo },
  { header: '派工单号', value: (r) => r.assignmentNo },
  { header: '月嫂编号', value: (r) => r.nurseNo },
  { header: '月嫂', value: (r) => r.nurseName },
  { header: '客户', value: (r) => r.customerName },
  { header: '门店', value: (r) => r.storeName },
  { header: '实际上户', value: (r) => r.startDate },
  { header: '实际下户', value: (r) => r.endDate },
  { header: '天数', value: (r) => r.days },
  { header: '日薪（元）', value: (r) => r.dailyRate },
  { header: '基本工资（元）', value: (r) => r.baseAmount },
  { header: '奖金（元）', value: (r) => r.bonus },
  { header: '扣款（元）', value: (r) => r.deduction },
  { header: '结算金额（元）', value: (r) => r.total },
  { header: '奖扣明细', value: (r) => r.items.map((i) => `${NURSE_SETTLEMENT_ITEM_KIND_LABELS[i.kind]}·${i.name} ${i.amount}`).join('；') },
  { header: '状态', value: (r) => nurseSettlementStatusLabel(r.status) },
  { header: '审核人', value: (r) => r.auditedByName },
  { header: '审核时间', value: (r) => r.auditedAt },
  { header: '驳回原因', value: (r) => r.rejectReason },
  { header: '备注', value: (r) => r.remark },
  { header: '创建时间', value: (r) => r.createdAt },
];

export function registerSettlementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageSettlements(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getSettlement(db, requireSession(request), body.id));
  registerContract(app, c.settleable, ({ body, request }) => service.settleableFor(db, requireSession(request), body));
  registerContract(app, c.add, ({ body, request }) => service.generateSettlement(db, requireSession(request), body));
  registerContract(app, c.adjust, ({ body, request }) => service.adjustSettlement(db, requireSession(request), body));
  registerContract(app, c.audit, ({ body, request }) => service.auditSettlement(db, requireSession(request), body));
  registerContract(app, c.reject, ({ body, request }) => service.rejectSettlement(db, requireSession(request), body));
  registerExport(app, c.exportXls, { label: '月嫂结算' }, (session, filters: NurseSettlementListQuery) => service.exportSettlements(db, session, filters), exportColumns);
}
