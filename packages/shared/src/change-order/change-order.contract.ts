import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crudContracts, idSchema } from '../resource/index.js';
import { ChangeOrderPermission as P } from './change-order.permissions.js';
import {
  changeOrderAddSchema,
  changeOrderApprovalSchema,
  changeOrderDecisionSchema,
  changeOrderListQuerySchema,
  changeOrderQuoteSchema,
  changeOrderResource,
  ChangeOrderText,
  changeOrderVersionSchema,
  orderCancelResultSchema,
  orderCancelSchema,
} from './change-order.schema.js';

const crud = crudContracts(changeOrderResource, 'changeOrder', { list: P.changeOrderList, export: P.changeOrderExport });
const record = changeOrderResource.record;
const path = (action: string) => `/online/changeOrder/${action}`;

/** /online/changeOrder/… ; and /online/order/cancel, which this module applies. */
export const changeOrderContract = {
  ...crud,
  list: defineContract({ ...crud.list, body: changeOrderListQuerySchema }),
  exportXls: defineContract({ ...crud.exportXls, body: changeOrderListQuerySchema.omit({ pageNo: true, pageSize: true }).partial() }),
  /** The amount the server would compute, and the chain's length, before saving. */
  quote: defineContract({ method: 'POST', path: path('quote'), access: P.changeOrderAdd, body: changeOrderAddSchema, result: changeOrderQuoteSchema }),
  /** A new change order, 待提交. */
  add: defineContract({ method: 'POST', path: path('add'), access: P.changeOrderAdd, body: changeOrderAddSchema, result: record, successMessage: ChangeOrderText.added }),
  submit: defineContract({ method: 'POST', path: path('submit'), access: P.changeOrderSubmit, body: changeOrderVersionSchema, result: record, successMessage: ChangeOrderText.submitted }),
  delete: defineContract({ method: 'POST', path: path('delete'), access: P.changeOrderDelete, body: changeOrderVersionSchema, result: z.null(), successMessage: ChangeOrderText.deleted }),
  /** Step 1 (店长/主管); the last approval applies the change order. */
  approve: defineContract({ method: 'POST', path: path('approve'), access: P.changeOrderApprove, body: changeOrderDecisionSchema, result: record, successMessage: ChangeOrderText.decided }),
  /** Step 2 (财务). */
  financeApprove: defineContract({ method: 'POST', path: path('financeApprove'), access: P.changeOrderFinanceApprove, body: changeOrderDecisionSchema, result: record, successMessage: ChangeOrderText.decided }),
  /** The approval trail, oldest first. */
  approvals: defineContract({ method: 'POST', path: path('approvals'), access: P.changeOrderList, body: idSchema, result: z.array(changeOrderApprovalSchema) }),
  /** 取消订单 (on the 订单 menu). */
  cancelOrder: defineContract({ method: 'POST', path: '/online/order/cancel', access: P.orderCancel, body: orderCancelSchema, result: orderCancelResultSchema, successMessage: ChangeOrderText.cancelled }),
};
