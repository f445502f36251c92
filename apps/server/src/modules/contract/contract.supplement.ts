import { sql, type Kysely } from 'kysely';
import { amountInWords, centsToMoney, fillContractTerms, moneyToCents, NumberRuleCode, type ContractTermValues } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { nextNumber } from '../number-rule/index.js';
import { escapeHtml, sanitizeContractHtml } from './contract.html.js';
import { partyAOf, partyBValues } from './contract.parties.js';
import { planLinesOfChange, planTable } from './contract.plan.js';
import * as repo from './contract.repo.js';

// 补充协议 (issue 29, extensions keep the deal): each applied 续住 / 升级 gets an agreement of its own
// beside the order's contract, which stays as signed. It is a contract row naming its change order,
// numbered, sanitised, printed, signed and audited by the contract module's one machinery; its terms
// are the built-in agreement below filled by fillContractTerms (CONTRACT_PLACEHOLDERS).

const table = (rows: string) => `<table style="width: 100%; border-collapse: collapse" border="1" cellpadding="6"><tbody>${rows}</tbody></table>`;

export const SUPPLEMENT_TEMPLATE = `<h1 style="text-align: center">补充协议</h1>
<p style="text-align: right">协议编号：{{contractNo}}</p>
<p>甲乙双方就订单 {{orderNo}}（原合同编号：{{mainContractNo}}）的变更单 {{changeNo}} 协商一致，订立本补充协议。原合同的成交价及优惠不因本协议改变，本协议金额另行计收。</p>
${table(`
<tr><td width="20%">甲方（服务方）</td><td colspan="3">{{partyA}}</td></tr>
<tr><td>服务门店</td><td colspan="3">{{storeName}}</td></tr>
<tr><td>乙方（客户）</td><td>{{customerName}}</td><td width="20%">联系电话</td><td>{{customerPhone}}</td></tr>
<tr><td>变更内容</td><td colspan="3">{{changeContent}}</td></tr>
<tr><td>服务套餐</td><td>{{productName}}</td><td>服务天数</td><td>{{days}} 天（{{plannedCheckIn}} 至 {{plannedCheckOut}}）</td></tr>
<tr><td>原合同成交价</td><td colspan="3">人民币 {{dealPrice}} 元（按原合同履行）</td></tr>
<tr><td>变更参考价</td><td colspan="3">人民币 {{changeReference}} 元</td></tr>
<tr><td>变更优惠</td><td colspan="3">人民币 {{changeDiscount}} 元</td></tr>
<tr><td>变更金额</td><td colspan="3">人民币 {{changeAmount}} 元（大写：{{changeAmountUpper}}）</td></tr>`)}
<h2>一、费用与支付</h2>
<p>变更金额按下列收款计划支付（为负数的，按变更单冲减应收或退还）：</p>
{{planTable}}
<h2>二、其他</h2>
<p>本补充协议是原合同不可分割的组成部分，与原合同具有同等效力；本协议未约定的事项，按原合同执行。</p>`;
// The printed sheet (ContractSheet) adds the parties' signature lines, as for a contract.

export interface SupplementChange {
  id: string;
  change_no: string;
  kind: 'extend' | 'upgrade';
  days: number;
  order_id: string;
  amount_delta: string;
  reference_delta: string;
  discount_delta: string;
}

/** 变更内容 in words: 续住 N 天 / 套餐升级：「from」变更为「to」. */
function contentOf(change: SupplementChange, products: { from: string; to: string }): string {
  return change.kind === 'extend' ? `续住 ${change.days} 天` : `套餐升级：「${products.from}」变更为「${products.to}」`;
}

/**
 * The 补充协议 of an applied 续住 / 升级, inside its approval's transaction (after the order took the
 * change): 待签署, amount = the change order's, its terms filled and sanitised. Answers its id.
 */
export async function supplementForChange(trx: Db, actor: Actor, change: SupplementChange, products: { from: string; to: string }): Promise<string> {
  const order = await trx.selectFrom('sales_order').selectAll().where('company_id', '=', actor.companyId).where('id', '=', change.order_id).executeTakeFirstOrThrow();
  const main = await repo.liveContract(trx, actor.companyId, order.id);
  const mainRow = main ? await trx.selectFrom('contract').select(['type']).where('id', '=', main.id).executeTakeFirst() : undefined;
  const dates = { plannedCheckIn: order.planned_check_in, plannedCheckOut: order.planned_check_out, today: shanghaiDate() };
  const lines = await planLinesOfChange(trx, actor.companyId, change.id, dates);
  const contractNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.contract);
  const named = await sql<{ name: string }>`select name from product where company_id = ${actor.companyId} and id = ${order.product_id}`.execute(trx);
  const productName = ((order.product_snapshot ?? {}) as { name?: string }).name || named.rows[0]?.name || '';
  const amountCents = moneyToCents(change.amount_delta);
  const values: Partial<ContractTermValues> = {
    ...(await partyBValues(trx, actor.companyId, order.customer_id)),
    partyA: await partyAOf(trx, actor.companyId),
    orderNo: order.order_no,
    storeName: (await repo.storeNames(trx, actor.companyId, [order.store_id])).get(order.store_id)?.name ?? '',
    productName,
    days: String(order.days),
    plannedCheckIn: order.planned_check_in ?? '',
    plannedCheckOut: order.planned_check_out ?? '',
    dealPrice: order.deal_price,
    contractNo,
    mainContractNo: main?.contract_no ?? '（尚未签订）',
    changeNo: change.change_no,
    changeContent: contentOf(change, products),
    changeReference: centsToMoney(moneyToCents(change.reference_delta)),
    changeDiscount: centsToMoney(moneyToCents(change.discount_delta)),
    changeAmount: centsToMoney(amountCents),
    changeAmountUpper: `${amountCents < 0 ? '负' : ''}${amountInWords(centsToMoney(Math.abs(amountCents)))}`,
  };
  const row = await trx
    .insertInto('contract')
    .values({
      company_id: actor.companyId,
      contract_no: contractNo,
      order_id: order.id,
      customer_id: order.customer_id,
      store_id: order.store_id,
      change_order_id: change.id,
      party_a: values.partyA!,
      template_id: null,
      type: change.kind === 'extend' ? 'extension' : (mainRow?.type ?? 'confinement'),
      amount: change.amount_delta,
      first_payment: '0',
      terms: sanitizeContractHtml(fillContractTerms(SUPPLEMENT_TEMPLATE, values, escapeHtml, { planTable: planTable(lines) })),
      remark: `${change.change_no} 补充协议`,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
