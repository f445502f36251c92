import { sql } from 'kysely';
import { centsToMoney, formatDateTime, moneyToCents, type OrderMoneyChange } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';

// 资金变动 of an order's detail (issue 29, docs/ledger.md): every money change with who, when, before,
// after and why, read from what the writers record — audited payments (收款, 冲销, 退款; before/after is
// the order's 实收), applied change orders, the plan lines they raised, and each logged move of a plan
// line (state_change of resource receivable: 调账 amounts, due dates).

const nameOf = (alias: string) => sql<string>`coalesce(nullif(${sql.ref(`${alias}.first_name`)}, ''), ${sql.ref(`${alias}.username`)}, '')`;

type Dated = OrderMoneyChange & { when: Date };

/** Audited payments in the order they were audited, each with the order's 实收 before and after it. */
async function paymentChanges(db: Db, companyId: string, orderId: string): Promise<Dated[]> {
  const rows = await db
    .selectFrom('payment as p')
    .leftJoin('app_user as a', 'a.id', 'p.audited_by')
    .leftJoin('app_user as c', 'c.id', 'p.created_by')
    .leftJoin('change_order as co', 'co.id', 'p.change_order_id')
    .select(['p.id', 'p.payment_no', 'p.amount', 'p.reversal_of', 'p.audited_at', 'p.remark', 'co.change_no', 'co.reason as change_reason'])
    .select([nameOf('a').as('auditor'), nameOf('c').as('recorder')])
    .where('p.company_id', '=', companyId)
    .where('p.order_id', '=', orderId)
    .where('p.status', '=', 'audited')
    .orderBy('p.audited_at')
    .orderBy('p.id')
    .execute();
  let inCents = 0;
  return rows.map((r) => {
    const cents = moneyToCents(r.amount);
    const before = inCents;
    inCents += cents;
    const event = cents >= 0 ? 'receipt' : r.reversal_of ? 'reversal' : 'refund';
    const reason = event === 'refund' && r.change_no ? `${r.change_no} ${r.change_reason ?? ''}`.trim() : r.remark;
    return {
      id: r.id,
      when: r.audited_at ?? new Date(0),
      at: r.audited_at ? formatDateTime(r.audited_at) : '',
      event,
      ref: r.payment_no,
      changeKind: null,
      item: null,
      amount: centsToMoney(cents),
      before: centsToMoney(before),
      after: centsToMoney(inCents),
      reason,
      by: r.auditor,
      recordedBy: r.recorder,
    };
  });
}

/** Applied change orders (approved by whoever gave the last approval), and the plan lines they raised (0 → their amount). */
async function changeOrderChanges(db: Db, companyId: string, orderId: string): Promise<Dated[]> {
  const rows = await db
    .selectFrom('change_order as co')
    .leftJoin('app_user as c', 'c.id', 'co.created_by')
    .select(['co.id', 'co.change_no', 'co.kind', 'co.amount_delta', 'co.reference_delta', 'co.discount_delta', 'co.reason', 'co.applied_at'])
    .select([
      nameOf('c').as('creator'),
      sql<string>`coalesce((select ${nameOf('u')} from change_order_approval ap join app_user u on u.id = ap.approver_id
        where ap.change_order_id = co.id and ap.decision = 'approved' order by ap.step desc limit 1), '')`.as('approver'),
      sql<Date | null>`(select max(ap.decided_at) from change_order_approval ap where ap.change_order_id = co.id and ap.decision = 'approved')`.as('approved_at'),
      sql<string | null>`(select r.item from receivable r where r.change_order_id = co.id order by r.created_at limit 1)`.as('raised_item'),
    ])
    .where('co.company_id', '=', companyId)
    .where('co.order_id', '=', orderId)
    .where('co.status', '=', 'approved')
    .where('co.applied_at', 'is not', null)
    .orderBy('co.applied_at')
    .execute();
  return rows.flatMap((r) => {
    // The last approval applied it, in its transaction: its time (the transaction's, like the line moves it logged) orders it before them.
    const when = r.approved_at ? new Date(r.approved_at) : r.applied_at!;
    const at = { when, at: formatDateTime(when), by: r.approver, recordedBy: r.creator, ref: r.change_no, changeKind: r.kind };
    const amount = centsToMoney(moneyToCents(r.amount_delta));
    const line = r.kind === 'extend' || r.kind === 'upgrade' ? { reference: centsToMoney(moneyToCents(r.reference_delta)), discount: centsToMoney(moneyToCents(r.discount_delta)) } : null;
    const applied: Dated = { id: r.id, ...at, event: 'change', item: null, amount, line, before: null, after: null, reason: r.reason };
    if (!r.raised_item) return [applied];
    const raised: Dated = { id: `${r.id}:line`, ...at, event: 'lineAdded', item: r.raised_item, amount, before: centsToMoney(0), after: amount, reason: `${r.change_no} ${r.reason}`.trim() };
    return [applied, raised];
  });
}

/** Each logged move of one of the order's plan lines (调账: amount before → after; 到期日: date before → after). */
async function lineChanges(db: Db, companyId: string, orderId: string): Promise<Dated[]> {
  const rows = await db
    .selectFrom('state_change as s')
    .innerJoin('receivable as r', 'r.id', 's.record_id')
    .leftJoin('app_user as u', 'u.id', 's.changed_by')
    .select(['s.id', 's.event', 's.from_state', 's.to_state', 's.reason', 's.changed_at', 'r.item'])
    .select(nameOf('u').as('who'))
    .where('s.company_id', '=', companyId)
    .where('s.resource', '=', 'receivable')
    .where('r.order_id', '=', orderId)
    .orderBy('s.changed_at')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => {
    const dueDate = r.event === 'dueDate';
    const amount = dueDate ? null : centsToMoney(moneyToCents(r.to_state) - moneyToCents(r.from_state));
    return {
      id: r.id,
      when: r.changed_at,
      at: formatDateTime(r.changed_at),
      event: dueDate ? 'dueDate' : 'lineChanged',
      ref: '',
      changeKind: null,
      item: r.item,
      amount,
      before: r.from_state,
      after: r.to_state,
      reason: r.reason,
      by: r.who,
      recordedBy: null,
    };
  });
}

/** The order's money changes, oldest first (a change order before the line moves of its own transaction: the sort is stable). */
export async function orderMoneyLog(db: Db, companyId: string, orderId: string): Promise<OrderMoneyChange[]> {
  const parts = await Promise.all([paymentChanges(db, companyId, orderId), changeOrderChanges(db, companyId, orderId), lineChanges(db, companyId, orderId)]);
  return parts.flat().sort((a, b) => a.when.getTime() - b.when.getTime()).map(({ when: _when, ...change }) => change);
}
