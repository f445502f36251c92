import { beforeAll, describe, expect, it } from 'vitest';
import { Permission, type AdminUser, type AdminUserDetail, type Department, type DepartmentTreeNode, type MenuItem, type PageResult, type PermissionResult } from '@care/shared';
import { type MenuSeed, assembleProductMenu } from '../modules/permission/permission.seed.js';
import { modules } from '../modules/index.js';
import { conditionAllowed, findDataRuleResource } from '../platform/data-rules/registry.js';
import { useTestApp } from '../test/fixtures.js';
import { DEMO_COMPANY_CODE, demoDataRules, demoRoles, seedDemoRolesIfEmpty } from './demo-roles.js';

const productMenu = assembleProductMenu(modules);

const PERMS = '/online/api/getUserPermissionByToken';
const DOMAIN_ROLES = ['超级管理员', '店长', '销售顾问', '财务', '护理主管', '月嫂管理', '客服'];

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
const seedPaths = productMenu.flatMap(function walk(n: MenuSeed): string[] {
  return [n.path, ...(n.children ?? []).flatMap(walk)];
});

describe('demo roles (DEMO_DATA on)', () => {
  const ctx = useTestApp();
  const menus = new Map<string, PermissionResult>();
  beforeAll(async () => {
    for (const user of demoRoles.flatMap((r) => r.users)) {
      const token = await ctx.t.login(user.username);
      const res = await ctx.t.post<PermissionResult>(PERMS, {}, { token });
      expect(res.body.code).toBe('0');
      menus.set(user.username, res.body.result);
    }
  });

  const paths = (username: string) => new Set(flatten(menus.get(username)!.menu).map((m) => m.path));
  const topTitles = (username: string) => menus.get(username)!.menu.map((m) => m.meta.title);

  it('seeds every role of DOMAIN.md as a security group of the demo company', async () => {
    const company = await ctx.db.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirstOrThrow();
    const groups = await ctx.db.selectFrom('security_group').select(['name', 'enabled']).where('company_id', '=', company.id).execute();
    expect(groups.map((g) => g.name).sort()).toEqual([...DOMAIN_ROLES].sort());
    expect(groups.every((g) => g.enabled)).toBe(true);
  });

  it('uses only menu paths and actions of the product menu, and unique usernames and valid phones', () => {
    for (const role of demoRoles) {
      for (const path of role.paths) expect(seedPaths, `${role.name} ${path}`).toContain(path);
    }
    const users = demoRoles.flatMap((r) => r.users);
    expect(new Set(users.map((u) => u.username)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.phone)).size).toBe(users.length);
    for (const u of users) {
      expect(u.phone).toMatch(/^13\d{9}$/);
      expect(u.username).toMatch(/^[a-z0-9.]+$/);
      expect(u.firstName).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
  });

  it('lets every demo user sign in with the admin password and see exactly the menus of their role', () => {
    for (const role of demoRoles) {
      for (const user of role.users) {
        const got = paths(user.username);
        for (const path of role.paths) expect(got.has(path), `${user.username} ${path}`).toBe(true);
        // Only the 店长 reaches system administration: their store's users and departments.
        expect(got.has('/system'), user.username).toBe(role.code === 'store_manager');
        expect(got.has('/system/user'), user.username).toBe(role.code === 'store_manager');
        expect(got.has('/system/securityGroup'), user.username).toBe(false);
        const auth = menus.get(user.username)!.auth.map((a) => a.action);
        for (const action of role.actions) expect(auth, `${user.username} ${action}`).toContain(action);
      }
    }
  });

  it('shows each role the folders that fit it', () => {
    expect(topTitles('nanshan.sales1')).toContain('客户管理');
    expect(topTitles('nanshan.sales1')).not.toContain('系统管理');
    expect(topTitles('nanshan.sales1')).not.toContain('财务管理');
    expect(topTitles('hq.finance')).toContain('财务管理');
    expect(topTitles('hq.finance')).not.toContain('客户管理');
    expect(topTitles('futian.manager')).toEqual(expect.arrayContaining(['客户管理', '订单合同', '房间管理', '服务管理', '门店', '报表']));
    expect(topTitles('nanshan.nursing')).toEqual(expect.arrayContaining(['服务管理', '房间管理', '门店']));
    expect(topTitles('nanshan.nurses')).toEqual(expect.arrayContaining(['服务管理', '报表', 'BI 分析']));
    expect(topTitles('hq.service')).toEqual(expect.arrayContaining(['客户管理', '消息中心']));
    expect(paths('hq.service').has('/food/messageRecord')).toBe(true);
  });

  it('puts the users in the departments of their role', async () => {
    const rows = await ctx.db
      .selectFrom('app_user as u')
      .innerJoin('department as d', 'd.id', 'u.department_id')
      .leftJoin('department as p', 'p.id', 'd.parent_id')
      .innerJoin('user_department as ud', (j) => j.onRef('ud.user_id', '=', 'u.id').onRef('ud.department_id', '=', 'u.department_id'))
      .select(['u.username', 'd.name', 'p.name as parent'])
      .execute();
    const where = (username: string) => {
      const row = rows.find((r) => r.username === username)!;
      return row.parent ? `${row.parent}/${row.name}` : row.name;
    };
    for (const user of demoRoles.flatMap((r) => r.users)) expect(where(user.username), user.username).toBe(user.department);
    expect(where('nanshan.manager')).toBe('南山店');
    expect(where('futian.sales2')).toBe('福田店/销售部');
    expect(where('hq.finance')).toBe('总部/财务部');
  });

  it('makes the users marked as heads the heads of their departments', async () => {
    const rows = await ctx.db.selectFrom('department as d').innerJoin('app_user as u', 'u.id', 'd.head_user_id').select(['u.username', 'd.id']).execute();
    const heads = demoRoles.flatMap((r) => r.users).filter((u) => u.head);
    expect(rows.map((r) => r.username).sort()).toEqual(heads.map((u) => u.username).sort());
    for (const row of rows) {
      const user = await ctx.db.selectFrom('app_user').select('department_id').where('username', '=', row.username).executeTakeFirstOrThrow();
      expect(user.department_id, row.username).toBe(row.id);
    }
    const token = await ctx.t.login('nanshan.manager');
    const top = await ctx.t.post<Department[]>('/online/api/getEcPartyGroupLazy', {}, { token });
    expect(top.body.result).toEqual([expect.objectContaining({ name: '南山店', headUserName: '王丽娟' })]);
  });

  it('seeds data rules on columns their resources register, with conditions their types allow', async () => {
    const rows = await ctx.db
      .selectFrom('data_rule as r')
      .innerJoin('sys_permission as p', 'p.id', 'r.permission_id')
      .innerJoin('company as c', 'c.id', 'r.company_id')
      .select(['p.path', 'r.resource', 'r.column_key', 'r.condition', 'r.value', 'r.enabled', 'c.code'])
      .where('r.resource', 'in', [...new Set(demoDataRules.map((rule) => rule.resource))])
      .execute();
    expect(rows).toHaveLength(demoDataRules.length);
    for (const rule of demoDataRules) {
      expect(rows).toContainEqual({ path: rule.path, resource: rule.resource, column_key: rule.columnKey, condition: rule.condition, value: rule.value, enabled: true, code: DEMO_COMPANY_CODE });
      const column = findDataRuleResource(rule.resource)?.columns.get(rule.columnKey);
      expect(column, `${rule.resource}.${rule.columnKey}`).toBeDefined();
      expect(conditionAllowed(column!, rule.condition)).toBe(true);
    }
  });

  it('a 店长 sees the users and departments of their own store only, even asking by id', async () => {
    const token = await ctx.t.login('nanshan.manager');
    const list = await ctx.t.post<PageResult<AdminUser>>('/online/api/getUserList', { pageSize: 100 }, { token });
    expect(list.body.code).toBe('0');
    const nanshan = demoRoles.flatMap((r) => r.users).filter((u) => u.department.startsWith('南山店'));
    expect(list.body.result.records.map((u) => u.username).sort()).toEqual(nanshan.map((u) => u.username).sort());

    const futian = await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'futian.sales1').executeTakeFirstOrThrow();
    const colleague = await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'nanshan.sales1').executeTakeFirstOrThrow();
    expect((await ctx.t.post('/online/adminUser/queryById', { id: futian.id }, { token })).body).toMatchObject({ success: false, code: '404' });
    expect((await ctx.t.post<AdminUserDetail>('/online/adminUser/queryById', { id: colleague.id }, { token })).body.result).toMatchObject({ username: 'nanshan.sales1' });
    const admin = await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await ctx.t.post('/online/adminUser/queryById', { id: admin.id }, { token })).body.code).toBe('404');
    // Read-only: the 店长 holds no user edit action.
    expect((await ctx.t.post('/online/api/setSysPartyStatus', { partyId: colleague.id, status: 'disabled' }, { token })).status).toBe(403);

    const tree = await ctx.t.post<DepartmentTreeNode[]>('/online/api/queryIdTree', {}, { token });
    expect(tree.body.result.map((n) => n.title)).toEqual(['南山店']);
    expect(tree.body.result[0]!.children.map((n) => n.title)).toEqual(['销售部', '护理部', '月嫂部']);
    const other = await ctx.t.post<PageResult<AdminUser>>('/online/api/getUserList', { pageSize: 100 }, { token: await ctx.t.login('futian.manager') });
    const futianUsers = demoRoles.flatMap((r) => r.users).filter((u) => u.department.startsWith('福田店'));
    expect(other.body.result.records.map((u) => u.username).sort()).toEqual(futianUsers.map((u) => u.username).sort());
  });

  it('lifts 财务 to the whole company with allhrdata, and leaves the administrator exempt', async () => {
    const finance = menus.get('hq.finance')!;
    expect(finance.auth.map((a) => a.action)).toContain(Permission.allHrData);
    for (const role of demoRoles.filter((r) => r.code !== 'finance')) expect(role.actions, role.code).not.toContain(Permission.allHrData);
    const all = await ctx.t.post<PageResult<AdminUser>>('/online/api/getUserList', { pageSize: 100 }, { token: await ctx.t.login() });
    expect(all.body.result.total).toBe(1 + demoRoles.flatMap((r) => r.users).length);
  });

  it('seeds nothing twice on a second start', async () => {
    const count = async () => ({
      users: (await ctx.db.selectFrom('app_user').select('id').execute()).length,
      groups: (await ctx.db.selectFrom('security_group').select('id').execute()).length,
      grants: (await ctx.db.selectFrom('security_group_permission').select('group_id').execute()).length,
      rules: (await ctx.db.selectFrom('data_rule').select('id').where('resource', 'in', ['user', 'department']).execute()).length,
    });
    const before = await count();
    expect(before.users).toBe(1 + demoRoles.flatMap((r) => r.users).length);
    expect(before.rules).toBe(demoDataRules.length);
    expect(await seedDemoRolesIfEmpty(ctx.db, ctx.t.config)).toBe(0);
    expect(await count()).toEqual(before);
  });
});

describe('demo roles (DEMO_DATA off)', () => {
  const ctx = useTestApp({ env: { DEMO_DATA: 'off', ADMIN_PASSWORD: 'S3cure-pass!' } });

  it('seeds no demo roles or users', async () => {
    const groups = await ctx.db.selectFrom('security_group').select('name').execute();
    expect(groups.map((g) => g.name)).toEqual(['超级管理员']);
    const users = await ctx.db.selectFrom('app_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    expect(await seedDemoRolesIfEmpty(ctx.db, ctx.t.config)).toBe(0);
  });
});
