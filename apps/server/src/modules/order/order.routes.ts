import type { FastifyInstance } from 'fastify';
import { orderContract, orderResource, orderStatusLabel, plannedCheckOutOf, toPageResult, type Order, type OrderCreate, type OrderListQuery, type OrderStatus } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { BizError } from '../../platform/errors.js';
import { registerContract } from '../../platform/http/register.js';
import { fourEyes } from '../system/four-eyes.js';
import { orderDetail } from './order.detail.js';
import * as service from './order.service.js';

const text = (v: string | null | undefined) => v ?? '';
const exportColumns: ExcelColumn<Order>[] = [
  { header: '订单编号', value: (r) => r.orderNo },
  { header: '客户', value: (r) => text(r.customerName) },
  { header: '门店', value: (r) => text(r.storeName) },
  { header: '产品', value: (r) => text(r.productName) },
  { header: '房型', value: (r) => text(r.roomTypeName) },
  { header: '天数', value: (r) => r.days },
  { header: '预计入住日期', value: (r) => text(r.plannedCheckIn) },
  { header: '预计退房日期', value: (r) => text(r.plannedCheckOut) },
  { header: '参考价', value: (r) => r.referencePrice },
  { header: '底价', value: (r) => r.floorPrice },
  { header: '成交价', value: (r) => r.dealPrice },
  { header: '优惠金额', value: (r) => r.discount },
  { header: '已转定金', value: (r) => r.depositApplied },
  { header: '顾问', value: (r) => text(r.consultantName) },
  { header: '合作渠道', value: (r) => text(r.channelName) },
  { header: '订单状态', value: (r) => orderStatusLabel(r.status as OrderStatus) },
  { header: '创建时间', value: (r) => r.createdOn },
  { header: '备注', value: (r) => r.remark },
];

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = orderContract;

  registerContract(app, c.list, async ({ body, request }) => {
    const page = await service.listOrders(db, requireSession(request), body);
    return toPageResult(page.rows, page.total, body, page.capped);
  });
  registerExport<Order, Omit<OrderListQuery, 'pageNo' | 'pageSize'>>(
    app,
    c.exportXls,
    orderResource,
    (session, filters) => service.exportOrders(db, session, filters),
    exportColumns,
  );
  registerContract(app, c.queryById, ({ body, request }) => service.getOrder(db, requireSession(request), body.id));
  registerContract(app, c.add, async ({ body, request }) => {
    const session = requireSession(request);
    const { id } = await inTransaction(db, (trx) => service.createOrder(trx, session, body as OrderCreate));
    return service.getOrder(db, session, id);
  });
  registerContract(app, c.edit, async ({ body, request }) => {
    const session = requireSession(request);
    await inTransaction(db, (trx) => service.editOrder(trx, session, body.id, body.version, body));
    return service.getOrder(db, session, body.id);
  });
  registerContract(app, c.submit, async ({ body, request }) => {
    const session = requireSession(request);
    await inTransaction(db, (trx) => service.submitOrder(trx, session, body.id, body.version));
    return service.getOrder(db, session, body.id);
  });
  registerContract(app, c.approve, async ({ body, request }) => {
    const session = requireSession(request);
    await inTransaction(db, async (trx) => service.decideDiscount(trx, session, body.id, true, body.remark, body.version, await fourEyes(trx)));
    return service.getOrder(db, session, body.id);
  });
  registerContract(app, c.reject, async ({ body, request }) => {
    const session = requireSession(request);
    await inTransaction(db, async (trx) => service.decideDiscount(trx, session, body.id, false, body.remark, body.version, await fourEyes(trx)));
    return service.getOrder(db, session, body.id);
  });
  registerContract(app, c.quote, async ({ body, request }) => {
    try {
      return { ...(await service.quoteOrder(db, requireSession(request).companyId, body)), missing: null };
    } catch (err) {
      if (!(err instanceof BizError)) throw err;
      return { referencePrice: null, floorPrice: null, plannedCheckOut: plannedCheckOutOf(body.plannedCheckIn, body.days), missing: err.message };
    }
  });
  registerContract(app, c.detail, ({ body, request }) => orderDetail(db, requireSession(request), body.id));
  registerContract(app, c.ofCustomer, async ({ body, request }) => {
    const page = await service.listOrders(db, requireSession(request), { ...body, customerId: body.customerId });
    return toPageResult(page.rows, page.total, body, page.capped);
  });
}
