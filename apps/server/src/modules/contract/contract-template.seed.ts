import { sql, type Kysely } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { DEMO_COMPANY_CODE } from '../../seed/demo-roles.js';
import { sanitizeContractHtml } from './contract.html.js';

const DEMO_TEMPLATES_LOCK_KEY = 7_202_641;

const parties = `
<h1 style="text-align: center">{{title}}</h1>
<p style="text-align: right">合同编号：{{contractNo}}</p>
<table style="width: 100%; border-collapse: collapse" border="1" cellpadding="6">
  <tbody>
    <tr><td width="20%">甲方（服务方）</td><td colspan="3">{{partyA}}</td></tr>
    <tr><td>服务门店</td><td colspan="3">{{storeName}}</td></tr>
    <tr><td>乙方（客户）</td><td>{{customerName}}</td><td width="20%">联系电话</td><td>{{customerPhone}}</td></tr>
    <tr><td>证件号码</td><td colspan="3">{{idNo}}</td></tr>
    <tr><td>订单编号</td><td>{{orderNo}}</td><td>服务套餐</td><td>{{productName}}</td></tr>
    <tr><td>服务天数</td><td>{{days}} 天</td><td>预计入住/退房</td><td>{{plannedCheckIn}} 至 {{plannedCheckOut}}</td></tr>
    <tr><td>套餐服务项目</td><td colspan="3">{{serviceList}}</td></tr>
    <tr><td>合同总价</td><td colspan="3">人民币 {{dealPrice}} 元（大写：{{dealPriceUpper}}）</td></tr>
    <tr><td>已付款</td><td colspan="3">人民币 {{paidAmount}} 元（截至合同生成时已审核到账的款项，含定金）</td></tr>
  </tbody>
</table>`;

// 费用与支付: the order's receivable plan, line by line, as the contract's payment schedule.
const paymentPlan = `<p>合同总价按下列收款计划支付（款项、金额及付款时间以订单收款计划为准，调整须另签变更单）：</p>
{{planTable}}`;

const confinementTerms = `${parties.replace('{{title}}', '母婴护理服务合同')}
<h2>第一条 服务内容</h2>
<p>甲方按乙方所选套餐为乙方及新生儿提供月子期间的住宿、膳食、母婴护理及相关服务，服务项目以套餐清单为准。</p>
<h2>第二条 入住与退房</h2>
<p>乙方应于预计入住日期前后三日内入住；提前或延后入住的，以实际入住日起算服务天数。续住须另签变更单。</p>
<h2>第三条 费用与支付</h2>
${paymentPlan}
<p>合同总价已包含套餐内全部服务费用。套餐外的服务按甲方公示价格另行结算。</p>
<h2>第四条 双方责任</h2>
<ol>
  <li>甲方应配备具有相应资质的护理人员，严格执行卫生消毒制度。</li>
  <li>乙方应如实告知产妇及新生儿的健康状况，遵守中心管理规定。</li>
</ol>
<h2>第五条 合同的变更与解除</h2>
<p>入住前乙方取消的，已付款项扣除实际发生费用后退还；入住后提前离店的，未服务天数按日折算退还。</p>
<h2>第六条 争议解决</h2>
<p>因本合同发生争议，双方协商解决；协商不成的，任何一方可向甲方所在地人民法院起诉。</p>
<p>本合同一式两份，甲乙双方各执一份，自双方签字并经甲方审核后生效。</p>`;

const homeTerms = `${parties.replace('{{title}}', '到家母婴护理服务合同')}
<h2>第一条 服务内容</h2>
<p>甲方委派护理人员到乙方指定地址提供产后母婴护理服务，服务天数及项目以套餐为准。</p>
<h2>第二条 服务人员</h2>
<p>护理人员须持有健康证明及相应资格证书；乙方对护理人员不满意的，可申请更换一次。</p>
<h2>第三条 费用与支付</h2>
${paymentPlan}
<p>合同总价含服务费及护理人员交通费；护理人员的食宿由乙方提供。</p>
<h2>第四条 其他</h2>
<p>本合同一式两份，甲乙双方各执一份，自双方签字并经甲方审核后生效。</p>`;

const demoTemplates = [
  { name: '月子套餐标准合同', type: 'confinement', content: confinementTerms },
  { name: '到家服务标准合同', type: 'home', content: homeTerms },
];

// What the first demo templates said: a 首付款 typed at generation (0 by default) "paid at signing",
// contradicting the plan. A demo template still holding it is replaced by the current wording.
const OUTDATED_WORDING = '于签署本合同时支付，余款于入住前付清';

/**
 * Demo mode: the demo company's contract templates, when it has none yet (answers the templates
 * inserted); a demo template still in the outdated wording is brought up to date.
 */
export async function seedDemoContractTemplates(db: Kysely<DB>, config: AppConfig): Promise<number> {
  if (!config.demoData) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_TEMPLATES_LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return 0;
    if (await trx.selectFrom('contract_template').select('id').where('company_id', '=', company.id).executeTakeFirst()) {
      for (const t of demoTemplates) {
        await trx
          .updateTable('contract_template')
          .set({ content: sanitizeContractHtml(t.content), updated_at: new Date(), version: sql`version + 1` })
          .where('company_id', '=', company.id)
          .where('name', '=', t.name)
          .where('content', 'like', `%${OUTDATED_WORDING}%`)
          .execute();
      }
      return 0;
    }
    await trx
      .insertInto('contract_template')
      .values(demoTemplates.map((t) => ({ company_id: company.id, name: t.name, type: t.type, content: sanitizeContractHtml(t.content), created_by: null, updated_by: null })))
      .execute();
    return demoTemplates.length;
  });
}
