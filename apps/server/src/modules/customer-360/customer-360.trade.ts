import type { Kysely } from 'kysely';
import { CUSTOMER_TRADE_CAP, centsToMoney, moneyToCents, Permission, type CustomerTrade } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { ModuleGate } from '../../platform/auth/module-gate.js';
import type { DB } from '../../platform/db/schema.js';
import { getCustomer } from '../customer/customer.service.js';
import { mayAct } from '../customer/customer.rules.js';
import { changeOrdersOfCustomer } from '../change-order/change-order.service.js';
import { contractsOfCustomer } from '../contract/contract.service.js';
import { ordersOfCustomer } from '../order/order.service.js';
import { paymentsOfCustomer, receivablesOfCustomer } from '../receivable/receivable.customer.js';
import { holdsOfCustomer } from '../room-hold/room-hold.service.js';
import { servicesOfCustomer } from '../service-order/service-order.service.js';

/** Contracts that no longer bind do not count in 合同金额. */
const CLOSED_CONTRACTS = new Set(['voided', 'terminated']);

const capped = <T>(all: T[]) => ({ records: all.slice(0, CUSTOMER_TRADE_CAP), total: all.length });

/**
 * 客户 360's transactions. The customer's own data rules decide first (404 outside them); each part
 * then needs the caller's list action of its kind (and its module switched on) — without it the part is
 * null rather than an error, as a 销售顾问 without 查询收款 still opens her customer — and holds only
 * what the caller's data rules of that kind let through.
 */
export async function customerTrade(db: Kysely<DB>, gate: ModuleGate, session: SessionInfo, customerId: string): Promise<CustomerTrade> {
  await getCustomer(db, session, customerId);
  const may = async (action: string) => (await mayAct(db, session, action)) && !(await gate.blocks(action, session.companyId, session.userId, session.accessVersion));
  const when = async <T>(action: string, read: () => Promise<T>): Promise<T | null> => ((await may(action)) ? read() : null);
  // One at a time: PGlite has one connection and each read is small.
  const orders = await when(Permission.orderList, async () => capped(await ordersOfCustomer(db, session, customerId)));
  const contractRows = await when(Permission.contractList, () => contractsOfCustomer(db, session, customerId));
  const receivables = await when(Permission.receivableList, () => receivablesOfCustomer(db, session, customerId, CUSTOMER_TRADE_CAP));
  const payments = await when(Permission.paymentList, () => paymentsOfCustomer(db, session, customerId, CUSTOMER_TRADE_CAP));
  const services = await when(Permission.serviceOrderList, async () => capped(await servicesOfCustomer(db, session, customerId, 500)));
  const changeOrders = await when(Permission.changeOrderList, async () => capped(await changeOrdersOfCustomer(db, session, customerId)));
  const holds = await when(Permission.roomHoldList, async () => capped(await holdsOfCustomer(db, session, customerId)));
  const contractAmount = contractRows && centsToMoney(contractRows.filter((c) => !CLOSED_CONTRACTS.has(c.status)).reduce((sum, c) => sum + moneyToCents(c.amount), 0));
  return {
    orders,
    contracts: contractRows && capped(contractRows),
    receivables: receivables && { records: receivables.records, total: receivables.total },
    payments,
    services,
    changeOrders,
    holds,
    money: {
      contractAmount,
      receivable: receivables?.amount ?? null,
      received: receivables?.received ?? null,
      outstanding: receivables?.outstanding ?? null,
      overdue: receivables?.overdue ?? null,
    },
  };
}
