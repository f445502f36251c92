import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, PermissionResult } from '@care/shared';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { productMenu, type MenuSeed } from '../modules/permission/permission.seed.js';
import { DEMO_COMPANY_CODE, demoRoles, seedDemoRolesIfEmpty } from './demo-roles.js';

const PERMS = '/online/api/getUserPermissionByToken';
const DOMAIN_ROLES = ['超级管理员', '店长', '销售顾问', '财务', '护理主管', '月嫂管理', '客服'];

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
const seedPaths = productMenu.flatMap(function walk(n: MenuSeed): string[] {
  return [n.path, ...(n.children ?? []).flatMap(walk)];
});

describe('demo roles (DEMO_DATA on)', () => {
  let t: TestApp;
  const menus = new Map<string, PermissionResult>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const user of demoRoles.flatMap((r) => r.users)) {
      const token = await t.login(user.username);
      const res = await t.post<PermissionResult>(PERMS, {}, { token });
      expect(res.body.code).toBe('0');
      menus.set(user.username, res.body.result);
    }
  });
  afterAll(() => t?.close());

  const paths = (username: string) => new Set(flatten(menus.get(username)!.menu).map((m) => m.path));
  const topTitles = (username: string) => menus.get(username)!.menu.map((m) => m.meta.title);

  it('seeds every role of DOMAIN.md as a security group of the demo company', async () => {
    const db = t.ctx.database.db;
    const company = await db.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirstOrThrow();
    const groups = await db.selectFrom('security_group').select(['name', 'enabled']).where('company_id', '=', company.id).execute();
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
        expect(got.has('/system'), user.username).toBe(false);
        expect(got.has('/system/user'), user.username).toBe(false);
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
    const db = t.ctx.database.db;
    const rows = await db
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

  it('seeds nothing twice on a second start', async () => {
    const db = t.ctx.database.db;
    const count = async () => ({
      users: (await db.selectFrom('app_user').select('id').execute()).length,
      groups: (await db.selectFrom('security_group').select('id').execute()).length,
      grants: (await db.selectFrom('security_group_permission').select('group_id').execute()).length,
    });
    const before = await count();
    expect(before.users).toBe(1 + demoRoles.flatMap((r) => r.users).length);
    expect(await seedDemoRolesIfEmpty(db, t.config)).toBe(0);
    expect(await count()).toEqual(before);
  });
});

describe('demo roles (DEMO_DATA off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_DATA: 'off', ADMIN_PASSWORD: 'S3cure-pass!' } });
  });
  afterAll(() => t?.close());

  it('seeds no demo roles or users', async () => {
    const db = t.ctx.database.db;
    const groups = await db.selectFrom('security_group').select('name').execute();
    expect(groups.map((g) => g.name)).toEqual(['超级管理员']);
    const users = await db.selectFrom('app_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    expect(await seedDemoRolesIfEmpty(db, t.config)).toBe(0);
  });
});
