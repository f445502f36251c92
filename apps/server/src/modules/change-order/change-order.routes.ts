import type { FastifyInstance } from 'fastify';
import { changeOrderContract, changeOrderResource, type ChangeOrder } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './change-order.service.js';
import { cancelOrder } from './order-cancel.js';

const KIND: Record<string, string> = { extend: '续住', change_room: '换房', upgrade: '升级', refund: '退款', adjust: '调账' };
const STATUS: Record<string, string> = { draft: '待提交', pending_audit: '待审核', approved: '已通过', rejected: '已驳回' };
const text = (v: string | null | undefined) => v ?? '';

function detailOf(r: ChangeOrder): string {
  if (r.kind === 'extend') return `续住${r.days}天`;
  if (r.kind === 'change_room') return `${text(r.fromRoomNo)} → ${text(r.toRoomNo)}（${text(r.effectiveDate)}起）`;
  if (r.kind === 'upgrade') return `${text(r.fromProductName)} → ${text(r.toProductName)}`;
  if (r.kind === 'adjust') return '调整应收金额';
  return '';
}

const exportColumns: ExcelColumn<ChangeOrder>[] = [
  { header: '变更单号', value: (r) => r.changeNo },
  { header: '订单号', value: (r) => text(r.orderNo) },
  { header: '客户', value: (r) => text(r.customerName) },
  { header: '门店', value: (r) => text(r.storeName) },
  { header: '变更类型', value: (r) => KIND[r.kind] ?? r.kind },
  { header: '变更内容', value: detailOf },
  { header: '变更金额', value: (r) => r.amountDelta },
  { header: '状态', value: (r) => STATUS[r.status] ?? r.status },
  { header: '变更原因', value: (r) => r.reason },
  { header: '提交时间', value: (r) => text(r.submittedAt) },
  { header: '审批时间', value: (r) => text(r.decidedAt) },
  { header: '创建时间', value: (r) => r.createdAt },
];

export function registerChangeOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = changeOrderContract;
  registerContract(app, c.list, ({ body, request }) => service.pageChanges(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getChange(db, requireSession(request), body.id));
  registerExport(app, c.exportXls, changeOrderResource, (session, filters) => service.exportChanges(db, session, filters), exportColumns);
  registerContract(app, c.quote, ({ body, request }) => service.quoteChange(db, requireSession(request), body));
  registerContract(app, c.add, ({ body, request }) => service.addChange(db, requireSession(request), body));
  registerContract(app, c.submit, ({ body, request }) => service.submitChange(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body, request }) => service.deleteChange(db, requireSession(request), body));
  registerContract(app, c.approve, ({ body, request }) => service.decideChange(db, requireSession(request), 1, body));
  registerContract(app, c.financeApprove, ({ body, request }) => service.decideChange(db, requireSession(request), 2, body));
  registerContract(app, c.approvals, ({ body, request }) => service.approvalTrail(db, requireSession(request), body.id));
  registerContract(app, c.cancelOrder, ({ body, request }) => cancelOrder(db, requireSession(request), body));
}
