import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, groupMemberSchema, Permission, SecurityGroupText, type GroupMember, type PageResult, type SecurityGroup } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { MISSING_ID, signedInUser, superGroupIdOf, useAdminApp, resultOf } from '../../test/fixtures.js';

const API = '/online/api';
const routes = {
  list: `${API}/listSysSecurityGroupUsers`,
  add: `${API}/addSysSecurityGroupUsers`,
  remove: `${API}/removeSysSecurityGroupUsers`,
};

describe('security group members', () => {
  const ctx = useAdminApp();
  let superGroupId: string;

  const create = async (code: string) => {
    return resultOf(ctx.t.post<SecurityGroup>(`${API}/createSysSecurityGroup`, { code, name: `组${code}` }, { token: ctx.admin }));
  };
  const members = async (groupId: string, extra: Record<string, unknown> = {}, token = ctx.admin) =>
    (await ctx.t.post<PageResult<GroupMember>>(routes.list, { groupId, pageNo: 1, pageSize: 50, ...extra }, { token })).body;
  const memberIds = async (groupId: string) =>
    (await ctx.db.selectFrom('user_security_group').select('user_id').where('group_id', '=', groupId).execute()).map((r) => r.user_id).sort();

  beforeAll(async () => {
    superGroupId = await superGroupIdOf(ctx.db, ctx.companyId);
  });

  it('adds users, lists members and non-members with a keyword and paging, removes users', async () => {
    const group = await create('members_a');
    const { userId: a } = await createUserWith(ctx.db, { username: 'mem_alpha' });
    const { userId: b } = await createUserWith(ctx.db, { username: 'mem_beta' });

    expect((await members(group.id)).result).toMatchObject({ total: 0, records: [] });
    const outside = await members(group.id, { member: false, keyword: 'mem_' });
    expect(outside.result.records.map((r) => r.username)).toEqual(['mem_alpha', 'mem_beta']);

    const added = await ctx.t.post(routes.add, { groupId: group.id, userIds: [a, b, a] }, { token: ctx.admin });
    expect(added.body).toMatchObject({ success: true, code: '0', message: SecurityGroupText.saved });
    // Adding someone already in is harmless.
    expect((await ctx.t.post(routes.add, { groupId: group.id, userIds: [a] }, { token: ctx.admin })).body.code).toBe('0');
    expect(await memberIds(group.id)).toEqual([a, b].sort());

    const listed = await members(group.id);
    expect(listed.result.total).toBe(2);
    expect(groupMemberSchema.strict().safeParse(listed.result.records[0]).success).toBe(true);
    expect(listed.result.records[0]).toMatchObject({ id: a, username: 'mem_alpha', firstName: '测试mem_alpha', status: 'enabled' });
    expect((await members(group.id, { keyword: 'BETA' })).result.records.map((r) => r.id)).toEqual([b]);
    const paged = await members(group.id, { pageSize: 1, pageNo: 2, column: 'username', order: 'desc' });
    expect(paged.result).toMatchObject({ total: 2, pages: 2, records: [{ username: 'mem_alpha' }] });
    expect((await members(group.id, { member: false, keyword: 'mem_' })).result.total).toBe(0);

    const removed = await ctx.t.post(routes.remove, { groupId: group.id, userIds: [b] }, { token: ctx.admin });
    expect(removed.body).toMatchObject({ success: true, code: '0' });
    expect(await memberIds(group.id)).toEqual([a]);
  });

  it('refuses bad input with the Chinese messages and unknown sort keys', async () => {
    const group = await create('members_bad');
    expect((await ctx.t.post(routes.add, { groupId: group.id, userIds: [] }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: 'userIds: 请选择用户!' });
    expect((await ctx.t.post(routes.list, { groupId: group.id, column: 'password_hash' }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: 'column: 不支持的排序字段' });
  });

  it('answers 404 for a group or a user of another company and changes nothing', async () => {
    const other = await ctx.db.insertInto('company').values({ code: 'OTHER_M', name: '他司' }).returning('id').executeTakeFirstOrThrow();
    const foreign = await ctx.db.insertInto('security_group').values({ company_id: other.id, code: 'foreign_m', name: '他司组' }).returning('id').executeTakeFirstOrThrow();
    const { userId: outsider } = await createUserWith(ctx.db, { username: 'mem_outsider' });
    await ctx.db.deleteFrom('user_company').where('user_id', '=', outsider).execute();
    await ctx.db.insertInto('user_company').values({ user_id: outsider, company_id: other.id }).execute();
    const { userId: local } = await createUserWith(ctx.db, { username: 'mem_local' });
    const mine = await create('members_mine');

    expect((await members(foreign.id)).code).toBe('404');
    expect((await members(MISSING_ID)).code).toBe('404');
    expect((await ctx.t.post(routes.add, { groupId: foreign.id, userIds: [local] }, { token: ctx.admin })).body.code).toBe('404');
    expect((await ctx.t.post(routes.add, { groupId: mine.id, userIds: [local, outsider] }, { token: ctx.admin })).body.code).toBe('404');
    expect((await ctx.t.post(routes.remove, { groupId: mine.id, userIds: [outsider] }, { token: ctx.admin })).body.code).toBe('404');
    expect(await memberIds(mine.id)).toEqual([]);
    expect(await memberIds(foreign.id)).toEqual([]);
    // The other company's user is not offered as a candidate either.
    expect((await members(mine.id, { member: false, keyword: 'mem_outsider' })).result.total).toBe(0);
  });

  it('only a super administrator may add someone to an all-permissions group', async () => {
    const { token: manager } = await signedInUser(ctx.t, 'mem_manager', { actions: [Permission.groupMembers] });
    const { userId } = await createUserWith(ctx.db, { username: 'mem_climber' });
    const refused = await ctx.t.post(routes.add, { groupId: superGroupId, userIds: [userId] }, { token: manager });
    expect(refused.body).toMatchObject({ code: '403', message: SecurityGroupText.superGroupOnly });
    expect(await ctx.db.selectFrom('user_security_group').select('user_id').where('group_id', '=', superGroupId).where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
    expect((await ctx.t.post(routes.add, { groupId: superGroupId, userIds: [userId] }, { token: ctx.admin })).body.code).toBe('0');
  });

  it('needs system:securityGroup:members for each route; a new member’s next request holds the group’s permissions', async () => {
    const group = await create('members_perm');
    const { userId } = await createUserWith(ctx.db, { username: 'mem_subject' });
    await createUserWith(ctx.db, { username: 'mem_no_action', paths: ['/system/securityGroup'], actions: [Permission.groupList] });
    await createUserWith(ctx.db, { username: 'mem_with_action', actions: [Permission.groupMembers] });
    const without = await ctx.t.login('mem_no_action', TEST_PASSWORD);
    const withAction = await ctx.t.login('mem_with_action', TEST_PASSWORD);
    const bodies = { list: { groupId: group.id }, add: { groupId: group.id, userIds: [userId] }, remove: { groupId: group.id, userIds: [userId] } };
    for (const name of ['list', 'add', 'remove'] as const) {
      const res = await ctx.t.post(routes[name], bodies[name], { token: without });
      expect(res.status, name).toBe(403);
      expect(res.body, name).toMatchObject({ code: '403', message: ErrorText.forbidden });
      expect((await ctx.t.post(routes[name], bodies[name], { token: withAction })).body, name).toMatchObject({ success: true, code: '0' });
    }

    // The group grants 查看用户; membership decides on the subject's next request.
    const listUsers = (await ctx.db.selectFrom('sys_permission').select('id').where('action', '=', Permission.userList).executeTakeFirstOrThrow()).id;
    await ctx.t.post(`${API}/saveSysSecurityPermissionToSecurityGroup`, { groupId: group.id, permissionIds: [listUsers] }, { token: ctx.admin });
    const subject = await ctx.t.login('mem_subject', TEST_PASSWORD);
    expect((await ctx.t.post('/online/api/getUserList', {}, { token: subject })).status).toBe(403);
    await ctx.t.post(routes.add, { groupId: group.id, userIds: [userId] }, { token: ctx.admin });
    expect((await ctx.t.post('/online/api/getUserList', {}, { token: subject })).status).toBe(200);
    await ctx.t.post(routes.remove, { groupId: group.id, userIds: [userId] }, { token: ctx.admin });
    expect((await ctx.t.post('/online/api/getUserList', {}, { token: subject })).status).toBe(403);
  });
});
