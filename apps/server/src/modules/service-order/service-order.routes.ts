import type { FastifyInstance } from 'fastify';
import { SERVICE_SUBJECT_LABELS, serviceOrderContract as c, serviceOrderExportContract, serviceOrderStatusLabel, type ServiceOrder, type ServiceOrderListQuery } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { dictLabeler } from '../dict/index.js';
import * as service from './service-order.service.js';

export function registerServiceOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageServiceOrders(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getServiceOrder(db, requireSession(request), body.id));
  registerContract(app, c.allowance, ({ body, request }) => service.allowanceForCaller(db, requireSession(request), body.orderId));
  registerContract(app, c.orderOptions, ({ body, request }) => service.orderOptions(db, requireSession(request), body));
  registerContract(app, c.formContext, ({ body, request }) => service.formContext(db, requireSession(request), body.orderId));
  registerContract(app, c.add, ({ body, request }) => service.addServiceOrders(db, requireSession(request), body));
  registerContract(app, c.dispatch, ({ body, request }) => service.dispatchServiceOrder(db, requireSession(request), body));
  registerContract(app, c.start, ({ body, request }) => service.startServiceOrder(db, requireSession(request), body));
  registerContract(app, c.complete, ({ body, request }) => service.completeServiceOrder(db, requireSession(request), body));
  registerContract(app, c.cancel, ({ body, request }) => service.cancelServiceOrder(db, requireSession(request), body));
  registerExport(app, serviceOrderExportContract, { label: '服务单' }, async (session, filters: ServiceOrderListQuery) => {
    const [rows, item, source] = await Promise.all([service.exportServiceOrders(db, session, filters), dictLabeler(db, 'service_item'), dictLabeler(db, 'service_source')]);
    return rows.map((r) => ({ ...r, serviceItem: item(r.serviceItem), source: source(r.source) as ServiceOrder['source'] }));
  }, exportColumns);
}

const exportColumns: ExcelColumn<ServiceOrder>[] = [
  { header: '服务单号', value: (r) => r.serviceNo },
  { header: '订单号', value: (r) => r.orderNo },
  { header: '客户', value: (r) => r.customerName },
  { header: '门店', value: (r) => r.storeName },
  { header: '服务对象', value: (r) => (r.subject === 'baby' ? `${SERVICE_SUBJECT_LABELS.baby}${r.babyName ? `（${r.babyName}）` : ''}` : SERVICE_SUBJECT_LABELS.mother) },
  { header: '服务项目', value: (r) => r.serviceItem },
  { header: '来源', value: (r) => r.source },
  { header: '次数', value: (r) => r.quantity },
  { header: '预约时间', value: (r) => r.scheduledAt },
  { header: '执行人', value: (r) => r.executorName },
  { header: '状态', value: (r) => serviceOrderStatusLabel(r.status) },
  { header: '开始时间', value: (r) => r.startedAt },
  { header: '完成时间', value: (r) => r.completedAt },
  { header: '服务结果', value: (r) => r.result },
  { header: '耗材', value: (r) => r.consumables.map((x) => `${x.name}×${x.quantity}`).join('、') },
  { header: '取消原因', value: (r) => r.cancelReason },
  { header: '备注', value: (r) => r.remark },
];
