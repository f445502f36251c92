import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  AI_LOG_TOKEN_HEADER,
  aiLogContract as c,
  ErrorText,
  nurseScheduleContract,
  Permission,
  type AiExplanation,
  type AiLogLink,
  type AiLogLinkIssued,
  type AiLogPage,
  type AiLogSharedPage,
  type Envelope,
  type Lead,
  type NurseMatchResult,
} from '@care/shared';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, useStandIn, withDataRule, type AdminTestAppContext } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { addLeave, addNurse, addAssignment, newStore, type TestStore } from '../nurse-schedule/nurse-schedule.test-data.js';

// The AI log: the rule-based explainer on a prepared match, the model through a stand-in
// OpenAI-compatible server (its answer used and logged; its failure → the rules, logged as fallback),
// the log read with a session or through a link, and the refusals.

type Ctx = AdminTestAppContext;

/** Two free nurses and two left out (busy, on leave) for 2031-03-01 + 26 days. */
async function matchSet(ctx: Ctx) {
  const w = { db: ctx.db, companyId: ctx.companyId };
  const s = await newStore(w);
  const no = (n: string) => `${s.code}-${n}`;
  await addNurse(w, s, { nurseNo: no('01'), name: '王芳', level: 'senior', price26Days: '13000', rating: '4.50', ratingCount: 3, skills: ['newborn_care', 'lactation'] });
  await addNurse(w, s, { nurseNo: no('02'), name: '李娟', rating: '5.00', ratingCount: 1 });
  const busy = await addNurse(w, s, { nurseNo: no('03') });
  const onLeave = await addNurse(w, s, { nurseNo: no('04') });
  await addAssignment(w, s, { nurseId: busy, status: 'dispatched', start: '2031-02-20', end: '2031-03-03' });
  await addLeave(w, onLeave, '2031-03-25', '2031-03-28', '家事');
  return { s, no };
}
const criteria = (s: TestStore, extra: Record<string, unknown> = {}) => ({ storeId: s.storeId, startDate: '2031-03-01', days: 26, serviceType: 'home', minLevel: 'middle', budget: '15000', skills: ['newborn_care'], ...extra });

/** The rule-based text of matchSet: every line from the reasons the matcher gives (nurse-schedule's test asserts those). */
function expectedRuleText(no: (n: string) => string): string {
  return [
    '按条件（2031-03-01 起 26 天，服务方式「到家」，最低等级「中级」，预算 ¥15000，技能：新生儿护理）共有 2 位月嫂可接单，推荐前 2 位：',
    `1. 王芳（${no('01')}），得分 61.7，期间报价 ¥13000.00。主要优势：评分 4.50（3条评价）；近90天上户 0 天。评分构成：等级「高级」高于要求 1 级（+10）；评分 4.50（3条评价）（+27）；报价 ¥13000.00 在预算内（低 13%）（+2.7）；另有技能：催乳（+2）；近90天上户 0 天（+20）。`,
    `2. 李娟（${no('02')}），得分 54，期间报价 ¥12000.00。主要优势：评分 5.00（1条评价）；近90天上户 0 天。评分构成：等级「中级」（+0）；评分 5.00（1条评价）（+30）；报价 ¥12000.00 在预算内（低 20%）（+4）；无额外技能（+0）；近90天上户 0 天（+20）。`,
    '王芳比李娟高 7.7 分。',
    '另有 2 位未入选：档期冲突 1 位，请假 1 位。',
  ].join('\n');
}

const match = (ctx: Ctx, body: Record<string, unknown>, token = ctx.admin) => resultOf(ctx.t.post<NurseMatchResult>(nurseScheduleContract.match.path, body, { token }));
const list = (ctx: Ctx, body: Record<string, unknown> = {}, token = ctx.admin) => resultOf(ctx.t.post<AiLogPage>(c.list.path, { pageSize: 50, ...body }, { token }));

describe('AI log without a model: the rule-based explainer', () => {
  const ctx = useAdminApp();

  it('explains a match with the named reasons, logs it linked to the order, and lists it with its input', async () => {
    const { s, no } = await matchSet(ctx);
    const orderId = randomUUID();
    const r = await match(ctx, criteria(s, { orderId }));
    // The match's own answer is unchanged: the two candidates, then the two left out.
    expect(r.candidates.map((n) => [n.nurseNo, n.score])).toEqual([
      [no('01'), 61.7],
      [no('02'), 54],
    ]);
    expect(r.explanation).toMatchObject({ model: 'rule-based', status: 'ok', text: expectedRuleText(no) });

    const page = await list(ctx, { linkedType: 'order', linkedId: orderId });
    expect(page.total).toBe(1);
    const row = page.records[0]!;
    expect(row).toMatchObject({ id: r.explanation!.logId, kind: 'nurse_match', model: 'rule-based', status: 'ok', error: null, output: expectedRuleText(no), operatorId: ctx.adminId, linkedType: 'order', linkedId: orderId });
    expect(row.input).toMatchObject({ candidateCount: 2, excludedCount: 2, period: { from: '2031-03-01', to: '2031-03-27' } });
    expect((row.input as { candidates: { nurseNo: string }[] }).candidates.map((x) => x.nurseNo)).toEqual([no('01'), no('02')]);
    expect(page.operators.map((o) => o.id)).toContain(ctx.adminId);
  });

  it('filters by kind, operator and period (Shanghai days)', async () => {
    const { s } = await matchSet(ctx);
    await match(ctx, criteria(s));
    const all = await list(ctx);
    const matches = await list(ctx, { kind: 'nurse_match' });
    expect(matches.total).toBe(all.records.filter((x) => x.kind === 'nurse_match').length);
    expect((await list(ctx, { kind: 'follow_up_summary' })).records.every((x) => x.kind === 'follow_up_summary')).toBe(true);
    expect((await list(ctx, { operatorId: ctx.adminId })).total).toBe(all.total);
    expect((await list(ctx, { operatorId: randomUUID() })).total).toBe(0);
    const today = all.records[0]!.createdAt.slice(0, 10);
    expect((await list(ctx, { from: today, to: today })).total).toBe(all.total);
    expect((await list(ctx, { from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    // The export: the list's filters, the same rows in the same order, labels in words.
    const sheet = await exportXlsx(ctx.t, c.exportXls.path, { kind: 'nurse_match' }, ctx.admin);
    expect(sheet.rows[0]).toEqual(['时间', '类型', '操作人', '模型', '状态', '关联类型', '关联记录ID', '耗时（ms）', '输出', '失败原因']);
    expect(sheet.rows.slice(1).map((r) => [r[0], r[1], r[3], r[8]])).toEqual(matches.records.map((x) => [x.createdAt, '月嫂匹配说明', x.model, x.output]));
    const bad = await ctx.t.post(c.list.path, { from: '2031-03-02', to: '2031-03-01' }, { token: ctx.admin });
    expect(bad.body.message).toContain('结束日期不能早于开始日期');
  });

  it('shows the log through a live link only: unknown, malformed, expired and revoked tokens are 链接无效或已过期', async () => {
    const { s } = await matchSet(ctx);
    await match(ctx, criteria(s));
    const issued = await resultOf(ctx.t.post<AiLogLinkIssued>(c.addLink.path, { days: 3 }, { token: ctx.admin }));
    expect(issued.link.state).toBe('active');
    const token = new URL(issued.url, 'http://x').searchParams.get('token')!;
    expect(issued.url).toBe(`/app/ai/aiLogHostory?token=${token}`);
    // Only the hash is kept.
    const stored = await ctx.db.selectFrom('ai_log_link').select('token_hash').where('id', '=', issued.link.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const shared = async (t: string | undefined, body: Record<string, unknown> = {}) => {
      const res = await ctx.t.app.inject({ method: 'POST', url: c.sharedList.path, payload: ctx.t.signed({ pageSize: 50, ...body }), headers: t === undefined ? {} : { [AI_LOG_TOKEN_HEADER.toLowerCase()]: t } });
      return { status: res.statusCode, body: res.json() as Envelope<AiLogPage> };
    };
    const bySession = await list(ctx);
    const byLink = await shared(token);
    expect(byLink.body.code).toBe('0');
    expect(byLink.body.result.total).toBe(bySession.total);
    expect(byLink.body.result.records.map((x) => x.id)).toEqual(bySession.records.map((x) => x.id));
    expect((await shared(token, { kind: 'follow_up_summary' })).body.result.records.every((x) => x.kind === 'follow_up_summary')).toBe(true);

    const refused = async (t: string | undefined) => {
      const res = await shared(t);
      expect(res.body.code).toBe('403');
      expect(res.body.message).toBe('链接无效或已过期');
    };
    await refused(undefined);
    await refused('short');
    await refused('A'.repeat(43));

    // Expired: the database's clock decides.
    const other = await resultOf(ctx.t.post<AiLogLinkIssued>(c.addLink.path, { days: 1 }, { token: ctx.admin }));
    const otherToken = new URL(other.url, 'http://x').searchParams.get('token')!;
    expect((await shared(otherToken)).body.code).toBe('0');
    await ctx.db.updateTable('ai_log_link').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', other.link.id).execute();
    await refused(otherToken);

    // Revoked.
    const links = await resultOf(ctx.t.post<AiLogLink[]>(c.links.path, {}, { token: ctx.admin }));
    const mine = links.find((l) => l.id === issued.link.id)!;
    expect(mine.lastUsedAt).not.toBeNull();
    expect(links.find((l) => l.id === other.link.id)!.state).toBe('expired');
    const revoked = await resultOf(ctx.t.post<AiLogLink>(c.revokeLink.path, { id: mine.id, version: mine.version }, { token: ctx.admin }));
    expect(revoked.state).toBe('revoked');
    await refused(token);
    const again = await ctx.t.post(c.revokeLink.path, { id: mine.id, version: revoked.version }, { token: ctx.admin });
    expect(again.body.message).toBe('该链接已撤销');
    const stale = await ctx.t.post(c.revokeLink.path, { id: other.link.id, version: other.link.version + 5 }, { token: ctx.admin });
    expect(stale.body.code).not.toBe('0');

    for (const days of [0, 31, 1.5]) {
      const res = await ctx.t.post(c.addLink.path, { days }, { token: ctx.admin });
      expect(res.body.message).toContain('有效天数须为1到30天');
    }
  });

  it('masks the rows a link shows: action, model, operator, time and outcome, no names, phones or follow-ups\' words', async () => {
    const { s, no } = await matchSet(ctx);
    await match(ctx, criteria(s));
    const lead = await resultOf(ctx.t.post<Lead>('/online/lead/add', { name: '欧阳娜娜', phone: '13922223333', preferredStoreId: s.storeId, intentionGrade: 'A' }, { token: ctx.admin }));
    const words = '产检后回访，宝宝发育正常，客户预算在3-5万之间，电话13944445555';
    await resultOf(ctx.t.post('/online/followUp/add', { leadId: lead.id, type: 'sales', way: 'phone', content: words }, { token: ctx.admin }));
    const summary = await resultOf(ctx.t.post<AiExplanation>(c.followUpSummary.path, { leadId: lead.id }, { token: ctx.admin }));
    const issued = await resultOf(ctx.t.post<AiLogLinkIssued>(c.addLink.path, { days: 1 }, { token: ctx.admin }));
    const token = new URL(issued.url, 'http://x').searchParams.get('token')!;
    const res = await ctx.t.app.inject({ method: 'POST', url: c.sharedList.path, payload: ctx.t.signed({ pageSize: 50 }), headers: { [AI_LOG_TOKEN_HEADER.toLowerCase()]: token } });
    const body = res.json() as Envelope<AiLogSharedPage>;
    expect(body.code).toBe('0');
    // The session's list holds the personal text (the staff page's detail)…
    const full = await list(ctx);
    expect(JSON.stringify(full)).toContain('13944445555');
    // …the link's none of it, nor the ids behind the rows.
    const raw = res.body;
    for (const secret of ['欧阳娜娜', '13922223333', '13944445555', '产检后回访', '宝宝发育正常', '王芳', '李娟', no('01'), lead.id]) expect(raw).not.toContain(secret);
    expect(body.result.records.map((r) => r.id)).toEqual(full.records.map((r) => r.id));
    const row = body.result.records.find((r) => r.id === summary.logId)!;
    expect(row).toEqual({ id: summary.logId, kind: 'follow_up_summary', model: 'rule-based', status: 'ok', operatorId: ctx.adminId, operatorName: expect.any(String), linkedType: 'lead', durationMs: expect.any(Number), createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    for (const r of body.result.records) expect(Object.keys(r).sort()).toEqual(['createdAt', 'durationMs', 'id', 'kind', 'linkedType', 'model', 'operatorId', 'operatorName', 'status']);
  });

  it('answers 403 without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'ailog.none');
    await expectEachForbidden(ctx.t, { list: c.list.path, export: c.exportXls.path, links: c.links.path, add: c.addLink.path, revoke: c.revokeLink.path, summary: c.followUpSummary.path }, [
      ['list', Permission.aiLogList, {}],
      ['export', Permission.aiLogList, {}],
      ['links', Permission.aiLogLink, {}],
      ['add', Permission.aiLogLink, { days: 1 }],
      ['revoke', Permission.aiLogLink, { id: randomUUID(), version: 1 }],
      ['summary', Permission.followUpSummary, { leadId: randomUUID() }],
    ], token);
    // Reading the log does not let one issue links.
    const reader = await signedInUser(ctx.t, 'ailog.reader', { actions: [Permission.aiLogList] });
    expect((await ctx.t.post(c.list.path, {}, { token: reader.token })).body.code).toBe('0');
    const add = await ctx.t.post(c.addLink.path, { days: 1 }, { token: reader.token });
    expect(add.body.code).toBe('403');
    expect(add.body.message).toBe(ErrorText.forbidden);
  });

  it('summarises the follow-ups of a lead the caller can see, logs it, and refuses one the data rules hide', async () => {
    const storeA = await newStore({ db: ctx.db, companyId: ctx.companyId });
    const storeB = await newStore({ db: ctx.db, companyId: ctx.companyId });
    const addLead = async (storeId: string, phone: string) =>
      resultOf(ctx.t.post<Lead>('/online/lead/add', { name: '陈晓', phone, preferredStoreId: storeId, dueDate: '2031-06-01', intentionGrade: 'A' }, { token: ctx.admin }));
    const visible = await addLead(storeA.storeId, '13911110001');
    const hidden = await addLead(storeB.storeId, '13911110002');
    const follow = (leadId: string, body: Record<string, unknown>) => resultOf(ctx.t.post('/online/followUp/add', { leadId, ...body }, { token: ctx.admin }));
    await follow(visible.id, { type: 'sales', way: 'phone', content: '电话沟通，客户关注价格' });
    await follow(visible.id, { type: 'sales', way: 'wechat', content: '微信发送套餐资料，约周六到店参观', nextFollowAt: '2031-05-10 10:00' });
    await follow(hidden.id, { type: 'sales', way: 'phone', content: '首次联系' });

    const user = await signedInUser(ctx.t, 'ailog.sales', { actions: [Permission.followUpSummary, Permission.aiLogList], paths: ['/crm/lead'] });
    // The 线索 menu's rules (a consultant sees her own leads): the visible lead is hers, the other is not.
    await ctx.db.updateTable('lead').set({ owner_id: user.userId }).where('id', '=', visible.id).execute();
    await withDataRule(ctx.t, ctx.admin, '/crm/lead', { resource: 'lead', name: '只看A店', columnKey: 'storeId', condition: '=', value: storeA.storeId }, async () => {
      // …and a store rule besides: the hidden lead is in the other store too.
      const summary = await resultOf(ctx.t.post<AiExplanation>(c.followUpSummary.path, { leadId: visible.id }, { token: user.token }));
      expect(summary.model).toBe('rule-based');
      expect(summary.status).toBe('ok');
      const lines = summary.text.split('\n');
      expect(lines[0]).toMatch(/^该线索共 2 条跟进记录，时间 \d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}。$/);
      expect(lines[1]).toMatch(/^跟进方式：(电话 1 次、微信 1 次|微信 1 次、电话 1 次)；跟进类型：\S+ 2 次。$/);
      expect(lines[2]).toContain('微信发送套餐资料，约周六到店参观');
      expect(lines[3]).toContain('电话沟通，客户关注价格');
      expect(lines[4]).toBe('下次跟进：2031-05-10 10:00。');

      const refused = await ctx.t.post(c.followUpSummary.path, { leadId: hidden.id }, { token: user.token });
      expect(refused.body.code).toBe('404');
      const logged = await list(ctx, { linkedType: 'lead', linkedId: visible.id }, user.token);
      expect(logged.records.map((x) => [x.id, x.kind, x.operatorId])).toEqual([[summary.logId, 'follow_up_summary', user.userId]]);
      expect((await list(ctx, { linkedType: 'lead', linkedId: hidden.id })).total).toBe(0);
    });
    // Neither a lead nor a customer named.
    expect((await ctx.t.post(c.followUpSummary.path, {}, { token: ctx.admin })).body.message).toContain('请指定线索或客户');
    // No follow-ups yet.
    const empty = await addLead(storeA.storeId, '13911110003');
    expect((await ctx.t.post(c.followUpSummary.path, { leadId: empty.id }, { token: ctx.admin })).body.message).toBe('暂无跟进记录，无法总结');
  });
});

/** A stand-in OpenAI-compatible server: answers, fails or hangs as `mode` says, and keeps what it was sent. */
async function startFakeModel() {
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hang', requests: [] as { url: string; authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] };
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = JSON.parse(data) as (typeof state.requests)[number]['body'];
      state.requests.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      if (state.mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
      if (state.mode === 'hang') return void setTimeout(() => res.writeHead(200).end('{}'), 3000);
      const user = body.messages.find((m) => m.role === 'user')!.content;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `模型说明：${user.split('\n')[0]}` } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('AI log with a model (a stand-in OpenAI-compatible server)', () => {
  const fake = useStandIn(startFakeModel);
  const ctx = useAdminApp(() => ({ env: { AI_API_URL: fake.url, AI_API_KEY: 'sk-test-secret', AI_MODEL: 'fake-gpt', AI_TIMEOUT_MS: '800' } }));

  it("uses the model's answer and logs it with the model's name", async () => {
    fake.state.mode = 'ok';
    const { s, no } = await matchSet(ctx);
    const before = fake.state.requests.length;
    const r = await match(ctx, criteria(s));
    const sent = fake.state.requests[before]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test-secret');
    expect(sent.body.model).toBe('fake-gpt');
    const prompt = sent.body.messages.find((m) => m.role === 'user')!.content;
    expect(prompt).toContain(`1. 王芳（${no('01')}），总分 61.7`);
    expect(prompt).toContain('评分 4.50（3条评价）（+27）');
    expect(prompt).toContain('未入选原因：档期冲突（1位）；请假（1位）');
    const text = '模型说明：匹配条件：2031-03-01 起 26 天；服务方式「到家」；最低等级「中级」；预算 ¥15000；技能：新生儿护理';
    expect(r.explanation).toMatchObject({ model: 'fake-gpt', status: 'ok', text });
    const row = (await list(ctx)).records.find((x) => x.id === r.explanation!.logId)!;
    expect(row).toMatchObject({ model: 'fake-gpt', status: 'ok', output: text, error: null });
    expect(JSON.stringify(row)).not.toContain('sk-test-secret');
  });

  it('falls back to the rules when the model fails or times out, and logs the fallback', async () => {
    const { s, no } = await matchSet(ctx);
    fake.state.mode = 'fail';
    const failed = await match(ctx, criteria(s));
    expect(failed.explanation).toMatchObject({ model: 'rule-based', status: 'fallback', text: expectedRuleText(no) });
    fake.state.mode = 'hang';
    const slow = await match(ctx, criteria(s));
    expect(slow.explanation).toMatchObject({ model: 'rule-based', status: 'fallback', text: expectedRuleText(no) });
    fake.state.mode = 'ok';
    const rows = (await list(ctx)).records;
    const a = rows.find((x) => x.id === failed.explanation!.logId)!;
    const b = rows.find((x) => x.id === slow.explanation!.logId)!;
    expect(a).toMatchObject({ status: 'fallback', model: 'rule-based', error: '模型调用失败：HTTP 500', output: expectedRuleText(no) });
    expect(b).toMatchObject({ status: 'fallback', model: 'rule-based', error: '模型调用超时（800 ms）' });
    expect(b.durationMs).toBeGreaterThanOrEqual(700);
  });
});
