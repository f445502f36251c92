import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AnnouncementText,
  ErrorText,
  Permission,
  announcementSchema,
  noticeListSchema,
  noticeSchema,
  type Announcement,
  type AnnouncementReadRecord,
  type Notice,
  type NoticeList,
  type PageResult,
} from '@care/shared';
import type { PushEnvelope } from '../../platform/push/push-bus.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { useAdminApp, MISSING_ID, buttonActionsOf, resultOf } from '../../test/fixtures.js';

const A = '/online/annountCement';
const routes = {
  list: `${A}/list`,
  add: `${A}/add`,
  edit: `${A}/edit`,
  delete: `${A}/delete`,
  publish: `${A}/publish`,
  revoke: `${A}/revoke`,
  readRecords: `${A}/readRecords`,
  audienceOptions: `${A}/audienceOptions`,
  listByUser: `${A}/listByUser`,
  queryById: `${A}/queryById`,
  markRead: '/online/sysAnnouncementSend/editByAnntIdAndUserId',
};

describe('announcements', () => {
  const ctx = useAdminApp();
  // plain: first department only; sales: member of the 销售测试部 department; named: addressed by name.
  const users = {} as Record<'plain' | 'sales' | 'named' | 'none', { id: string; token: string }>;
  let salesDepartmentId: string;
  let storeDepartmentId: string;
  const pushed: PushEnvelope[] = [];

  const add = async (fields: Record<string, unknown>) => {
    return announcementSchema.parse(await resultOf(ctx.t.post<Announcement>(routes.add, { titile: '通告', msgContent: '<p>内容</p>', ...fields }, { token: ctx.admin })));
  };
  const publish = async (a: Announcement) => {
    return resultOf(ctx.t.post<Announcement>(routes.publish, { id: a.id, version: a.version }, { token: ctx.admin }));
  };
  const bell = async (token: string) => {
    return noticeListSchema.parse(await resultOf(ctx.t.post<NoticeList>(routes.listByUser, {}, { token })));
  };
  const bellIds = async (token: string) => (await bell(token)).anntMsgList.map((n) => n.id);

  beforeAll(async () => {
    ctx.t.ctx.push.subscribe((envelope) => pushed.push(envelope));
    storeDepartmentId = (await ctx.db.insertInto('department').values({ company_id: ctx.companyId, code: 'Z99', name: '测试门店' }).returning('id').executeTakeFirstOrThrow()).id;
    salesDepartmentId = (
      await ctx.db
        .insertInto('department')
        .values({ company_id: ctx.companyId, parent_id: storeDepartmentId, code: 'Z99A01', name: '销售测试部' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const name of ['plain', 'sales', 'named', 'none'] as const) {
      const created = await createUserWith(ctx.db, { username: `annt_${name}`, paths: name === 'none' ? [] : ['/food/messageRecord'] });
      users[name] = { id: created.userId, token: '' };
    }
    await ctx.db.insertInto('user_department').values({ user_id: users.sales.id, department_id: salesDepartmentId }).execute();
    for (const name of Object.keys(users) as (keyof typeof users)[]) users[name].token = await ctx.t.login(`annt_${name}`, TEST_PASSWORD);
  });

  it('seeds the actions as buttons of 系统通告 and opens 我的消息 to every signed-in user', async () => {
    expect(await buttonActionsOf(ctx.db, '/message/announcement')).toEqual(
      [
        Permission.announcementList,
        Permission.announcementAdd,
        Permission.announcementEdit,
        Permission.announcementPublish,
        Permission.announcementRevoke,
        Permission.announcementDelete,
      ].sort(),
    );
    const records = await ctx.db.selectFrom('sys_permission').select('status').where('path', '=', '/food/messageRecord').executeTakeFirstOrThrow();
    expect(records.status).toBe('0');
    // A user holding nothing still gets 我的消息 in the menu.
    const res = await ctx.t.post<{ menu: { path: string; children?: { path: string }[] }[] }>('/online/api/getUserPermissionByToken', {}, { token: users.none.token });
    const paths = res.body.result.menu.flatMap((m) => [m.path, ...(m.children ?? []).map((c) => c.path)]);
    expect(paths).toContain('/food/messageRecord');
    expect(paths).not.toContain('/message/announcement');
  });

  it('shows an announcement to everyone, to a department or to named users only', async () => {
    const all = await publish(await add({ titile: '全员通告', priority: 'H', audienceType: 'all' }));
    const dept = await publish(await add({ titile: '部门通告', priority: 'M', audienceType: 'departments', departmentIds: [salesDepartmentId] }));
    const named = await publish(await add({ titile: '点名通告', audienceType: 'users', userIds: [users.named.id] }));
    expect(all).toMatchObject({ status: 'published', sender: expect.any(String), sendTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    expect(dept.audienceNames).toEqual(['销售测试部']);

    expect(await bellIds(users.plain.token)).toEqual([all.id]);
    expect((await bellIds(users.sales.token)).sort()).toEqual([all.id, dept.id].sort());
    expect((await bellIds(users.named.token)).sort()).toEqual([all.id, named.id].sort());

    // A department's announcement reaches the departments below it, and is listed in its read records.
    const store = await publish(await add({ titile: '门店通告', audienceType: 'departments', departmentIds: [storeDepartmentId] }));
    expect(await bellIds(users.sales.token)).toContain(store.id);
    expect(await bellIds(users.plain.token)).not.toContain(store.id);
    const storeRecords = await ctx.t.post<PageResult<AnnouncementReadRecord>>(routes.readRecords, { anntId: store.id, pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(storeRecords.body.result.records.map((r) => r.username)).toEqual(['annt_sales']);
    expect((await ctx.t.post(routes.markRead, { anntId: store.id }, { token: users.sales.token })).body.code).toBe('0');

    const list = await bell(users.sales.token);
    expect(list.anntMsgTotal).toBe(2);
    expect(list.anntMsgList[0]).toMatchObject({ id: dept.id, titile: '部门通告', priority: 'M', msgCategory: '1', createTime: dept.sendTime });

    // Not addressed: the detail and the read mark answer 404.
    const detail = await ctx.t.get<Notice>(routes.queryById, { id: dept.id }, { token: users.plain.token });
    expect(detail.body.code).toBe('404');
    const mark = await ctx.t.post(routes.markRead, { anntId: named.id }, { token: users.sales.token });
    expect(mark.body.code).toBe('404');
  });

  it('keeps read state per user and lists read records', async () => {
    const a = await publish(await add({ titile: '阅读测试', audienceType: 'users', userIds: [users.plain.id, users.sales.id] }));
    const before = await ctx.t.get<Notice>(routes.queryById, { id: a.id }, { token: users.plain.token });
    expect(before.body.code).toBe('0');
    expect(noticeSchema.parse(before.body.result)).toMatchObject({ titile: '阅读测试', readFlag: '0', msgContent: '<p>内容</p>', msgCategory: '1' });

    const mark = await ctx.t.post(routes.markRead, { anntId: a.id }, { token: users.plain.token });
    expect(mark.body.code).toBe('0');
    // Marking twice is harmless.
    expect((await ctx.t.post(routes.markRead, { anntId: a.id }, { token: users.plain.token })).body.code).toBe('0');
    expect(await bellIds(users.plain.token)).not.toContain(a.id);
    expect(await bellIds(users.sales.token)).toContain(a.id);
    const after = await ctx.t.get<Notice>(routes.queryById, { id: a.id }, { token: users.plain.token });
    expect(after.body.result.readFlag).toBe('1');

    const records = await ctx.t.post<PageResult<AnnouncementReadRecord>>(routes.readRecords, { anntId: a.id, pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(records.body.result.total).toBe(2);
    const byUser = Object.fromEntries(records.body.result.records.map((r) => [r.username, r]));
    expect(byUser.annt_plain).toMatchObject({ readFlag: '1', readTime: expect.any(String), realname: '测试annt_plain' });
    expect(byUser.annt_sales).toMatchObject({ readFlag: '0', readTime: null });
    const unread = await ctx.t.post<PageResult<AnnouncementReadRecord>>(routes.readRecords, { anntId: a.id, readFlag: '0', pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(unread.body.result.records.map((r) => r.username)).toEqual(['annt_sales']);

    const listed = await ctx.t.post<PageResult<Announcement>>(routes.list, { titile: '阅读测试', pageNo: 1, pageSize: 10 }, { token: ctx.admin });
    expect(listed.body.result.records[0]).toMatchObject({ id: a.id, readCount: 1, audienceType: 'users' });
  });

  it('revokes: the announcement leaves every bell, can be edited and published again', async () => {
    const a = await publish(await add({ titile: '将撤销', audienceType: 'all' }));
    expect(await bellIds(users.plain.token)).toContain(a.id);
    expect((await ctx.t.post(routes.edit, { ...a, titile: '改' }, { token: ctx.admin })).body.message).toBe(AnnouncementText.notEditable);
    expect((await ctx.t.post(routes.delete, { id: a.id, version: a.version }, { token: ctx.admin })).body.message).toBe(AnnouncementText.notDeletable);

    const revoked = await ctx.t.post<Announcement>(routes.revoke, { id: a.id, version: a.version }, { token: ctx.admin });
    expect(revoked.body).toMatchObject({ code: '0', message: AnnouncementText.revoked, result: { status: 'revoked', revokeTime: expect.any(String) } });
    expect(await bellIds(users.plain.token)).not.toContain(a.id);
    expect((await ctx.t.get(routes.queryById, { id: a.id }, { token: users.plain.token })).body.code).toBe('404');
    const again = await ctx.t.post(routes.revoke, { id: a.id, version: revoked.body.result.version }, { token: ctx.admin });
    expect(again.body).toMatchObject({ code: '101', message: AnnouncementText.notRevocable });

    const edited = await ctx.t.post<Announcement>(routes.edit, { ...revoked.body.result, titile: '改后重发' }, { token: ctx.admin });
    expect(edited.body.code, edited.body.message).toBe('0');
    const republished = await publish(edited.body.result);
    expect(republished.status).toBe('published');
    expect((await bell(users.plain.token)).anntMsgList.find((n) => n.id === a.id)?.titile).toBe('改后重发');
  });

  it('never shows drafts, and refuses stale versions', async () => {
    const draft = await add({ titile: '草稿', audienceType: 'all' });
    expect(await bellIds(users.plain.token)).not.toContain(draft.id);
    expect((await ctx.t.get(routes.queryById, { id: draft.id }, { token: users.plain.token })).body.code).toBe('404');

    const edited = await ctx.t.post<Announcement>(routes.edit, { ...draft, titile: '草稿2' }, { token: ctx.admin });
    expect(edited.body.result.version).toBe(draft.version + 1);
    const stale = await ctx.t.post(routes.edit, { ...draft, titile: '草稿3' }, { token: ctx.admin });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await ctx.t.post(routes.publish, { id: draft.id, version: draft.version }, { token: ctx.admin })).body.message).toBe(ErrorText.staleVersion);

    const deleted = await ctx.t.post(routes.delete, { id: draft.id, version: edited.body.result.version }, { token: ctx.admin });
    expect(deleted.body).toMatchObject({ code: '0', message: AnnouncementText.deleted });
    expect(await ctx.db.selectFrom('announcement').select('id').where('id', '=', draft.id).executeTakeFirst()).toBeUndefined();
  });

  it('validates the audience and the target page', async () => {
    const noDept = await ctx.t.post(routes.add, { titile: 'x', msgContent: 'y', audienceType: 'departments', departmentIds: [] }, { token: ctx.admin });
    expect(noDept.body.code).toBe('101');
    expect(noDept.body.message).toContain('请选择接收部门!');
    const unknownUser = await ctx.t.post(routes.add, { titile: 'x', msgContent: 'y', audienceType: 'users', userIds: [MISSING_ID] }, { token: ctx.admin });
    expect(unknownUser.body).toMatchObject({ code: '101', message: AnnouncementText.unknownUser });
    for (const openPage of ['javascript:alert(1)', '//evil.example/x', 'https://evil.example/']) {
      const res = await ctx.t.post(routes.add, { titile: 'x', msgContent: 'y', openType: 'url', openPage }, { token: ctx.admin });
      expect(res.body.code, openPage).toBe('101');
    }
    const ok = await ctx.t.post<Announcement>(routes.add, { titile: 'x', msgContent: 'y', openType: 'url', openPage: '/crm/lead', busId: 'L-1' }, { token: ctx.admin });
    expect(ok.body.result).toMatchObject({ openType: 'url', openPage: '/crm/lead', busId: 'L-1' });
  });

  it('removes script, event handlers and javascript: links from stored HTML (SECURITY.md: stored HTML)', async () => {
    const attack =
      '<p>正文<script>alert(1)</script></p><img src="https://x.example/a.png" onerror="alert(2)"><a href="javascript:alert(3)">点我</a>' +
      '<a href="/app/crm/lead" target="_blank">好链接</a><div style="position:fixed;color:red" onclick="x()">块</div><iframe src="https://x.example"></iframe>' +
      '<img src="data:image/svg+xml;base64,PHN2Zz4=">';
    const a = await publish(await add({ titile: '攻击', msgContent: attack, audienceType: 'all' }));
    const stored = (await ctx.db.selectFrom('announcement').select('content').where('id', '=', a.id).executeTakeFirstOrThrow()).content;
    const read = (await ctx.t.get<Notice>(routes.queryById, { id: a.id }, { token: users.plain.token })).body.result.msgContent;
    for (const html of [stored, a.msgContent, read]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|data:|position/i);
      expect(html).toContain('<p>正文</p>');
      expect(html).toContain('<img src="https://x.example/a.png" />');
      expect(html).toContain('<a>点我</a>');
      expect(html).toContain('<a href="/app/crm/lead" target="_blank" rel="noopener noreferrer">好链接</a>');
      expect(html).toContain('<div style="color:red">块</div>');
    }
  });

  it('pushes a notice to the company for everyone and to each addressed user otherwise', async () => {
    // Delivery may go through PostgreSQL NOTIFY, so it can arrive a moment after the answer.
    const about = (id: string) => pushed.filter((p) => (p.event.payload as { id?: string }).id === id);
    const all = await publish(await add({ titile: '推送全员', priority: 'H', msgContent: '<p>你好&amp;<b>世界</b></p><p>第二段</p>', audienceType: 'all' }));
    await vi.waitFor(() => expect(about(all.id)).toHaveLength(1));
    expect(about(all.id)[0]).toEqual({
      audience: { scope: 'company', companyId: ctx.companyId },
      event: {
        kind: 'notice',
        payload: expect.objectContaining({ id: all.id, msgCategory: '1', title: '推送全员', priority: 'H', content: '你好&世界 第二段', createTime: all.sendTime }),
      },
    });
    const dept = await publish(await add({ titile: '推送部门', audienceType: 'departments', departmentIds: [salesDepartmentId] }));
    await vi.waitFor(() => expect(about(dept.id)).toHaveLength(1));
    expect(about(dept.id)[0]!.audience).toEqual({ scope: 'user', userId: users.sales.id });
    expect(about(dept.id)[0]!.event.kind).toBe('notice');
  });

  it('scopes everything to the session company', async () => {
    const other = await ctx.db.insertInto('company').values({ code: 'OTHER_ANNT', name: '别家公司' }).returning('id').executeTakeFirstOrThrow();
    const foreign = await ctx.db
      .insertInto('announcement')
      .values({ company_id: other.id, title: '别家', content: 'x', priority: 'L', open_type: null, open_page: null, bus_id: null, audience_type: 'all', status: 'published', sender_id: null, send_time: new Date(), revoke_time: null, created_by: null, updated_by: null })
      .returning(['id', 'version'])
      .executeTakeFirstOrThrow();
    expect(await bellIds(users.plain.token)).not.toContain(foreign.id);
    expect((await ctx.t.get(routes.queryById, { id: foreign.id }, { token: users.plain.token })).body.code).toBe('404');
    expect((await ctx.t.post(routes.markRead, { anntId: foreign.id }, { token: users.plain.token })).body.code).toBe('404');
    for (const route of [routes.revoke, routes.delete, routes.publish]) {
      expect((await ctx.t.post(route, { id: foreign.id, version: foreign.version }, { token: ctx.admin })).body.code, route).toBe('404');
    }
    expect((await ctx.t.post(routes.readRecords, { anntId: foreign.id, pageNo: 1, pageSize: 10 }, { token: ctx.admin })).body.code).toBe('404');
    const listed = await ctx.t.post<PageResult<Announcement>>(routes.list, { pageNo: 1, pageSize: 100 }, { token: ctx.admin });
    expect(listed.body.result.records.map((r) => r.id)).not.toContain(foreign.id);
    const otherDept = await ctx.db.insertInto('department').values({ company_id: other.id, code: 'X01', name: '别家部门' }).returning('id').executeTakeFirstOrThrow();
    const res = await ctx.t.post(routes.add, { titile: 'x', msgContent: 'y', audienceType: 'departments', departmentIds: [otherDept.id] }, { token: ctx.admin });
    expect(res.body).toMatchObject({ code: '101', message: AnnouncementText.unknownDepartment });
  });

  it('offers the audience pickers', async () => {
    const res = await ctx.t.post<{ departments: { name: string }[]; users: { username: string }[] }>(routes.audienceOptions, { keyword: 'annt_sa' }, { token: ctx.admin });
    expect(res.body.result.departments.map((d) => d.name)).toContain('销售测试部');
    expect(res.body.result.users.map((u) => u.username)).toEqual(['annt_sales']);
  });

  it('answers 403 to a user lacking each action, and the bell to anyone signed in', async () => {
    const a = await add({ titile: '权限' });
    const calls: [string, string, Record<string, unknown>][] = [
      [routes.list, Permission.announcementList, { pageNo: 1, pageSize: 10 }],
      [routes.add, Permission.announcementAdd, { titile: 'x', msgContent: 'y' }],
      [routes.edit, Permission.announcementEdit, { ...a }],
      [routes.delete, Permission.announcementDelete, { id: a.id, version: a.version }],
      [routes.publish, Permission.announcementPublish, { id: a.id, version: a.version }],
      [routes.revoke, Permission.announcementRevoke, { id: a.id, version: a.version }],
      [routes.readRecords, Permission.announcementList, { anntId: a.id, pageNo: 1, pageSize: 10 }],
      [routes.audienceOptions, Permission.announcementList, {}],
    ];
    for (const [route, action, body] of calls) {
      const res = await ctx.t.post(route, body, { token: users.none.token });
      expect(res.body.code, `${route} without ${action}`).toBe('403');
      expect(res.status).toBe(403);
    }
    const allowed = await createUserWith(ctx.db, { username: 'annt_lister', actions: [Permission.announcementList] });
    const token = await ctx.t.login('annt_lister', TEST_PASSWORD);
    expect((await ctx.t.post(routes.list, { pageNo: 1, pageSize: 10 }, { token })).body.code).toBe('0');
    expect((await ctx.t.post(routes.add, { titile: 'x', msgContent: 'y' }, { token })).body.code).toBe('403');
    expect(allowed.userId).toBeTruthy();
    // The bell needs only a session.
    expect((await ctx.t.post(routes.listByUser, {}, { token: users.none.token })).body.code).toBe('0');
    expect((await ctx.t.post(routes.listByUser, {})).body.code).toBe('302');
  });
});
