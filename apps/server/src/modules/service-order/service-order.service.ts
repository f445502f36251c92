import type { Kysely } from 'kysely';
import {
  EXPORT_MAX_ROWS,
  NumberRuleCode,
  orderStatusLabel,
  ServiceOrderText,
  serviceOrderMachine,
  toPageResult,
  type Allowance,
  type PageResult,
  type ServiceOrder,
  type ServiceOrderAction,
  type ServiceOrderCancel,
  type ServiceOrderComplete,
  type ServiceOrderCreateValues,
  type ServiceOrderDispatch,
  type ServiceOrderEvent,
  type ServiceOrderFormContext,
  type ServiceOrderListQuery,
  type ServiceOrderOrderOption,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { transition } from '../../platform/crud/transition.js';
import { activeCompanyUser } from '../../platform/db/company-users.js';
import { recordMapper } from '../../platform/db/records.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { shanghaiDate, shanghaiInstant } from '../../platform/time.js';
import { listBabiesOfCustomer } from '../baby/baby.service.js';
import { codeOptions, dictLabeler } from '../dict/index.js';
import { nextNumber } from '../number-rule/index.js';
import { lockOrder, orderScope } from '../order/order.service.js';
import { storeIdsOfUser, usersOfStore } from '../store/store.service.js';
import { allowanceItems, allowanceStart, packageRefusal, snapshotItems } from './service-order.allowance.js';
import * as repo from './service-order.repo.js';
import { serviceOrderScope } from './service-order.rules.js';
import { nurseForWork } from '../monthly-nurse/monthly-nurse.service.js';

const SERVABLE: readonly string[] = ['confirmed', 'checked_in'];

/**
 * The package allowance of an order: per service item of its product snapshot, the total (null: 按需),
 * what completed 套餐内 services used, what remains, and the last day it may be used (validDays
 * counted from check-in). 404 when the company has no such order.
 */
export async function allowanceOf(db: Kysely<DB>, companyId: string, orderId: string): Promise<Allowance> {
  const order = await repo.orderForServices(db, companyId, orderId);
  if (!order) throw new NotFound();
  const startDate = allowanceStart(order);
  return { orderId, startDate, items: allowanceItems(snapshotItems(order.product_snapshot), await repo.usedByItem(db, companyId, orderId), startDate) };
}

/** A customer's services the caller may see, latest first (the 360 page; the caller passed the customer's rules). */
export async function servicesOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string, limit = 100): Promise<ServiceOrder[]> {
  return (await repo.ofCustomer(db, session.companyId, await serviceOrderScope(db, session), customerId, limit)).map(toServiceOrder);
}

export async function pageServiceOrders(db: Kysely<DB>, session: SessionInfo, q: ServiceOrderListQuery): Promise<PageResult<ServiceOrder>> {
  const page = await repo.pageServiceOrders(db, session.companyId, await serviceOrderScope(db, session), q);
  return toPageResult(page.rows.map(toServiceOrder), page.total, q, page.capped);
}

export async function exportServiceOrders(db: Kysely<DB>, session: SessionInfo, q: ServiceOrderListQuery): Promise<ServiceOrder[]> {
  return (await repo.exportServiceOrders(db, session.companyId, await serviceOrderScope(db, session), q, EXPORT_MAX_ROWS)).map(toServiceOrder);
}

export async function getServiceOrder(db: Kysely<DB>, session: SessionInfo, id: string): Promise<ServiceOrder> {
  const row = await repo.findServiceOrder(db, session.companyId, await serviceOrderScope(db, session), id);
  if (!row) throw new NotFound();
  return toServiceOrder(row);
}

/** The allowance panel: an order the caller may see (the order module's data rules). */
export async function allowanceForCaller(db: Kysely<DB>, session: SessionInfo, orderId: string): Promise<Allowance> {
  await visibleOrder(db, session, orderId);
  return allowanceOf(db, session.companyId, orderId);
}

/** Orders services can be scheduled under, among those the caller may see. */
export async function orderOptions(db: Kysely<DB>, session: SessionInfo, q: { keyword: string; storeId?: string }): Promise<ServiceOrderOrderOption[]> {
  const rows = await repo.servableOrders(db, session.companyId, await orderScope(db, session), q);
  return rows.map((r) => ({ id: r.id, orderNo: r.order_no, customerId: r.customer_id, customerName: r.customer_name, storeId: r.store_id, status: r.status, productName: r.product_name }));
}

/** The add form once an order is chosen: its allowance, the customer's babies, the store's people. */
export async function formContext(db: Kysely<DB>, session: SessionInfo, orderId: string): Promise<ServiceOrderFormContext> {
  const order = await visibleOrder(db, session, orderId);
  const [allowance, babies, users] = await Promise.all([
    allowanceOf(db, session.companyId, orderId),
    listBabiesOfCustomer(db, session.companyId, order.customer_id),
    usersOfStore(db, session, order.store_id),
  ]);
  return { allowance, babies: babies.map((b) => ({ id: b.id, name: b.name })), executors: users.map((u) => ({ id: u.id, name: u.firstName || u.username })) };
}

/**
 * 新增服务单 under a 已确认 / 已入住 order (locked while checked), once or once a day for `days`
 * days. A 套餐内 item must be one of the package's; with an executor the services start 已派工.
 */
export async function addServiceOrders(db: Kysely<DB>, session: SessionInfo, input: ServiceOrderCreateValues): Promise<ServiceOrder[]> {
  const label = await itemLabel(db, input.serviceItem);
  if (input.source === 'extra' && !(await codeOptions(db, 'service_item'))?.some((o) => o.value === input.serviceItem)) throw new BizError(ServiceOrderText.notInPackage(label));
  await orderScope(db, session); // read before the transaction: on PGlite's one connection a rules query inside would wait
  const ids = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, session, input.orderId);
    if (!SERVABLE.includes(order.status)) throw new BizError(ServiceOrderText.orderNotServable(orderStatusLabel(order.status)));
    if (input.subject === 'baby' && !(await listBabiesOfCustomer(trx, session.companyId, order.customer_id)).some((b) => b.id === input.babyId)) throw new BizError(ServiceOrderText.babyMissing);
    if (input.source === 'package' && !snapshotItems(order.product_snapshot).some((i) => i.serviceItem === input.serviceItem)) throw new BizError(ServiceOrderText.notInPackage(label));
    if (input.executorId) await assertExecutor(trx, session, order.store_id, input.executorId);
    if (input.nurseId) await assertNurse(trx, session.companyId, input.nurseId);
    const first = shanghaiInstant(input.scheduledAt);
    const created: string[] = [];
    for (let day = 0; day < input.days; day++) {
      const id = await repo.insertServiceOrder(trx, session.companyId, session.userId, {
        serviceNo: await nextNumber(trx, NumberRuleCode.serviceOrder),
        orderId: order.id,
        customerId: order.customer_id,
        storeId: order.store_id,
        subject: input.subject,
        babyId: input.babyId,
        serviceItem: input.serviceItem,
        source: input.source,
        quantity: input.quantity,
        scheduledAt: new Date(first.getTime() + day * 86_400_000),
        executorId: null,
        nurseId: null,
        remark: input.remark,
      });
      if (input.executorId || input.nurseId) await move(trx, session, id, 'dispatch', undefined, { executor_id: input.executorId, nurse_id: input.nurseId });
      created.push(id);
    }
    return created;
  });
  return (await repo.findServiceOrders(db, session.companyId, ids)).map(toServiceOrder);
}

/** A nurse named on a service is a nurse of the company who has not left. */
async function assertNurse(trx: Kysely<DB>, companyId: string, nurseId: string): Promise<void> {
  const nurse = await nurseForWork(trx, companyId, nurseId);
  if (!nurse || nurse.status === 'left') throw new BizError(ServiceOrderText.nurseMissing);
}

/** 派工 (or 改派 before it starts): an executor of the order's store, or a nurse. */
export async function dispatchServiceOrder(db: Kysely<DB>, session: SessionInfo, input: ServiceOrderDispatch): Promise<ServiceOrder> {
  const scope = await serviceOrderScope(db, session);
  await db.transaction().execute(async (trx) => {
    const head = await repo.serviceOrderHead(trx, session.companyId, scope, input.id);
    if (!head) throw new NotFound();
    if (input.executorId) await assertExecutor(trx, session, head.store_id, input.executorId);
    if (input.nurseId) await assertNurse(trx, session.companyId, input.nurseId);
    await move(trx, session, input.id, 'dispatch', input.version, { executor_id: input.executorId ?? null, nurse_id: input.nurseId ?? null }, scope);
  });
  return getServiceOrder(db, session, input.id);
}

export async function startServiceOrder(db: Kysely<DB>, session: SessionInfo, input: ServiceOrderAction): Promise<ServiceOrder> {
  const scope = await serviceOrderScope(db, session);
  await db.transaction().execute((trx) => move(trx, session, input.id, 'start', input.version, { started_at: new Date() }, scope));
  return getServiceOrder(db, session, input.id);
}

export async function cancelServiceOrder(db: Kysely<DB>, session: SessionInfo, input: ServiceOrderCancel): Promise<ServiceOrder> {
  const scope = await serviceOrderScope(db, session);
  await db.transaction().execute((trx) => move(trx, session, input.id, 'cancel', input.version, { cancel_reason: input.reason }, scope, input.reason));
  return getServiceOrder(db, session, input.id);
}

/**
 * 完成服务. A 套餐内 one consumes the package allowance: the order row is locked first, so the count
 * of completed services and this completion are one step — concurrent completions cannot overspend.
 */
export async function completeServiceOrder(db: Kysely<DB>, session: SessionInfo, input: ServiceOrderComplete): Promise<ServiceOrder> {
  const scope = await serviceOrderScope(db, session);
  const head = await repo.serviceOrderHead(db, session.companyId, scope, input.id);
  if (!head) throw new NotFound();
  const label = await itemLabel(db, head.service_item);
  await orderScope(db, session);
  await db.transaction().execute(async (trx) => {
    await lockOrder(trx, session, head.order_id);
    await move(trx, session, input.id, 'complete', input.version, async () => {
      if (head.source === 'package') {
        const { items } = await allowanceOf(trx, session.companyId, head.order_id);
        const refusal = packageRefusal(items.find((i) => i.serviceItem === head.service_item), head.quantity, shanghaiDate(), label);
        if (refusal) throw new BizError(refusal);
      }
      return { completed_at: new Date(), result: input.result ?? '', consumables: JSON.stringify(input.consumables ?? []) };
    }, scope);
  });
  return getServiceOrder(db, session, input.id);
}

type MoveSet = Parameters<typeof transition>[2]['set'];

async function move(trx: Kysely<DB>, session: SessionInfo, id: string, event: ServiceOrderEvent, version: number | undefined, set: MoveSet, scope?: Parameters<typeof transition>[2]['scope'], reason?: string) {
  return transition(trx, session, { machine: serviceOrderMachine, table: 'service_order', alias: 'so', id, event, version, scope, set, reason });
}

async function assertExecutor(db: Kysely<DB>, session: SessionInfo, storeId: string, userId: string): Promise<void> {
  const works = (await storeIdsOfUser(db, userId, session.companyId)).includes(storeId);
  if (!works || !(await activeCompanyUser(db, session.companyId, userId))) throw new BizError(ServiceOrderText.executorMissing);
}

async function visibleOrder(db: Kysely<DB>, session: SessionInfo, orderId: string) {
  const order = await repo.orderForServices(db, session.companyId, orderId, await orderScope(db, session));
  if (!order) throw new NotFound();
  return order;
}

async function itemLabel(db: Kysely<DB>, item: string): Promise<string> {
  return (await dictLabeler(db, 'service_item'))(item);
}

const mapRow = recordMapper<ServiceOrder>();
const toServiceOrder = (row: repo.ServiceOrderRow): ServiceOrder => mapRow(row);
