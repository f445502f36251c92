import { sql, type Kysely, type Transaction } from 'kysely';
import { Permission, type DataRuleCondition } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { hashPassword } from '../platform/passwords.js';
import { CUSTOMER_DETAIL_PATH } from '../modules/permission/permission.seed.js';

/** Code of the demo company seeded by bootstrap.ts (悦享月子会所). */
export const DEMO_COMPANY_CODE = 'YX';
const DEMO_ROLES_LOCK_KEY = 7_202_613;
const DEMO_ROLES_SEED_KEY = 'demo:roles';

export interface DemoUser {
  username: string;
  firstName: string;
  phone: string;
  /** Department path by name from a top-level department, e.g. `南山店/销售部`. */
  department: string;
  /** The user heads that department (部门负责人). */
  head?: boolean;
}

export interface DemoRole {
  code: string;
  name: string;
  description: string;
  /** Menu paths of permission.seed.ts; their folders are granted with them. */
  paths: string[];
  /** Button actions of permission.seed.ts. */
  actions: string[];
  users: DemoUser[];
}

/**
 * The roles of DOMAIN.md ("Roles seeded for the demo company") besides 超级管理员, which bootstrap.ts
 * seeds. Their data scopes are the rules of `demoDataRules` below plus `allhrdata` for 财务 (money of
 * all stores); each later module adds the store/owner rules of its own resource.
 */
export const demoRoles: DemoRole[] = [
  {
    code: 'store_manager',
    name: '店长',
    description: '本门店的客户、订单合同、房间、服务、门店页面与报表',
    paths: [
      '/crm/lead', '/crm/customer', CUSTOMER_DETAIL_PATH, '/crm/reservation',
      '/trade/order', '/trade/changeOrder', '/trade/contract',
      '/room/room', '/room/board',
      '/serve/serviceOrder', '/serve/monthlyNurse', '/serve/nurseAssignment',
      '/store/board', '/store/customer', '/store/order', '/store/contract', '/store/receivable',
      '/store/room', '/store/serve', '/store/monthlyNurse', '/store/amount',
      '/report/saleOrder', '/report/saleSummary', '/report/orderServe', '/report/serveSummary',
      '/report/waitingMoveIn', '/report/monthlyNurse',
      // The store's staff and departments, read-only; the seeded rules keep them to the own store.
      '/system/user', '/system/department',
    ],
    actions: [Permission.userList, Permission.departmentList],
    users: [
      { username: 'nanshan.manager', firstName: '王丽娟', phone: '13652181101', department: '南山店', head: true },
      { username: 'futian.manager', firstName: '陈秀英', phone: '13652181102', department: '福田店', head: true },
    ],
  },
  {
    code: 'sales_consultant',
    name: '销售顾问',
    description: '自己的线索、客户、预约与跟进，查看订单',
    paths: ['/crm/lead', '/crm/customer', CUSTOMER_DETAIL_PATH, '/crm/reservation', '/trade/order'],
    actions: [],
    users: [
      { username: 'nanshan.sales1', firstName: '李晓梅', phone: '13652181111', department: '南山店/销售部' },
      { username: 'nanshan.sales2', firstName: '杨婷', phone: '13652181112', department: '南山店/销售部' },
      { username: 'futian.sales1', firstName: '刘芳', phone: '13652181113', department: '福田店/销售部' },
      { username: 'futian.sales2', firstName: '黄静', phone: '13652181114', department: '福田店/销售部' },
    ],
  },
  {
    code: 'finance',
    name: '财务',
    description: '全部门店的应收、定价、合同与财务报表',
    paths: ['/finance/receivable', '/finance/financePrice', '/trade/contract', '/report/finance', '/store/amount'],
    // Money of all stores: no store or department rule applies to them.
    actions: [Permission.allHrData],
    users: [{ username: 'hq.finance', firstName: '周敏', phone: '13652181121', department: '总部/财务部', head: true }],
  },
  {
    code: 'nursing_lead',
    name: '护理主管',
    description: '服务单、房间与门店服务',
    paths: ['/serve/serviceOrder', '/room/room', '/room/board', '/store/serve'],
    actions: [],
    users: [
      { username: 'nanshan.nursing', firstName: '吴桂兰', phone: '13652181131', department: '南山店/护理部', head: true },
      { username: 'futian.nursing', firstName: '郑红梅', phone: '13652181132', department: '福田店/护理部', head: true },
    ],
  },
  {
    code: 'nurse_manager',
    name: '月嫂管理',
    description: '月嫂、月嫂派工与月嫂报表',
    paths: ['/serve/monthlyNurse', '/serve/nurseAssignment', '/report/monthlyNurse', '/bi/monthlyNurse'],
    actions: [],
    users: [
      { username: 'nanshan.nurses', firstName: '孙玉兰', phone: '13652181141', department: '南山店/月嫂部', head: true },
      { username: 'futian.nurses', firstName: '马春燕', phone: '13652181142', department: '福田店/月嫂部', head: true },
    ],
  },
  {
    code: 'customer_service',
    name: '客服',
    description: '线索与客户的跟进、消息',
    paths: ['/crm/lead', '/crm/customer', CUSTOMER_DETAIL_PATH, '/message/announcement', '/message/template', '/food/messageRecord'],
    actions: [],
    users: [{ username: 'hq.service', firstName: '林小燕', phone: '13652181151', department: '总部/客服部', head: true }],
  },
];

export interface DemoDataRule {
  /** The menu the rule hangs on. */
  path: string;
  resource: string;
  name: string;
  columnKey: string;
  condition: DataRuleCondition;
  value: string;
}

/**
 * Data rules of the demo company. A rule applies to everyone who reaches its menu, except holders of
 * `allhrdata` and the super group: whoever manages users or departments there (the 店长) sees their
 * own department and those below it — in lists and by id.
 */
export const demoDataRules: DemoDataRule[] = [
  { path: '/system/user', resource: 'user', name: '本部门及下级部门的用户', columnKey: 'departmentCode', condition: 'RIGHT_LIKE', value: '#{sys_org_code}' },
  { path: '/system/department', resource: 'department', name: '本部门及下级部门', columnKey: 'code', condition: 'RIGHT_LIKE', value: '#{sys_org_code}' },
];

/**
 * Demo mode only: seeds the roles above in the demo company, once — after the product menus exist
 * (call it after syncProductPermissions). Skipped when it ran before (seed_record) or when the demo
 * company already has a group other than its super group. Returns the number of roles inserted.
 */
export async function seedDemoRolesIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<number> {
  if (!config.demoData || !config.adminPassword) return 0;
  const adminPassword = config.adminPassword;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_ROLES_LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return 0;
    const done = await trx.selectFrom('seed_record').select('key').where('key', '=', DEMO_ROLES_SEED_KEY).executeTakeFirst();
    const otherGroup = await trx
      .selectFrom('security_group')
      .select('id')
      .where('company_id', '=', company.id)
      .where('all_permissions', '=', false)
      .limit(1)
      .executeTakeFirst();
    if (done || otherGroup) return 0;
    const inserted = await insertDemoRoles(trx, company.id, await hashPassword(adminPassword));
    await trx.insertInto('seed_record').values({ key: DEMO_ROLES_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).execute();
    return inserted;
  });
}

/** Inserts the demo roles with their permissions, data rules and users (password hash given) into the company. */
export async function insertDemoRoles(trx: Transaction<DB>, companyId: string, passwordHash: string): Promise<number> {
  const departments = await trx.selectFrom('department').select(['id', 'parent_id', 'name']).where('company_id', '=', companyId).execute();
  const departmentId = (path: string): string => {
    let parentId: string | null = null;
    for (const name of path.split('/')) {
      const found = departments.find((d) => d.name === name && d.parent_id === parentId);
      if (!found) throw new Error(`demo role seed: no department ${path}`);
      parentId = found.id;
    }
    return parentId!;
  };
  const permissions = await trx.selectFrom('sys_permission').select(['id', 'parent_id', 'path', 'action', 'menu_type']).execute();
  const byId = new Map(permissions.map((p) => [p.id, p]));
  for (const role of demoRoles) {
    const granted = new Set<string>();
    for (const path of role.paths) {
      const menu = permissions.find((p) => p.path === path && p.menu_type !== 2);
      if (!menu) continue; // deleted by an administrator before the demo roles were seeded
      // The menu with its folders, as the checkbox tree of the permission editor saves it.
      for (let p: typeof menu | undefined = menu; p; p = p.parent_id ? byId.get(p.parent_id) : undefined) granted.add(p.id);
    }
    for (const action of role.actions) {
      const button = permissions.find((p) => p.action === action);
      if (button) granted.add(button.id);
    }
    const { id: groupId } = await trx
      .insertInto('security_group')
      .values({ company_id: companyId, code: role.code, name: role.name, description: role.description })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (granted.size) {
      await trx.insertInto('security_group_permission').values([...granted].map((permissionId) => ({ group_id: groupId, permission_id: permissionId }))).execute();
    }
    for (const user of role.users) {
      const taken = await trx.selectFrom('app_user').select('id').where(sql<boolean>`lower(username) = ${user.username.toLowerCase()}`).executeTakeFirst();
      if (taken) continue;
      const department = departmentId(user.department);
      const { id: userId } = await trx
        .insertInto('app_user')
        .values({
          username: user.username,
          password_hash: passwordHash,
          first_name: user.firstName,
          phone: user.phone,
          default_company_id: companyId,
          department_id: department,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_company').values({ user_id: userId, company_id: companyId, is_default: true }).execute();
      await trx.insertInto('user_department').values({ user_id: userId, department_id: department }).execute();
      await trx.insertInto('user_security_group').values({ user_id: userId, group_id: groupId }).execute();
      if (user.head) await trx.updateTable('department').set({ head_user_id: userId }).where('id', '=', department).execute();
    }
  }
  for (const rule of demoDataRules) {
    const menu = permissions.find((p) => p.path === rule.path && p.menu_type !== 2);
    if (!menu) continue;
    await trx
      .insertInto('data_rule')
      .values({ company_id: companyId, permission_id: menu.id, resource: rule.resource, name: rule.name, column_key: rule.columnKey, condition: rule.condition, value: rule.value })
      .execute();
  }
  return demoRoles.length;
}
