import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, Permission, SecurityGroupText, securityGroupSchema, type PageResult, type SecurityGroup } from '@care/shared';
import { createUserWith } from '../../test/test-users.js';
import { MISSING_ID, signedInUser, permissionId, superGroupIdOf, useAdminApp, expectEachForbidden, type RouteCall, buttonActionsOf, resultOf } from '../../test/fixtures.js';

const API = '/online/api';
const routes = {
  list: `${API}/listSysSecurityGroup`,
  create: `${API}/createSysSecurityGroup`,
  update: `${API}/updateSysSecurityGroup`,
  byUser: `${API}/listSysSecurityGroupByUserId`,
  saveUser: `${API}/saveSysSecurityGroupToUser`,
  perms: `${API}/listSysSecurityPermissionBySecurityGroup`,
  savePerms: `${API}/saveSysSecurityPermissionToSecurityGroup`,
};

describe('security groups', () => {
  const ctx = useAdminApp();
  let superGroupId: string;

  const permId = (action: string) => permissionId(ctx.db, { action });
  const create = async (code: string, extra: Record<string, unknown> = {}) => {
    return resultOf(ctx.t.post<SecurityGroup>(routes.create, { code, name: `组${code}`, ...extra }, { token: ctx.admin }));
  };
  const groupRow = (id: string) => ctx.db.selectFrom('security_group').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    superGroupId = await superGroupIdOf(ctx.db, ctx.companyId);
  });

  describe('permissions', () => {
    const calls = async (target: SecurityGroup, userId: string): Promise<RouteCall<typeof routes>[]> => [
      ['list', Permission.groupList, { pageNo: 1, pageSize: 10 }],
      ['create', Permission.groupAdd, { code: `c_${Math.random().toString(36).slice(2, 8)}`, name: '新组' }],
      ['update', Permission.groupEdit, { id: target.id, version: (await groupRow(target.id)).version, code: target.code, name: '改名' }],
      ['byUser', Permission.groupMembers, { userId }],
      ['saveUser', Permission.groupMembers, { userId, groupIds: [target.id] }],
      ['perms', Permission.groupPermissions, { groupId: target.id }],
      // Only what the caller holds may be granted (issue 13): the holder of just this action grants it.
      ['savePerms', Permission.groupPermissions, { groupId: target.id, permissionIds: [await permId(Permission.groupPermissions)] }],
    ];

    it('seeds the actions as buttons of 安全组', async () => {
      expect(await buttonActionsOf(ctx.db, '/system/securityGroup')).toEqual(
        [Permission.groupList, Permission.groupAdd, Permission.groupEdit, Permission.groupMembers, Permission.groupPermissions].sort(),
      );
    });

    it('refuses every route with 403 to a user holding the menu but none of the actions', async () => {
      const target = await create('perm_target_a');
      const { token, userId } = await signedInUser(ctx.t, 'group_menu_only', { paths: ['/system/securityGroup'] });
      await expectEachForbidden(ctx.t, routes, await calls(target, userId), token);
      expect((await groupRow(target.id)).version).toBe(1);
    });

    it('accepts each route for a user holding just its action', async () => {
      const target = await create('perm_target_b');
      const { userId } = await createUserWith(ctx.db, { username: 'group_subject' });
      for (const [name, action] of await calls(target, userId)) {
        const username = `group_${name}`;
        const { token } = await signedInUser(ctx.t, username, { actions: [action] });
        const body = (await calls(target, userId)).find(([n]) => n === name)![2];
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body, name).toMatchObject({ success: true, code: '0' });
        const other = (await calls(target, userId)).find(([, a]) => a !== action)!;
        expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
      }
    });
  });

  describe('groups', () => {
    it('creates, lists with paging and refuses a duplicate code', async () => {
      // 护理组, not 护理: the demo company also has the seeded 护理主管 (seed/demo-roles.ts).
      const group = await create('nurse', { name: ' 护理组 ', description: '护理人员' });
      expect(securityGroupSchema.strict().safeParse(group).success).toBe(true);
      expect(group).toMatchObject({ code: 'nurse', name: '护理组', description: '护理人员', allPermissions: false, enabled: true, version: 1 });
      const dup = await ctx.t.post(routes.create, { code: 'nurse', name: '重复' }, { token: ctx.admin });
      expect(dup.body).toMatchObject({ success: false, code: '101', message: SecurityGroupText.codeTaken });
      const page = await ctx.t.post<PageResult<SecurityGroup>>(routes.list, { pageNo: 1, pageSize: 1, name: '护理组', column: 'code' }, { token: ctx.admin });
      expect(page.body.result).toMatchObject({ total: 1, records: [{ code: 'nurse' }] });
      expect((await ctx.t.post(routes.list, { column: 'company_id' }, { token: ctx.admin })).body.code).toBe('101');
    });

    it('edits with an optimistic version: a stale version answers 101 and changes nothing', async () => {
      const group = await create('versioned');
      const first = await ctx.t.post<SecurityGroup>(routes.update, { id: group.id, version: 1, code: 'versioned', name: '第二版' }, { token: ctx.admin });
      expect(first.body.result).toMatchObject({ name: '第二版', version: 2 });
      const stale = await ctx.t.post(routes.update, { id: group.id, version: 1, code: 'versioned', name: '覆盖' }, { token: ctx.admin });
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect(await groupRow(group.id)).toMatchObject({ name: '第二版', version: 2 });
      expect((await ctx.t.post(routes.update, { id: group.id, version: 2, code: 'nurse', name: 'x' }, { token: ctx.admin })).body.message).toBe(SecurityGroupText.codeTaken);
      expect((await ctx.t.post(routes.update, { id: MISSING_ID, version: 1, code: 'zz', name: 'x' }, { token: ctx.admin })).body.code).toBe('404');
    });
  });

  describe('members and permissions', () => {
    it('a permission given to and taken from a group takes effect on the member’s next request', async () => {
      const group = await create('live_group');
      const { token, userId } = await signedInUser(ctx.t, 'live_member');
      expect((await ctx.t.post('/online/api/getUserList', {}, { token })).status).toBe(403);
      expect((await ctx.t.post(routes.saveUser, { userId, groupIds: [group.id] }, { token: ctx.admin })).body.code).toBe('0');
      expect((await ctx.t.post(routes.savePerms, { groupId: group.id, permissionIds: [await permId(Permission.userList)] }, { token: ctx.admin })).body.code).toBe('0');
      expect((await ctx.t.post(routes.perms, { groupId: group.id }, { token: ctx.admin })).body.result).toEqual([await permId(Permission.userList)]);
      expect((await ctx.t.post('/online/api/getUserList', {}, { token })).status).toBe(200);
      // Disabling the group withdraws it.
      await ctx.t.post(routes.update, { id: group.id, version: 1, code: 'live_group', name: group.name, enabled: false }, { token: ctx.admin });
      expect((await ctx.t.post('/online/api/getUserList', {}, { token })).status).toBe(403);
      await ctx.t.post(routes.update, { id: group.id, version: 2, code: 'live_group', name: group.name, enabled: true }, { token: ctx.admin });
      expect((await ctx.t.post('/online/api/getUserList', {}, { token })).status).toBe(200);
      expect((await ctx.t.post(routes.savePerms, { groupId: group.id, permissionIds: [] }, { token: ctx.admin })).body.code).toBe('0');
      expect((await ctx.t.post('/online/api/getUserList', {}, { token })).status).toBe(403);
    });

    it('replaces a user’s groups of the company and lists them', async () => {
      const [a, b] = [await create('member_a'), await create('member_b')];
      const { userId, groupId: own } = await createUserWith(ctx.db, { username: 'member_user' });
      await ctx.t.post(routes.saveUser, { userId, groupIds: [a.id, b.id, a.id] }, { token: ctx.admin });
      const listed = await ctx.t.post<SecurityGroup[]>(routes.byUser, { userId }, { token: ctx.admin });
      expect(listed.body.result.map((g) => g.code)).toEqual(['member_a', 'member_b']);
      expect(await ctx.db.selectFrom('user_security_group').select('group_id').where('user_id', '=', userId).where('group_id', '=', own).executeTakeFirst()).toBeUndefined();
      await ctx.t.post(routes.saveUser, { userId, groupIds: [] }, { token: ctx.admin });
      expect((await ctx.t.post<SecurityGroup[]>(routes.byUser, { userId }, { token: ctx.admin })).body.result).toEqual([]);
    });

    it('only a super administrator may put someone into an all-permissions group', async () => {
      const { token: manager } = await signedInUser(ctx.t, 'member_manager', { actions: [Permission.groupMembers] });
      const { userId: accomplice } = await createUserWith(ctx.db, { username: 'accomplice' });
      const self = (await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'member_manager').executeTakeFirstOrThrow()).id;
      for (const target of [self, accomplice]) {
        const res = await ctx.t.post(routes.saveUser, { userId: target, groupIds: [superGroupId] }, { token: manager });
        expect(res.body).toMatchObject({ code: '403', message: SecurityGroupText.superGroupOnly });
        expect(await ctx.db.selectFrom('user_security_group').select('group_id').where('user_id', '=', target).where('group_id', '=', superGroupId).executeTakeFirst()).toBeUndefined();
      }
      // An ordinary group is still the manager's to give; the super administrator may give the super group.
      const plain = await create('plain_for_accomplice');
      expect((await ctx.t.post(routes.saveUser, { userId: accomplice, groupIds: [plain.id] }, { token: manager })).body.code).toBe('0');
      expect((await ctx.t.post(routes.saveUser, { userId: accomplice, groupIds: [plain.id, superGroupId] }, { token: ctx.admin })).body.code).toBe('0');
    });

    it('answers every permission for an all-permissions group and refuses to edit its permissions', async () => {
      const all = await ctx.t.post<string[]>(routes.perms, { groupId: superGroupId }, { token: ctx.admin });
      const total = await ctx.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(all.body.result.length).toBe(Number(total.n));
      const res = await ctx.t.post(routes.savePerms, { groupId: superGroupId, permissionIds: [] }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101', message: SecurityGroupText.allPermissionsGroup });
      expect((await ctx.t.post(routes.savePerms, { groupId: (await create('unknown_perm')).id, permissionIds: [MISSING_ID] }, { token: ctx.admin })).body).toMatchObject({
        code: '101',
        message: SecurityGroupText.unknownPermission,
      });
    });

    it('answers 404 for groups and users of another company and changes nothing', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'OTHER_G', name: '他司' }).returning('id').executeTakeFirstOrThrow();
      const foreign = await ctx.db.insertInto('security_group').values({ company_id: other.id, code: 'foreign', name: '他司组' }).returning('id').executeTakeFirstOrThrow();
      const { userId } = await createUserWith(ctx.db, { username: 'foreign_member' });
      await ctx.db.deleteFrom('user_company').where('user_id', '=', userId).execute();
      await ctx.db.insertInto('user_company').values({ user_id: userId, company_id: other.id }).execute();
      const mine = await create('mine_group');
      const { userId: localId } = await createUserWith(ctx.db, { username: 'local_member' });
      expect((await ctx.t.post(routes.update, { id: foreign.id, version: 1, code: 'foreign', name: '越权' }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.perms, { groupId: foreign.id }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.savePerms, { groupId: foreign.id, permissionIds: [] }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.byUser, { userId }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.saveUser, { userId, groupIds: [mine.id] }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.saveUser, { userId: localId, groupIds: [foreign.id] }, { token: ctx.admin })).body.code).toBe('404');
      expect(await groupRow(foreign.id)).toMatchObject({ name: '他司组', version: 1 });
      expect(await ctx.db.selectFrom('user_security_group').select('group_id').where('group_id', 'in', [foreign.id, mine.id]).execute()).toEqual([]);
    });
  });
});
