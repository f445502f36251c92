import { sql, type Kysely } from 'kysely';
import { centsToMoney, formatDateTime, moneyToCents, type CustomerPayment, type CustomerReceivable } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { overdueOn } from '../report-facts/report-facts.figures.js';
import { overdueOf, receivableAging } from '../report-facts/report-facts.service.js';
import { paymentScope, receivableScope } from './receivable.rules.js';

// The customer's 应收 and 收款 for her 360 page, in the caller's data rules of each (a 店长 sees her
// stores' lines only). The caller has already checked that the customer is visible.

export interface CustomerReceivables {
  /** The latest `limit` by due date. */
  records: CustomerReceivable[];
  total: number;
  /** Over every line the caller may see (not just the records answered). */
  amount: string;
  received: string;
  outstanding: string;
  /** Still owed on lines past their due date. */
  overdue: string;
}

/** The customer's receivables the caller may see, latest due first, with their totals. */
export async function receivablesOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string, limit: number): Promise<CustomerReceivables> {
  const scope = await receivableScope(db, session);
  const mine = db.selectFrom('receivable as r').where('r.company_id', '=', session.companyId).where('r.customer_id', '=', customerId).where(scope);
  const [rows, totals] = await Promise.all([
    mine
      .leftJoin('sales_order as o', 'o.id', 'r.order_id')
      .select(['r.id', 'r.order_id', 'o.order_no', 'r.item', 'r.due_date', 'r.amount', 'r.received', 'r.status', 'r.due_before_check_in'])
      .select(sql<boolean>`${overdueOn(sql`r.due_date`, shanghaiDate())} and r.received < r.amount`.as('overdue'))
      .orderBy('r.due_date', 'desc')
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id')
      .limit(limit)
      .execute(),
    mine
      .select([
        sql<string>`count(*)::text`.as('total'),
        sql<string>`coalesce(sum(r.amount), 0)::text`.as('amount'),
        sql<string>`coalesce(sum(r.received), 0)::text`.as('received'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  // Outstanding and overdue by the one aging definition (report-facts receivableAging), today.
  const [aging] = await receivableAging(db, { companyId: session.companyId, storeIds: null, asOf: shanghaiDate(), rules: scope, customerId }, []);
  return {
    records: rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      orderNo: r.order_no,
      item: r.item,
      dueDate: r.due_date,
      amount: r.amount,
      received: r.received,
      outstanding: centsToMoney(moneyToCents(r.amount) - moneyToCents(r.received)),
      status: r.status,
      dueBeforeCheckIn: r.due_before_check_in,
      overdue: Boolean(r.overdue),
    })),
    total: Number(totals.total),
    amount: centsToMoney(moneyToCents(totals.amount)),
    received: centsToMoney(moneyToCents(totals.received)),
    outstanding: centsToMoney(moneyToCents(aging?.outstanding ?? '0')),
    overdue: overdueOf(aging),
  };
}

/** The customer's payments (deposits, refunds and reversals included) the caller may see, latest first. */
export async function paymentsOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string, limit: number): Promise<{ records: CustomerPayment[]; total: number }> {
  const scope = await paymentScope(db, session);
  const mine = db.selectFrom('payment as p').where('p.company_id', '=', session.companyId).where('p.customer_id', '=', customerId).where(scope);
  const [rows, count] = await Promise.all([
    mine
      .leftJoin('sales_order as o', 'o.id', 'p.order_id')
      .select(['p.id', 'p.payment_no', 'p.order_id', 'o.order_no', 'p.method', 'p.amount', 'p.paid_at', 'p.payer', 'p.status', 'p.reversal_of'])
      .orderBy('p.paid_at', 'desc')
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .limit(limit)
      .execute(),
    mine.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((p) => ({
      id: p.id,
      paymentNo: p.payment_no,
      orderId: p.order_id,
      orderNo: p.order_no,
      method: p.method,
      amount: p.amount,
      paidAt: formatDateTime(p.paid_at),
      payer: p.payer,
      status: p.status,
      isReversal: p.reversal_of !== null,
    })),
    total: Number(count.total),
  };
}
