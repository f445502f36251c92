import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  contractContract,
  contractTemplateContract,
  ContractTemplateText,
  ContractText,
  Permission,
  type ContractRecord,
  type ContractTemplate,
  type Customer,
  type PageResult,
  type Product,
  type Store,
  type SystemConfigDetail,
} from '@care/shared';
import { expectEachForbidden, MISSING_ID, postMultipart, resultOf, secondAdmin, signedInUser, TEST_PNG, useAdminApp } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { createDefaultPlan } from '../order/order.plan.js';
import { seedDemoContractTemplates } from './contract-template.seed.js';
import { contractsOfCustomer, liveContractOf, voidForCancel } from './contract.service.js';

const paths = <C extends Record<string, { path: string }>>(c: C) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.path])) as Record<keyof C, string>;
const C = paths(contractContract);
const T = paths(contractTemplateContract);

const XSS_TEMPLATE = `<p onclick="steal()">甲方：{{storeName}}</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><p>乙方：{{customerName}}，金额 {{dealPrice}}（{{dealPriceUpper}}）</p>`;

describe('合同与合同模板', () => {
  // Uploads (附件) land in a DATA_DIR of the suite's own.
  const ctx = useAdminApp({ dataDir: true });
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  let n = 0;

  const stores = async () => {
    const all = (await resultOf(post<PageResult<Store>>('/online/store/list', { pageSize: 100 }))).records;
    return { ns: all.find((s) => s.code === 'NS')!, ft: all.find((s) => s.code === 'FT')! };
  };
  const addTemplate = (extra: Record<string, unknown> = {}) =>
    resultOf(post<ContractTemplate>(T.add, { name: `模板${++n}`, type: 'confinement', content: '<p>{{customerName}} {{orderNo}} {{contractNo}}</p>', ...extra }));
  const PACKAGE_ITEMS = [
    { serviceItem: 'postpartum_recovery', onDemand: false, quantity: 4, validDays: null },
    { serviceItem: 'baby_swim', onDemand: true, quantity: null, validDays: null },
  ];
  /**
   * A customer of the store (with an ID number unless `idNo: null`) and a sales_order row straight in
   * the table (the order module's createOrder is not used here); a confirmed one gets the order
   * module's default receivable plan, as reaching 已确认 gives it.
   */
  const addOrder = async (storeId: string, o: { status?: string; dealPrice?: string; customerName?: string; idNo?: string | null } = {}) => {
    n++;
    const product = await resultOf(post<Product>('/online/product/add', { code: `CT-${n}`, name: `合同套餐${n}`, kind: 'confinement_package', storeIds: [storeId], days: 28, listPrice: '40000', items: PACKAGE_ITEMS }));
    const idNo = o.idNo === undefined ? `E${String(n).padStart(8, '0')}` : o.idNo;
    const identity = idNo ? { idType: 'passport', idNo } : {};
    const customer = await resultOf(post<Customer>('/online/customer/add', { name: o.customerName ?? `合同客户${n}`, phone: `139${String(n).padStart(8, '0')}`, storeId, dueDate: '2026-12-01', ...identity }));
    const version = (await sql<{ current_version_id: string }>`select current_version_id from product where id = ${product.id}`.execute(ctx.db)).rows[0]!;
    const order = await ctx.db
      .insertInto('sales_order')
      .values({
        company_id: ctx.companyId,
        order_no: `DDCT${n}`,
        customer_id: customer.id,
        store_id: storeId,
        product_id: product.id,
        product_version_id: version.current_version_id,
        product_snapshot: JSON.stringify({ name: product.name, items: PACKAGE_ITEMS }),
        days: 28,
        planned_check_in: '2026-12-01',
        planned_check_out: '2026-12-29',
        deal_price: o.dealPrice ?? '38800.00',
        status: (o.status ?? 'confirmed') as 'confirmed',
      })
      .returning(['id', 'order_no'])
      .executeTakeFirstOrThrow();
    if ((o.status ?? 'confirmed') === 'confirmed') await ctx.db.transaction().execute((trx) => createDefaultPlan(trx, { companyId: ctx.companyId, userId: ctx.adminId }, order.id));
    return { order, customer, product };
  };
  const customerStatus = async (id: string) => (await ctx.db.selectFrom('customer').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const stored = (id: string) => ctx.db.selectFrom('contract').select(['status', 'version', 'terms', 'close_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  /** An image uploaded the way the 附件 dialog does; the path the upload answered. */
  const upload = async () => {
    const res = await postMultipart<string>(ctx.t, '/online/common/upload/createOnlineFile', { token: ctx.admin, query: { prefixPath: `${ctx.companyId}/routine`, biz: 'contract' }, file: { name: 'page.png', data: TEST_PNG, type: 'image/png' } });
    expect(res.body.code).toBe('0');
    return res.body.message;
  };
  const generate = (orderId: string, templateId: string, extra: Record<string, unknown> = {}, token = ctx.admin) => post<ContractRecord>(C.generate, { orderId, templateId, ...extra }, token);

  it('seeds the demo templates; keeps templates with a unique name and sanitised HTML', async () => {
    const seeded = (await resultOf(post<PageResult<ContractTemplate>>(T.list, { pageSize: 100 }))).records.map((r) => r.name);
    expect(seeded).toEqual(expect.arrayContaining(['月子套餐标准合同', '到家服务标准合同']));

    const template = await addTemplate({ content: XSS_TEMPLATE });
    expect(template.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(template.content).toContain('<a>链接</a>');
    expect(template.content).toContain('<p>甲方：{{storeName}}</p>');
    expect((await post(T.add, { name: template.name, type: 'home', content: '<p>x</p>' })).body).toMatchObject({ code: '101', message: ContractTemplateText.nameTaken });
    expect((await post(T.add, { name: '无类型', type: '', content: '<p>x</p>' })).body).toMatchObject({ code: '101', message: 'type: 请选择合同类型!' });

    const edited = await resultOf(post<ContractTemplate>(T.edit, { ...template, content: '<p>{{customerName}}</p><iframe src="https://x"></iframe><div style="position: fixed">x</div>' }));
    expect(edited).toMatchObject({ content: '<p>{{customerName}}</p><div>x</div>', version: 2 });
    expect((await post(T.edit, { ...template, remark: '过期' })).body).toMatchObject({ code: '101' });
    expect(await resultOf(post<ContractTemplate>(T.updateStatus, { id: template.id, enabled: false }))).toMatchObject({ enabled: false });
    expect((await resultOf(post<{ id: string }[]>(T.options, {}))).map((o) => o.id)).not.toContain(template.id);
    expect((await resultOf(post<PageResult<ContractTemplate>>(T.list, { type: 'home' }))).records.map((r) => r.name)).toContain('到家服务标准合同');
    const sheet = await exportXlsx(ctx.t, T.exportXls, { name: template.name }, ctx.admin);
    expect(sheet.rows.slice(1).map((r) => r[0])).toEqual([template.name]);
    await resultOf(post(T.delete, { id: template.id }));
    expect((await post(T.queryById, { id: template.id })).status).toBe(404);
  });

  it('generates a contract from a confirmed order: rule number, terms filled with escaped values and sanitised, one live contract per order', async () => {
    const { ns } = await stores();
    const template = await addTemplate({ content: XSS_TEMPLATE, type: 'confinement' });
    const { order, customer } = await addOrder(ns.id, { customerName: '<img src=x onerror=alert(9)>王"芳', dealPrice: '38800.50' });

    const draft = await addOrder(ns.id, { status: 'draft' });
    expect((await generate(draft.order.id, template.id)).body).toMatchObject({ code: '101', message: ContractText.orderNotConfirmed });
    const cancelled = await addOrder(ns.id, { status: 'cancelled' });
    expect((await generate(cancelled.order.id, template.id)).body).toMatchObject({ code: '101', message: ContractText.orderCancelled });
    expect((await generate(MISSING_ID, template.id)).status).toBe(404);
    // The plan of 38800.50 (no deposit): 首付 19400.00 by check-in, 尾款 19400.50 by check-out; another 首付 is refused.
    expect((await generate(order.id, template.id, { firstPayment: '10000' })).body).toMatchObject({ code: '101', message: ContractText.firstPaymentNotPlan('19400.00') });
    const disabled = await addTemplate();
    await resultOf(post(T.updateStatus, { id: disabled.id, enabled: false }));
    expect((await generate(order.id, disabled.id)).body).toMatchObject({ code: '101', message: ContractTemplateText.templateMissing });
    expect(await ctx.db.selectFrom('contract').select('id').where('order_id', 'in', [order.id, draft.order.id, cancelled.order.id]).execute()).toEqual([]);

    const contract = await resultOf(generate(order.id, template.id, { firstPayment: '19400' }));
    expect(contract).toMatchObject({
      orderId: order.id, orderNo: order.order_no, customerId: customer.id, customerName: customer.name, storeId: ns.id, storeName: ns.name,
      type: 'confinement', status: 'pending_sign', amount: '38800.50', firstPayment: '19400.00', templateName: template.name, version: 1,
    });
    expect(contract.contractNo).toMatch(/\d/);
    // The customer's name carried markup: it is text in the terms, and nothing executable was stored.
    expect(contract.terms).toContain('乙方：&lt;img src=x onerror=alert(9)&gt;王"芳，金额 38800.50（叁万捌仟捌佰元伍角）');
    expect(contract.terms).not.toMatch(/<script/i);
    expect(contract.terms).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(contract.terms).not.toMatch(/href\s*=\s*["']?javascript:/i);
    expect((await stored(contract.id)).terms).toBe(contract.terms);

    expect((await generate(order.id, template.id)).body).toMatchObject({ code: '101', message: ContractText.liveContractExists });
    expect((await post(T.delete, { id: template.id })).body).toMatchObject({ code: '101', message: ContractTemplateText.inUse });
    // The unique index holds even past the service's check; its violation is mapped to the same words.
    await expect(
      ctx.db.insertInto('contract').values({ company_id: ctx.companyId, contract_no: 'RACE-1', order_id: order.id, customer_id: customer.id, store_id: ns.id, type: 'confinement' }).execute(),
    ).rejects.toMatchObject({ code: '23505' });

    expect(await liveContractOf(ctx.db, ctx.companyId, order.id)).toEqual({ id: contract.id, contractNo: contract.contractNo, status: 'pending_sign', version: 1 });
    const admin = (await ctx.db.selectFrom('app_user').select(['id', 'username']).where('id', '=', ctx.adminId).executeTakeFirstOrThrow());
    const session = { sessionId: 'test', userId: admin.id, username: admin.username, companyId: ctx.companyId, departmentId: null };
    expect((await contractsOfCustomer(ctx.db, session, customer.id)).map((c) => [c.contractNo, c.orderNo, c.status])).toEqual([[contract.contractNo, order.order_no, 'pending_sign']]);
  });

  it('moves through 签署 → 审核 → 结束 with the customer status; refusals by state, version and order state change nothing', async () => {
    const { ns } = await stores();
    const template = await addTemplate();
    const { order, customer } = await addOrder(ns.id);
    const contract = await resultOf(generate(order.id, template.id));
    expect(await customerStatus(customer.id)).toBe('intention');

    // Terms are editable while 待签署, sanitised again.
    const edited = await resultOf(post<ContractRecord>(C.edit, { id: contract.id, version: 1, terms: '<p>改过的条款</p><script>x()</script><a href="javascript:x()">x</a>', remark: '补充' }));
    expect(edited).toMatchObject({ terms: '<p>改过的条款</p><a>x</a>', remark: '补充', version: 2 });
    expect((await post(C.edit, { id: contract.id, version: 1, terms: '<p>过期</p>' })).body).toMatchObject({ code: '101' });

    expect((await post(C.audit, { id: contract.id })).body).toMatchObject({ code: '101', message: '合同当前状态为「待签署」，不能审核' });
    expect((await post(C.sign, { id: contract.id, version: 1 })).body.code).toBe('101');
    const signed = await resultOf(post<ContractRecord>(C.sign, { id: contract.id, version: 2 }));
    expect(signed).toMatchObject({ status: 'pending_audit', signerId: ctx.adminId, signerName: expect.any(String), version: 3 });
    expect(signed.signedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await customerStatus(customer.id)).toBe('contract_unaudited');
    expect((await post(C.edit, { id: contract.id, version: 3, terms: '<p>签后修改</p>' })).body).toMatchObject({ code: '101', message: '只有待签署的合同可以修改条款' });

    const audited = await resultOf(post<ContractRecord>(C.audit, { id: contract.id, version: 3 }));
    expect(audited).toMatchObject({ status: 'effective', auditedBy: ctx.adminId, version: 4 });
    expect(await customerStatus(customer.id)).toBe('contract_audited');

    expect((await post(C.void, { id: contract.id, reason: '客户反悔' })).body).toMatchObject({ code: '101', message: '合同当前状态为「已生效」，不能作废' });
    expect((await post(C.end, { id: contract.id })).body).toMatchObject({ code: '101', message: ContractText.orderNotSettled });
    expect(await stored(contract.id)).toMatchObject({ status: 'effective', version: 4 });

    await ctx.db.updateTable('sales_order').set({ status: 'settled' }).where('id', '=', order.id).execute();
    expect(await resultOf(post<ContractRecord>(C.end, { id: contract.id, version: 4 }))).toMatchObject({ status: 'ended', version: 5 });
    const moves = await ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state']).where('record_id', '=', contract.id).orderBy('changed_at').execute();
    expect(moves).toEqual([
      { event: 'sign', from_state: 'pending_sign', to_state: 'pending_audit' },
      { event: 'audit', from_state: 'pending_audit', to_state: 'effective' },
      { event: 'end', from_state: 'effective', to_state: 'ended' },
    ]);
    expect((await post(C.terminate, { id: contract.id, reason: '晚了' })).body).toMatchObject({ code: '101', message: '合同当前状态为「已结束」，不能终止' });
  });

  it('voids before it takes effect (customer back to 意向客户, a new contract may follow), terminates after; attachments', async () => {
    const { ns } = await stores();
    const template = await addTemplate();
    const { order, customer } = await addOrder(ns.id);
    const first = await resultOf(generate(order.id, template.id));
    await resultOf(post(C.sign, { id: first.id }));
    expect((await post(C.void, { id: first.id })).body).toMatchObject({ code: '101', message: 'reason: 请输入原因!' });
    const voided = await resultOf(post<ContractRecord>(C.void, { id: first.id, reason: '客户改签套餐' }));
    expect(voided).toMatchObject({ status: 'voided', closeReason: '客户改签套餐' });
    expect(voided.closedAt).not.toBeNull();
    expect(await customerStatus(customer.id)).toBe('intention');
    const pages = [await upload(), await upload()];
    expect((await post(C.attachments, { id: first.id, version: voided.version, attachments: pages })).body).toMatchObject({ code: '101', message: ContractText.closedNoAttachments });

    const second = await resultOf(generate(order.id, template.id));
    const withPages = await resultOf(post<ContractRecord>(C.attachments, { id: second.id, version: 1, attachments: pages }));
    expect(withPages).toMatchObject({ attachments: pages, version: 2 });
    await resultOf(post(C.sign, { id: second.id }));
    await resultOf(post(C.audit, { id: second.id }));
    expect((await post(C.terminate, { id: second.id, reason: '' })).body.code).toBe('101');
    expect(await resultOf(post<ContractRecord>(C.terminate, { id: second.id, reason: '客户提前离店' }))).toMatchObject({ status: 'terminated', closeReason: '客户提前离店' });
    expect(await liveContractOf(ctx.db, ctx.companyId, order.id)).toBeUndefined();
  });

  it('附件 are images uploaded by this company only: addresses elsewhere, javascript:, .. paths, another company\'s or a missing file are refused and nothing is written', async () => {
    const { ns } = await stores();
    const template = await addTemplate();
    const { order } = await addOrder(ns.id);
    const contract = await resultOf(generate(order.id, template.id));
    const mine = await upload();
    const kept = await resultOf(post<ContractRecord>(C.attachments, { id: contract.id, version: contract.version, attachments: [mine] }));
    // Another company's upload, really on disk.
    const otherCompany = randomUUID();
    const theirs = `${otherCompany}/routine/20260101/${randomUUID()}.png`;
    fs.mkdirSync(path.join(ctx.dataDir, 'uploads', path.dirname(theirs)), { recursive: true });
    fs.writeFileSync(path.join(ctx.dataDir, 'uploads', theirs), TEST_PNG);
    const day = mine.split('/')[2]!;
    const attacks = [
      'https://evil.example.com/track.png',
      'http://169.254.169.254/latest/meta-data/',
      '//evil.example.com/a.png',
      'javascript:alert(document.cookie)',
      'data:image/png;base64,iVBORw0KGgo=',
      '../../etc/passwd',
      `${ctx.companyId}/routine/${day}/../../../../etc/passwd`,
      `/${mine}`,
      `${mine}?x=1`,
      theirs,
      `${ctx.companyId}/routine/${day}/${randomUUID()}.png`,
      mine.replace(/\.png$/, '.pdf'),
      '',
    ];
    const before = await ctx.db.selectFrom('contract').select(['attachments', 'version', 'updated_at']).where('id', '=', contract.id).executeTakeFirstOrThrow();
    for (const attack of attacks) {
      const res = await post(C.attachments, { id: contract.id, version: kept.version, attachments: [mine, attack] });
      expect(res.body.code, attack).toBe('101');
      expect(res.body.message, attack).toContain(ContractText.badAttachment);
    }
    expect(await ctx.db.selectFrom('contract').select(['attachments', 'version', 'updated_at']).where('id', '=', contract.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(before.attachments).toEqual([mine]);
    // Not a string at all.
    expect((await post(C.attachments, { id: contract.id, version: kept.version, attachments: [{ url: mine }] })).body.code).toBe('101');
  });

  it('voidForCancel voids a pending contract and terminates an effective one inside the caller transaction', async () => {
    const { ns } = await stores();
    const template = await addTemplate();
    const [a, b, c] = [await addOrder(ns.id), await addOrder(ns.id), await addOrder(ns.id)];
    const pending = await resultOf(generate(a.order.id, template.id));
    const effective = await resultOf(generate(b.order.id, template.id));
    await resultOf(post(C.sign, { id: effective.id }));
    await resultOf(post(C.audit, { id: effective.id }));
    const actor = { companyId: ctx.companyId, userId: ctx.adminId };
    await ctx.db.transaction().execute(async (trx) => {
      expect(await voidForCancel(trx, actor, a.order.id, '订单取消')).toEqual({ id: pending.id, from: 'pending_sign', to: 'voided' });
      expect(await voidForCancel(trx, actor, b.order.id, '订单取消')).toEqual({ id: effective.id, from: 'effective', to: 'terminated' });
      expect(await voidForCancel(trx, actor, c.order.id, '订单取消')).toBeUndefined();
    });
    expect(await stored(pending.id)).toMatchObject({ status: 'voided', close_reason: '订单取消' });
    expect(await stored(effective.id)).toMatchObject({ status: 'terminated', close_reason: '订单取消' });
    // A rolled-back cancellation leaves the contract as it was.
    const d = await addOrder(ns.id);
    const kept = await resultOf(generate(d.order.id, template.id));
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await voidForCancel(trx, actor, d.order.id, '取消');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await stored(kept.id)).toMatchObject({ status: 'pending_sign', version: 1 });
  });

  it('lists by store, status, type, signed period and customer/order; exports the same', async () => {
    const { ns, ft } = await stores();
    const template = await addTemplate({ type: 'home' });
    const a = await addOrder(ns.id, { customerName: '列表甲' });
    const b = await addOrder(ft.id, { customerName: '列表乙' });
    const ca = await resultOf(generate(a.order.id, template.id));
    const cb = await resultOf(generate(b.order.id, template.id));
    await resultOf(post(C.sign, { id: cb.id }));
    await ctx.db.updateTable('contract').set({ signed_at: new Date('2026-03-10T02:00:00Z') }).where('id', '=', cb.id).execute();
    const ids = async (q: Record<string, unknown>) => (await resultOf(post<PageResult<ContractRecord>>(C.list, { type: 'home', pageSize: 100, ...q }))).records.map((r) => r.id).filter((id) => [ca.id, cb.id].includes(id));
    expect(await ids({})).toEqual([cb.id, ca.id]);
    expect(await ids({ storeId: ns.id })).toEqual([ca.id]);
    expect(await ids({ status: 'pending_audit' })).toEqual([cb.id]);
    expect(await ids({ signedFrom: '2026-03-10', signedTo: '2026-03-10' })).toEqual([cb.id]);
    expect(await ids({ signedFrom: '2026-03-11' })).toEqual([]);
    expect(await ids({ keyword: '列表甲' })).toEqual([ca.id]);
    expect(await ids({ keyword: b.order.order_no })).toEqual([cb.id]);
    expect((await post(C.list, { signedFrom: '2026-03-11', signedTo: '2026-03-10' })).body).toMatchObject({ code: '101', message: ContractText.badPeriod });
    expect((await post(C.list, { status: 'lost' })).body.code).toBe('101');
    const sheet = await exportXlsx(ctx.t, C.exportXls, { keyword: '列表乙' }, ctx.admin);
    expect(sheet.rows[0]!.slice(0, 3)).toEqual(['合同编号', '订单编号', '客户']);
    expect(sheet.rows.slice(1).map((r) => [r[0], r[2], r[5], r[6]])).toEqual([[cb.contractNo, '列表乙', '到家', '待审核']]);
    const options = await resultOf(post<{ id: string }[]>(C.orderOptions, {}));
    expect(options.map((o) => o.id)).not.toContain(a.order.id);
  });

  describe('tells the same story as the plan (issue 29)', () => {
    const demoTemplate = async () => (await resultOf(post<PageResult<ContractTemplate>>(T.list, { name: '月子套餐标准合同' }))).records[0]!;
    const editConfig = async (values: Partial<SystemConfigDetail>) => {
      const config = await resultOf(post<SystemConfigDetail>('/online/systemConfig/query', {}));
      await resultOf(post('/online/systemConfig/edit', { ...config, ...values }));
    };

    it('the demo template prints every plan line with its amount and due rule, the audited money in and the package services; 甲方 is the legal name, else the company name', async () => {
      const { ns } = await stores();
      const demo = await demoTemplate();
      const { order } = await addOrder(ns.id, { dealPrice: '35500.00' });
      const plan = await ctx.db.selectFrom('receivable').select(['id', 'item', 'amount', 'due_date']).where('order_id', '=', order.id).orderBy('due_date').execute();
      expect(plan.map((r) => [r.item, r.amount, r.due_date])).toEqual([['first_payment', '17750.00', '2026-12-01'], ['final_payment', '17750.00', '2026-12-29']]);
      // 5,000 paid toward the 首付, recorded here and audited by a second administrator (四眼原则).
      const payment = await resultOf(post<{ id: string; version: number }>('/online/payment/add', { orderId: order.id, method: 'wechat', amount: '5000', paidAt: '2026-11-20 10:30', allocations: [{ receivableId: plan[0]!.id, amount: '5000' }] }));
      // An unaudited payment is not money in yet: 1,000 more recorded, never audited.
      await resultOf(post('/online/payment/add', { orderId: order.id, method: 'cash', amount: '1000', paidAt: '2026-11-21 10:30', allocations: [{ receivableId: plan[0]!.id, amount: '1000' }] }));
      await resultOf(post('/online/payment/audit', { id: payment.id, version: payment.version }, (await secondAdmin(ctx.t)).token));
      const company = (await ctx.db.selectFrom('company').select('name').where('id', '=', ctx.companyId).executeTakeFirstOrThrow()).name;

      const fallback = await resultOf(generate(order.id, demo.id));
      expect(fallback).toMatchObject({ partyA: company, amount: '35500.00', firstPayment: '17750.00' });
      expect(fallback.terms).toContain(`<td width="20%">甲方（服务方）</td><td colspan="3">${company}</td>`);
      expect(fallback.terms).toContain('<tr><td>首付</td><td>17750.00</td><td>入住日（2026-12-01）前付清</td><td>5000.00</td></tr>');
      expect(fallback.terms).toContain('<tr><td>尾款</td><td>17750.00</td><td>退房日（2026-12-29）前付清</td><td>0.00</td></tr>');
      expect(fallback.terms).toContain('<tr><td>合计</td><td colspan="3">35500.00</td></tr>');
      expect(fallback.terms).toContain('人民币 5000.00 元（截至合同生成时已审核到账的款项，含定金）');
      expect(fallback.terms).toContain('<td colspan="3">产后康复×4、婴儿游泳（按需）</td>');
      expect(fallback.terms).toContain('人民币 35500.00 元（大写：叁万伍仟伍佰元整）');
      expect(fallback.terms).not.toContain('于签署本合同时支付');
      expect(fallback.terms).not.toContain('{{');

      // 公司法定名称 set on 系统配置: the next contract's 甲方; the one generated before keeps its own.
      await resultOf(post(C.void, { id: fallback.id, reason: '甲方名称有误' }));
      await editConfig({ companyLegalName: '深圳悦享母婴护理服务有限公司' });
      try {
        const named = await resultOf(generate(order.id, demo.id));
        expect(named.partyA).toBe('深圳悦享母婴护理服务有限公司');
        expect(named.terms).toContain('<td width="20%">甲方（服务方）</td><td colspan="3">深圳悦享母婴护理服务有限公司</td>');
        expect(named.terms).toContain(`<td>服务门店</td><td colspan="3">${ns.name}</td>`);
        expect((await resultOf(post<ContractRecord>(C.queryById, { id: fallback.id }))).partyA).toBe(company);
      } finally {
        await editConfig({ companyLegalName: '' });
      }
    });

    it('a demo template still in the first wording (首付款 "于签署本合同时支付") is brought up to date at start-up; other templates are left alone', async () => {
      const demo = await demoTemplate();
      const outdated = '<p>首付款 人民币 {{firstPayment}} 元，于签署本合同时支付，余款于入住前付清。</p>';
      await ctx.db.updateTable('contract_template').set({ content: outdated }).where('id', '=', demo.id).execute();
      const own = await addTemplate({ content: outdated });
      expect(await seedDemoContractTemplates(ctx.db, ctx.t.config)).toBe(0);
      const content = async (id: string) => (await ctx.db.selectFrom('contract_template').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content;
      expect(await content(demo.id)).toContain('{{planTable}}');
      expect(await content(demo.id)).not.toContain('于签署本合同时支付');
      expect(await content(own.id)).toBe(outdated);
    });

    it('a 首付款 other than the plan\'s is refused at generation and at editing', async () => {
      const { ns } = await stores();
      const { order } = await addOrder(ns.id, { dealPrice: '35500.00' });
      const demo = await demoTemplate();
      expect((await generate(order.id, demo.id, { firstPayment: '0' })).body).toMatchObject({ code: '101', message: ContractText.firstPaymentNotPlan('17750.00') });
      const contract = await resultOf(generate(order.id, demo.id));
      expect((await post(C.edit, { id: contract.id, version: 1, firstPayment: '0' })).body).toMatchObject({ code: '101', message: ContractText.firstPaymentNotPlan('17750.00') });
      expect(await stored(contract.id)).toMatchObject({ version: 1 });
      expect(await resultOf(post<ContractRecord>(C.edit, { id: contract.id, version: 1, firstPayment: '17750', remark: '核对' }))).toMatchObject({ firstPayment: '17750.00', remark: '核对', version: 2 });
    });

    it('signing refuses a missing 证件号码 and changes nothing; once the customer has one, signing fills the gap the terms kept', async () => {
      const { ns } = await stores();
      const { order, customer } = await addOrder(ns.id, { idNo: null });
      const contract = await resultOf(generate(order.id, (await demoTemplate()).id));
      expect(contract.terms).toContain('<td>证件号码</td><td colspan="3">{{idNo}}</td>');
      expect((await post(C.sign, { id: contract.id, version: 1 })).body).toMatchObject({ code: '101', message: ContractText.partyFieldMissing('证件号码') });
      await ctx.db.updateTable('customer').set({ id_type: 'passport', id_no: '   ' }).where('id', '=', customer.id).execute();
      expect((await post(C.sign, { id: contract.id, version: 1 })).body).toMatchObject({ code: '101', message: ContractText.partyFieldMissing('证件号码') });
      expect(await stored(contract.id)).toMatchObject({ status: 'pending_sign', version: 1, terms: contract.terms });
      expect(await customerStatus(customer.id)).toBe('intention');

      await ctx.db.updateTable('customer').set({ id_no: 'E77000001' }).where('id', '=', customer.id).execute();
      const signed = await resultOf(post<ContractRecord>(C.sign, { id: contract.id, version: 1 }));
      expect(signed).toMatchObject({ status: 'pending_audit', version: 2 });
      expect(signed.terms).toContain('<td>证件号码</td><td colspan="3">E77000001</td>');
      expect(signed.terms).not.toContain('{{');
    });
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'ct_nobody', { actions: [] });
    const id = { id: MISSING_ID, version: 1 };
    await expectEachForbidden(
      ctx.t,
      { ...C, ...Object.fromEntries(Object.entries(T).map(([k, v]) => [`t_${k}`, v])) } as Record<string, string>,
      [
        ['list', Permission.contractList, {}],
        ['queryById', Permission.contractList, { id: MISSING_ID }],
        ['exportXls', Permission.contractExport, {}],
        ['orderOptions', Permission.contractAdd, {}],
        ['generate', Permission.contractAdd, { orderId: MISSING_ID, templateId: MISSING_ID }],
        ['edit', Permission.contractEdit, { ...id, terms: '' }],
        ['attachments', Permission.contractEdit, { ...id, attachments: [] }],
        ['sign', Permission.contractSign, id],
        ['audit', Permission.contractAudit, id],
        ['void', Permission.contractVoid, { ...id, reason: 'x' }],
        ['terminate', Permission.contractTerminate, { ...id, reason: 'x' }],
        ['end', Permission.contractEnd, id],
        ['t_list', Permission.contractTemplateList, {}],
        ['t_queryById', Permission.contractTemplateList, { id: MISSING_ID }],
        ['t_add', Permission.contractTemplateAdd, { name: 'x', type: 'home', content: 'x' }],
        ['t_edit', Permission.contractTemplateEdit, { ...id, name: 'x', type: 'home', content: 'x' }],
        ['t_updateStatus', Permission.contractTemplateStatus, { id: MISSING_ID, enabled: false }],
        ['t_delete', Permission.contractTemplateDelete, { id: MISSING_ID }],
        ['t_exportXls', Permission.contractTemplateExport, {}],
      ],
      token,
    );
  });

  it('a 店长 of one store neither sees nor acts on another store\'s contract, by list or by id', async () => {
    const { ns, ft } = await stores();
    const template = await addTemplate();
    const own = await resultOf(generate((await addOrder(ns.id)).order.id, template.id));
    const theirsOrder = await addOrder(ft.id);
    const theirs = await resultOf(generate(theirsOrder.order.id, template.id));
    // The demo 店长 of 南山店 holds the contract actions and the seeded rule 本门店的合同 (storeId in 本人门店).
    const token = await ctx.t.login('nanshan.manager', ctx.t.config.adminPassword);
    {
      const listed = (await resultOf(post<PageResult<ContractRecord>>(C.list, { pageSize: 500 }, token))).records;
      expect(listed.map((r) => r.storeId)).toEqual(listed.map(() => ns.id));
      expect(listed.map((r) => r.id)).toContain(own.id);
      expect((await exportXlsx(ctx.t, C.exportXls, {}, token)).rows.slice(1).map((r) => r[0])).not.toContain(theirs.contractNo);
      expect((await post(C.queryById, { id: theirs.id }, token)).status).toBe(404);
      expect((await post(C.edit, { id: theirs.id, version: 1, terms: '<p>x</p>' }, token)).status).toBe(404);
      expect((await post(C.attachments, { id: theirs.id, version: 1, attachments: [] }, token)).status).toBe(404);
      expect((await post(C.sign, { id: theirs.id }, token)).status).toBe(404);
      expect((await post(C.void, { id: theirs.id, reason: 'x' }, token)).status).toBe(404);
      // Another store's order is out of her order scope: neither offered nor taken, and nothing is written.
      await resultOf(post(C.void, { id: theirs.id, reason: '重新生成' }));
      const offered = await resultOf(post<{ id: string; storeName: string }[]>(C.orderOptions, {}, token));
      expect(offered.map((o) => o.id)).not.toContain(theirsOrder.order.id);
      expect(new Set(offered.map((o) => o.storeName))).toEqual(new Set(offered.length ? [ns.name] : []));
      expect((await generate(theirsOrder.order.id, template.id, {}, token)).status).toBe(404);
      expect(await resultOf(post<ContractRecord>(C.sign, { id: own.id }, token))).toMatchObject({ status: 'pending_audit' });
    }
    expect(await stored(theirs.id)).toMatchObject({ status: 'voided' });
    expect(await liveContractOf(ctx.db, ctx.companyId, theirsOrder.order.id)).toBeUndefined();
  });

  it('200 concurrent generations over 20 orders leave exactly one live contract per order with distinct numbers', async () => {
    const { ns } = await stores();
    const template = await addTemplate();
    const orders: { id: string }[] = [];
    for (let i = 0; i < 20; i++) orders.push((await addOrder(ns.id)).order);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => generate(orders[i % 20]!.id, template.id)));
    const ok = answers.filter((a) => a.body.code === '0');
    expect(ok).toHaveLength(20);
    for (const a of answers.filter((x) => x.body.code !== '0')) expect(a.body).toMatchObject({ code: '101', message: ContractText.liveContractExists });
    const rows = await ctx.db
      .selectFrom('contract')
      .select(['order_id', sql<number>`count(*)::int`.as('n'), sql<number>`count(distinct contract_no)::int`.as('numbers')])
      .where('order_id', 'in', orders.map((o) => o.id))
      .groupBy('order_id')
      .execute();
    expect(rows).toHaveLength(20);
    for (const r of rows) expect(r).toMatchObject({ n: 1, numbers: 1 });
    const numbers = await ctx.db.selectFrom('contract').select('contract_no').where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(new Set(numbers.map((r) => r.contract_no)).size).toBe(20);
  });
});
