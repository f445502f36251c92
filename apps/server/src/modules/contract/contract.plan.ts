import type { Kysely } from 'kysely';
import { centsToMoney, DictCode, moneyToCents, type ContractPlaceholder, type ContractTermValues } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { dictLabeler } from '../dict/index.js';
import { orderMoney, receivablesOfChange, receivablesOfOrder } from '../receivable/receivable.service.js';
import { escapeHtml } from './contract.html.js';

// What a contract says about money is read from the order's receivable plan and its audited money,
// never typed in: every plan line (amount, when it is due), what has been paid, the package's services.

export interface PlanLine {
  item: string;
  label: string;
  amountCents: number;
  receivedCents: number;
  dueDate: string;
  dueRule: string;
}

interface OrderDates {
  plannedCheckIn: string | null;
  plannedCheckOut: string | null;
  /** The day the contract is generated (Shanghai). */
  today: string;
}

/** When a plan line is due, as the contract words it: tied to check-in / check-out when the plan is. */
export function dueRuleOf(dueDate: string, o: OrderDates): string {
  if (dueDate === o.plannedCheckIn) return `入住日（${dueDate}）前付清`;
  if (dueDate === o.plannedCheckOut) return `退房日（${dueDate}）前付清`;
  if (dueDate <= o.today) return `签署本合同时付清（${dueDate}）`;
  return `${dueDate} 前付清`;
}

/** The plan's lines in due order, with their item labels and due rules. */
export async function planLinesOf(db: Db, companyId: string, orderId: string, dates: OrderDates): Promise<PlanLine[]> {
  return toPlanLines(db, await receivablesOfOrder(db, companyId, orderId), dates);
}

/** The lines a change order raised (a 补充协议's plan), as planLinesOf. */
export async function planLinesOfChange(db: Db, companyId: string, changeOrderId: string, dates: OrderDates): Promise<PlanLine[]> {
  return toPlanLines(db, await receivablesOfChange(db, companyId, changeOrderId), dates);
}

async function toPlanLines(db: Db, rows: { item: string; amount: string; received: string; due_date: string }[], dates: OrderDates): Promise<PlanLine[]> {
  const label = await dictLabeler(db as Kysely<DB>, DictCode.receivableItem);
  return rows.map((r) => ({
    item: r.item,
    label: label(r.item),
    amountCents: moneyToCents(r.amount),
    receivedCents: moneyToCents(r.received),
    dueDate: r.due_date,
    dueRule: dueRuleOf(r.due_date, dates),
  }));
}

/** Σ of the plan's lines of one item ('0.00' without any). */
export const itemTotal = (lines: PlanLine[], item: string): string => centsToMoney(lines.filter((l) => l.item === item).reduce((sum, l) => sum + l.amountCents, 0));

/** The due rule of an item's first line ('' without any). */
const itemDue = (lines: PlanLine[], item: string): string => lines.find((l) => l.item === item)?.dueRule ?? '';

/** 收款计划 as a bordered table, every cell escaped: 款项, 金额, 付款时间, 已付. */
export function planTable(lines: PlanLine[]): string {
  const cell = (v: string) => `<td>${escapeHtml(v)}</td>`;
  const head = '<tr><th>款项</th><th>金额（元）</th><th>付款时间</th><th>已付（元）</th></tr>';
  const body = lines.map((l) => `<tr>${cell(l.label)}${cell(centsToMoney(l.amountCents))}${cell(l.dueRule)}${cell(centsToMoney(l.receivedCents))}</tr>`).join('');
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const foot = `<tr><td>合计</td><td colspan="3">${escapeHtml(centsToMoney(total))}</td></tr>`;
  return `<table style="width: 100%; border-collapse: collapse" border="1" cellpadding="6"><tbody>${head}${body}${foot}</tbody></table>`;
}

/** The package's services as the snapshot sold them: 「项目×次数」 or 「项目（按需）」, joined by 、. */
export async function serviceListOf(db: Db, snapshot: unknown): Promise<string> {
  const items = (snapshot as { items?: { serviceItem?: string; onDemand?: boolean; quantity?: number | null }[] } | null)?.items;
  if (!Array.isArray(items) || items.length === 0) return '';
  const label = await dictLabeler(db as Kysely<DB>, DictCode.serviceItem);
  return items.map((i) => `${label(i.serviceItem ?? '')}${i.onDemand ? '（按需）' : `×${i.quantity ?? 0}`}`).join('、');
}

/** The plan's placeholders of a contract: values (escaped when filled) and the table (markup). */
export async function planTerms(
  db: Db,
  companyId: string,
  order: { id: string; product_snapshot: unknown } & OrderDates,
): Promise<{ lines: PlanLine[]; values: Pick<ContractTermValues, 'depositAmount' | 'depositDue' | 'firstPayment' | 'firstPaymentDue' | 'finalPayment' | 'finalPaymentDue' | 'paidAmount' | 'serviceList'>; markup: Partial<Record<ContractPlaceholder, string>> }> {
  const lines = await planLinesOf(db, companyId, order.id, order);
  const money = await orderMoney(db, companyId, order.id);
  const serviceList = await serviceListOf(db, order.product_snapshot);
  return {
    lines,
    values: {
      depositAmount: itemTotal(lines, 'deposit'),
      depositDue: itemDue(lines, 'deposit'),
      firstPayment: itemTotal(lines, 'first_payment'),
      firstPaymentDue: itemDue(lines, 'first_payment'),
      finalPayment: itemTotal(lines, 'final_payment'),
      finalPaymentDue: itemDue(lines, 'final_payment'),
      // Audited money in, net of refunds (the order's paidIn): what the customer has already paid.
      paidAmount: money.paidIn,
      serviceList,
    },
    markup: { planTable: planTable(lines) },
  };
}
