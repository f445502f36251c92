import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ErrorText,
  MessageText,
  Permission,
  messageRecordSchema,
  messageTemplateSchema,
  type MessageRecord,
  type MessageTemplate,
  type NoticeList,
  type PageResult,
} from '@care/shared';
import type { PushEnvelope } from '../../platform/push/push-bus.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { useAdminApp, MISSING_ID, buttonActionsOf, resultOf } from '../../test/fixtures.js';
import { sendTemplatedMessage } from './message.service.js';

const T = '/online/messageTemplate';
const R = '/online/messageRecord';

describe('message templates and messages', () => {
  const ctx = useAdminApp();
  const pushed: PushEnvelope[] = [];
  // alice: named directly; bob: in a role (group); carol: in a department; dave: none of them.
  const people = {} as Record<'alice' | 'bob' | 'carol' | 'dave', { id: string; token: string; groupId: string }>;
  let departmentId: string;

  const addTemplate = async (fields: Record<string, unknown>) => {
    return messageTemplateSchema.parse(await resultOf(ctx.t.post<MessageTemplate>(`${T}/add`, { name: '模板', title: '标题', body: '<p>正文</p>', ...fields }, { token: ctx.admin })));
  };
  const myMessages = async (token: string, filters: Record<string, unknown> = {}) => {
    return resultOf(ctx.t.post<PageResult<MessageRecord>>(`${R}/list`, { pageNo: 1, pageSize: 50, ...filters }, { token }));
  };

  beforeAll(async () => {
    ctx.t.ctx.push.subscribe((envelope) => pushed.push(envelope));
    departmentId = (await ctx.db.insertInto('department').values({ company_id: ctx.companyId, code: 'Z98', name: '护理测试部' }).returning('id').executeTakeFirstOrThrow()).id;
    for (const name of ['alice', 'bob', 'carol', 'dave'] as const) {
      const created = await createUserWith(ctx.db, { username: `msg_${name}` });
      people[name] = { id: created.userId, groupId: created.groupId, token: await ctx.t.login(`msg_${name}`, TEST_PASSWORD) };
    }
    await ctx.db.insertInto('user_department').values({ user_id: people.carol.id, department_id: departmentId }).execute();
  });

  it('seeds the template actions as buttons of 消息模板', async () => {
    expect(await buttonActionsOf(ctx.db, '/message/template')).toEqual(
      [Permission.messageTemplateList, Permission.messageTemplateAdd, Permission.messageTemplateEdit, Permission.messageTemplateDelete, Permission.messageTemplateTestSend].sort(),
    );
  });

  it('keeps template codes unique, edits with a version and deletes', async () => {
    const tpl = await addTemplate({ code: 'tpl.crud' });
    expect(tpl).toMatchObject({ code: 'tpl.crud', channel: 'system', priority: 'L', enabled: true });
    const dup = await ctx.t.post(`${T}/add`, { code: 'tpl.crud', name: 'x', title: 'x', body: 'x' }, { token: ctx.admin });
    expect(dup.body).toMatchObject({ code: '101', message: MessageText.codeTaken });
    const badCode = await ctx.t.post(`${T}/add`, { code: "x' or 1=1", name: 'x', title: 'x', body: 'x' }, { token: ctx.admin });
    expect(badCode.body.code).toBe('101');

    const edited = await ctx.t.post<MessageTemplate>(`${T}/edit`, { ...tpl, name: '改名', priority: 'H' }, { token: ctx.admin });
    expect(edited.body.result).toMatchObject({ name: '改名', priority: 'H', version: tpl.version + 1 });
    const stale = await ctx.t.post(`${T}/edit`, { ...tpl, name: '再改' }, { token: ctx.admin });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });

    const listed = await ctx.t.post<PageResult<MessageTemplate>>(`${T}/list`, { code: 'tpl.cr', pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(listed.body.result.records.map((r) => r.code)).toEqual(['tpl.crud']);
    // A LIKE wildcard matches literally.
    const wildcard = await ctx.t.post<PageResult<MessageTemplate>>(`${T}/list`, { code: '%', pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(wildcard.body.result.total).toBe(0);

    expect((await ctx.t.post(`${T}/delete`, { id: tpl.id }, { token: ctx.admin })).body).toMatchObject({ code: '0', message: MessageText.deleted });
    expect((await ctx.t.post(`${T}/delete`, { id: tpl.id }, { token: ctx.admin })).body.code).toBe('404');
  });

  it('sanitises template HTML on save', async () => {
    const tpl = await addTemplate({ code: 'tpl.xss', body: '<p onclick="x()">你好<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src="x" onerror="alert(3)"></p>' });
    expect(tpl.body).toBe('<p>你好<a>链接</a><img src="x" /></p>');
  });

  it('fills placeholders by plain substitution with the values escaped (a ${x} holding <script> arrives escaped)', async () => {
    const tpl = await addTemplate({
      code: 'tpl.fill',
      title: '客户 ${name} 的线索',
      body: '<p>您好，${name}：${missing} 预产期 ${dueDate}</p><a href="${url}">打开</a><p>${constructor} ${__proto__}</p>',
    });
    const data = { name: '<script>alert(1)</script>', dueDate: '2025-01-01', url: 'javascript:alert(1)' };
    const res = await ctx.t.post<MessageRecord>(`${T}/testSend`, { id: tpl.id, data }, { token: ctx.admin });
    expect(res.body).toMatchObject({ code: '0', message: MessageText.testSent });
    const message = messageRecordSchema.parse(res.body.result);
    expect(message.msgContent).toBe(
      '<p>您好，&lt;script&gt;alert(1)&lt;/script&gt;：${missing} 预产期 2025-01-01</p><a>打开</a><p>${constructor} ${__proto__}</p>',
    );
    expect(message.msgContent).not.toContain('<script');
    // The title is plain text (shown as text, never as HTML).
    expect(message.titile).toBe('客户 <script>alert(1)</script> 的线索');
    const adminName = (await ctx.db.selectFrom('app_user').select('first_name').where('id', '=', ctx.adminId).executeTakeFirstOrThrow()).first_name;
    expect(message).toMatchObject({ templateCode: 'tpl.fill', readFlag: '0', sender: adminName });

    // The test send went to the caller only.
    const mine = await myMessages(ctx.admin);
    expect(mine.records.map((r) => r.id)).toContain(message.id);
    expect((await myMessages(people.alice.token)).total).toBe(0);
  });

  it('sends a templated message to users, roles and departments, stored and pushed per recipient', async () => {
    await addTemplate({ code: 'test.lead.assigned', title: '线索分配：${lead}', body: '<p>线索 <b>${lead}</b> 已分配给您</p>', priority: 'M' });
    const sent = await sendTemplatedMessage(ctx.db, ctx.t.ctx.push, {
      companyId: ctx.companyId,
      templateCode: 'test.lead.assigned',
      data: { lead: '张三' },
      to: { userIds: [people.alice.id], groupIds: [people.bob.groupId], departmentIds: [departmentId] },
      senderId: ctx.adminId,
      link: { openType: 'url', openPage: '/crm/lead', busId: 'lead-1' },
    });
    expect(sent.map((m) => m.recipientId).sort()).toEqual([people.alice.id, people.bob.id, people.carol.id].sort());

    for (const who of ['alice', 'bob', 'carol'] as const) {
      const page = await myMessages(people[who].token);
      expect(page.records, who).toHaveLength(1);
      expect(page.records[0]).toMatchObject({
        titile: '线索分配：张三',
        msgContent: '<p>线索 <b>张三</b> 已分配给您</p>',
        priority: 'M',
        openType: 'url',
        openPage: '/crm/lead',
        busId: 'lead-1',
        readFlag: '0',
        readTime: null,
        templateCode: 'test.lead.assigned',
      });
    }
    expect((await myMessages(people.dave.token)).total).toBe(0);

    const about = (id: string) => pushed.filter((p) => (p.event.payload as { id?: string }).id === id);
    for (const m of sent) {
      await vi.waitFor(() => expect(about(m.id)).toHaveLength(1));
      expect(about(m.id)[0]).toMatchObject({
        audience: { scope: 'user', userId: m.recipientId },
        event: { kind: 'message', payload: { msgCategory: '2', title: '线索分配：张三', content: '线索 张三 已分配给您', priority: 'M', createTime: m.sendTime } },
      });
    }

    // The bell's second tab.
    const bell = await ctx.t.post<NoticeList>('/online/annountCement/listByUser', {}, { token: people.alice.token });
    expect(bell.body.result).toMatchObject({ sysMsgTotal: 1, sysMsgList: [{ titile: '线索分配：张三', msgCategory: '2', priority: 'M', openPage: '/crm/lead' }] });

    // Without recipients nothing is sent; an unknown template is refused.
    expect(await sendTemplatedMessage(ctx.db, ctx.t.ctx.push, { companyId: ctx.companyId, templateCode: 'test.lead.assigned', data: {}, to: {} })).toEqual([]);
    await expect(sendTemplatedMessage(ctx.db, ctx.t.ctx.push, { companyId: ctx.companyId, templateCode: 'nope', data: {}, to: { userIds: [people.alice.id] } })).rejects.toThrow(
      MessageText.templateMissing,
    );
    // Another company's users are never reached.
    const other = await ctx.db.insertInto('company').values({ code: 'OTHER_MSG', name: '别家公司' }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('message_template').values({ company_id: other.id, code: 'test.lead.assigned', name: 'x', channel: 'system', title: 'x', body: 'x', priority: 'L', created_by: null, updated_by: null }).execute();
    expect(await sendTemplatedMessage(ctx.db, ctx.t.ctx.push, { companyId: other.id, templateCode: 'test.lead.assigned', data: {}, to: { userIds: [people.alice.id] } })).toEqual([]);
  });

  it('lists my messages read and unread, marks one read, and marks all read', async () => {
    await addTemplate({ code: 'tpl.read', title: '第${n}条', body: '<p>${n}</p>' });
    for (const n of [1, 2, 3]) await sendTemplatedMessage(ctx.db, ctx.t.ctx.push, { companyId: ctx.companyId, templateCode: 'tpl.read', data: { n }, to: { userIds: [people.dave.id] } });
    const all = await myMessages(people.dave.token);
    expect(all.records.map((r) => r.titile)).toEqual(['第3条', '第2条', '第1条']);

    const first = all.records[2]!;
    const bellRead = await ctx.t.post('/online/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: first.id, msgCategory: '2' }, { token: people.dave.token });
    expect(bellRead.body.code).toBe('0');
    expect((await myMessages(people.dave.token, { readFlag: '1' })).records.map((r) => r.titile)).toEqual(['第1条']);
    expect((await myMessages(people.dave.token, { readFlag: '0' })).total).toBe(2);

    const marked = await ctx.t.post<{ updated: number }>(`${R}/markRead`, { ids: [all.records[1]!.id] }, { token: people.dave.token });
    expect(marked.body.result.updated).toBe(1);

    // Someone else's message: not visible, not markable.
    expect((await ctx.t.post(`${R}/queryById`, { id: first.id }, { token: people.alice.token })).body.code).toBe('404');
    expect((await ctx.t.post('/online/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: first.id, msgCategory: '2' }, { token: people.alice.token })).body.code).toBe('404');
    expect((await ctx.t.post<{ updated: number }>(`${R}/markRead`, { ids: [all.records[0]!.id] }, { token: people.alice.token })).body.result.updated).toBe(0);

    const readAll = await ctx.t.post<{ updated: number }>(`${R}/readAll`, {}, { token: people.dave.token });
    expect(readAll.body).toMatchObject({ code: '0', message: MessageText.allRead, result: { updated: 1 } });
    expect((await myMessages(people.dave.token, { readFlag: '0' })).total).toBe(0);
    const detail = await ctx.t.post<MessageRecord>(`${R}/queryById`, { id: first.id }, { token: people.dave.token });
    expect(detail.body.result).toMatchObject({ readFlag: '1', readTime: expect.any(String), sender: MessageText.systemSender });
  });

  it('answers 403 to a user lacking each template action; my messages need only a session', async () => {
    const tpl = await addTemplate({ code: 'tpl.perm' });
    const calls: [string, string, Record<string, unknown>][] = [
      [`${T}/list`, Permission.messageTemplateList, { pageNo: 1, pageSize: 10 }],
      [`${T}/add`, Permission.messageTemplateAdd, { code: 'x', name: 'x', title: 'x', body: 'x' }],
      [`${T}/edit`, Permission.messageTemplateEdit, { ...tpl }],
      [`${T}/delete`, Permission.messageTemplateDelete, { id: tpl.id }],
      [`${T}/testSend`, Permission.messageTemplateTestSend, { id: tpl.id, data: {} }],
    ];
    for (const [route, action, body] of calls) {
      const res = await ctx.t.post(route, body, { token: people.alice.token });
      expect(res.body.code, `${route} without ${action}`).toBe('403');
    }
    await createUserWith(ctx.db, { username: 'msg_sender', actions: [Permission.messageTemplateTestSend] });
    const token = await ctx.t.login('msg_sender', TEST_PASSWORD);
    expect((await ctx.t.post(`${T}/testSend`, { id: tpl.id, data: {} }, { token })).body.code).toBe('0');
    expect((await ctx.t.post(`${T}/testSend`, { id: MISSING_ID, data: {} }, { token })).body.code).toBe('404');
    expect((await ctx.t.post(`${T}/list`, { pageNo: 1, pageSize: 10 }, { token })).body.code).toBe('403');

    for (const [route, body] of [
      [`${R}/list`, { pageNo: 1, pageSize: 10 }],
      [`${R}/readAll`, {}],
    ] as const) {
      expect((await ctx.t.post(route, body, { token: people.alice.token })).body.code).toBe('0');
      expect((await ctx.t.post(route, body)).body.code).toBe('302');
    }
  });
});
