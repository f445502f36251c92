import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crudContracts } from '../resource/index.js';
import { OrderPermission as P } from './order.permissions.js';
import {
  customerOrdersQuerySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderMoveSchema,
  orderPageSchema,
  orderQuoteResultSchema,
  orderQuoteSchema,
  orderRejectSchema,
  orderResource,
  OrderText,
} from './order.schema.js';

const crud = crudContracts(orderResource, 'order', { list: P.orderList, add: P.orderAdd, edit: P.orderEdit, export: P.orderExport });

/** /online/order/… : orders in the caller's data scope. Cancellation is /online/order/cancel of the change-order module. */
export const orderContract = {
  ...crud,
  list: defineContract({ ...crud.list, body: orderListQuerySchema }),
  exportXls: defineContract({ ...crud.exportXls, body: orderListQuerySchema.omit({ pageNo: true, pageSize: true }).partial() }),
  /** 提交: 已确认 when the deal is at or above the floor price, 待审核 (折扣审批) below it. */
  submit: defineContract({ method: 'POST', path: '/online/order/submit', access: P.orderSubmit, body: orderMoveSchema, result: orderResource.record, successMessage: OrderText.submitted }),
  approve: defineContract({ method: 'POST', path: '/online/order/approve', access: P.orderApprove, body: orderMoveSchema, result: orderResource.record, successMessage: OrderText.approved }),
  reject: defineContract({ method: 'POST', path: '/online/order/reject', access: P.orderApprove, body: orderRejectSchema, result: orderResource.record, successMessage: OrderText.rejected }),
  /** The reference and floor price for the form (the finance price in force on the planned check-in). */
  quote: defineContract({ method: 'POST', path: '/online/order/quote', access: P.orderList, body: orderQuoteSchema, result: orderQuoteResultSchema }),
  /** The detail drawer: snapshot, money summary, state log. */
  detail: defineContract({ method: 'POST', path: '/online/order/detail', access: P.orderList, body: z.object({ id: z.uuid({ message: '缺少订单ID' }) }), result: orderDetailSchema }),
  /** A customer's orders (客户360). */
  ofCustomer: defineContract({ method: 'POST', path: '/online/order/ofCustomer', access: P.orderList, body: customerOrdersQuerySchema, result: orderPageSchema }),
};
