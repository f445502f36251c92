import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crmIdSchema } from '../crm/common.js';
import { ServiceOrderPermission as P } from './service-order.permissions.js';
import {
  allowanceSchema,
  serviceOrderActionSchema,
  serviceOrderCancelSchema,
  serviceOrderCompleteSchema,
  serviceOrderCreateSchema,
  serviceOrderDispatchSchema,
  serviceOrderListQuerySchema,
  serviceOrderOrderOptionSchema,
  serviceOrderOrderOptionsQuerySchema,
  serviceOrderPageSchema,
  serviceOrderSchema,
  ServiceOrderText,
} from './service-order.schema.js';

/** A person the form may pick (an executor, a baby). */
export const serviceOrderPickSchema = z.object({ id: z.string(), name: z.string() });
/** What the add form needs once an order is chosen: the package's items left, the customer's babies, the store's people. */
export const serviceOrderFormContextSchema = z.object({ allowance: allowanceSchema, babies: z.array(serviceOrderPickSchema), executors: z.array(serviceOrderPickSchema) });
export type ServiceOrderFormContext = z.infer<typeof serviceOrderFormContextSchema>;

/**
 * 服务单 (/serve/serviceOrder). Lists, by-id reads and every move apply the data rules of 服务单 (by
 * store, executor …); one the caller cannot see answers 404. Moves go through serviceOrderMachine.
 */
export const serviceOrderContract = {
  list: defineContract({ method: 'POST', path: '/online/serviceOrder/list', access: P.serviceOrderList, body: serviceOrderListQuerySchema, result: serviceOrderPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/serviceOrder/queryById', access: P.serviceOrderList, body: crmIdSchema, result: serviceOrderSchema }),
  /** The order's package allowance: per item total (or 按需), used by completed 套餐内 services, remaining. */
  allowance: defineContract({ method: 'POST', path: '/online/serviceOrder/allowance', access: P.serviceOrderList, body: z.object({ orderId: z.uuid({ message: '请选择订单!' }) }), result: allowanceSchema }),
  /** Orders services can be scheduled under (已确认 / 已入住) in the caller's stores. */
  orderOptions: defineContract({ method: 'POST', path: '/online/serviceOrder/orderOptions', access: P.serviceOrderAdd, body: serviceOrderOrderOptionsQuerySchema, result: z.array(serviceOrderOrderOptionSchema) }),
  formContext: defineContract({ method: 'POST', path: '/online/serviceOrder/formContext', access: P.serviceOrderList, body: z.object({ orderId: z.uuid({ message: '请选择订单!' }) }), result: serviceOrderFormContextSchema }),
  /** One service order, or one a day for `days` days; with an executor it starts 已派工. */
  add: defineContract({ method: 'POST', path: '/online/serviceOrder/add', access: P.serviceOrderAdd, body: serviceOrderCreateSchema, result: z.array(serviceOrderSchema), successMessage: ServiceOrderText.added }),
  dispatch: defineContract({ method: 'POST', path: '/online/serviceOrder/dispatch', access: P.serviceOrderDispatch, body: serviceOrderDispatchSchema, result: serviceOrderSchema, successMessage: ServiceOrderText.dispatched }),
  start: defineContract({ method: 'POST', path: '/online/serviceOrder/start', access: P.serviceOrderStart, body: serviceOrderActionSchema, result: serviceOrderSchema, successMessage: ServiceOrderText.started }),
  /** A 套餐内 one consumes the package allowance: refused when used up or past the item's validity. */
  complete: defineContract({ method: 'POST', path: '/online/serviceOrder/complete', access: P.serviceOrderComplete, body: serviceOrderCompleteSchema, result: serviceOrderSchema, successMessage: ServiceOrderText.completed }),
  cancel: defineContract({ method: 'POST', path: '/online/serviceOrder/cancel', access: P.serviceOrderCancel, body: serviceOrderCancelSchema, result: serviceOrderSchema, successMessage: ServiceOrderText.cancelled }),
};

/** POST with the list's filters; answers an .xlsx of the data-ruled list. */
export const serviceOrderExportContract = defineContract({ method: 'POST', path: '/online/serviceOrder/exportXls', access: P.serviceOrderExport, body: serviceOrderListQuerySchema, result: z.unknown() });
