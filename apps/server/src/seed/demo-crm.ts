import { sql, type Kysely, type Transaction } from 'kysely';
import { Permission, type DataRuleCondition } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

const DEMO_CRM_LOCK_KEY = 7_202_620;
const DEMO_CRM_SEED_KEY = 'demo:crm';
const DEMO_ROLES_SEED_KEY = 'demo:roles';
// Customer and reservation scopes came with the second half of the CRM: their own key, so a
// database seeded before gets them once too.
const DEMO_CUSTOMER_SEED_KEY = 'demo:crm:customer';

/** The two demo stores; the users of the department of the same name work in them. */
export const demoStores = [
  { code: 'NS', name: '南山店', department: '南山店', manager: 'nanshan.manager', phone: '0755-86001234', address: '深圳市南山区科技园路88号', region: '深圳', sort: 1 },
  { code: 'FT', name: '福田店', department: '福田店', manager: 'futian.manager', phone: '0755-83005678', address: '深圳市福田区福华三路168号', region: '深圳', sort: 2 },
];

/** CRM buttons of the demo roles (demo-roles.ts grants their menus). */
export const demoCrmGrants: Record<string, string[]> = {
  store_manager: [
    Permission.leadList, Permission.leadAdd, Permission.leadEdit, Permission.leadAssign, Permission.leadTransfer, Permission.leadRelease,
    Permission.leadPool, Permission.leadClaim, Permission.leadLost, Permission.leadExport, Permission.leadStoreScope,
    Permission.followUpList, Permission.followUpAdd, Permission.followUpEdit,
  ],
  sales_consultant: [
    Permission.leadList, Permission.leadAdd, Permission.leadEdit, Permission.leadRelease, Permission.leadPool, Permission.leadClaim, Permission.leadLost,
    Permission.followUpList, Permission.followUpAdd, Permission.followUpEdit,
  ],
};

/** Customer, baby, reservation and conversion buttons of the demo roles (seeded under their own key). */
export const demoCustomerGrants: Record<string, string[]> = {
  store_manager: [
    Permission.leadConvert, Permission.leadImport,
    Permission.customerList, Permission.customerAdd, Permission.customerEdit, Permission.customerExport, Permission.customerViewIdNo,
    Permission.customerStoreScope,
    Permission.babyList, Permission.babyAdd, Permission.babyEdit, Permission.babyDelete,
    Permission.reservationList, Permission.reservationAdd, Permission.reservationEdit, Permission.reservationArrive, Permission.reservationNoShow,
    Permission.reservationCancel, Permission.reservationStoreScope, Permission.reservationExport,
  ],
  sales_consultant: [
    Permission.leadConvert,
    Permission.customerList, Permission.customerAdd, Permission.customerEdit,
    Permission.babyList, Permission.babyAdd, Permission.babyEdit,
    Permission.reservationList, Permission.reservationAdd, Permission.reservationEdit, Permission.reservationArrive, Permission.reservationNoShow,
    Permission.reservationCancel,
  ],
};

export interface DemoCrmRule {
  /** The data resource; lead when omitted. */
  resource?: string;
  /** A menu path (starts with /) or a button action the rule hangs on. */
  permission: string;
  name: string;
  columnKey: string;
  condition: DataRuleCondition;
  value: string;
}

/**
 * Lead scopes: whoever reaches leads through the 线索 menu sees their own (销售顾问); holders of
 * `crm:lead:storeScope` (店长) see their stores' instead; `allhrdata` and 超级管理员 see the company's.
 * The pool has no rule: every consultant may claim from it.
 */
export const demoCrmRules: DemoCrmRule[] = [
  { permission: '/crm/lead', name: '本人的线索', columnKey: 'ownerId', condition: '=', value: '#{sys_user_id}' },
  { permission: Permission.leadStoreScope, name: '本门店的线索', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
];

/**
 * Customer and visit scopes, as for leads: 销售顾问 see their own (the customer's owner, the visit's
 * consultant), holders of the 门店范围 buttons (店长) their stores'.
 */
export const demoCustomerRules: DemoCrmRule[] = [
  { resource: 'customer', permission: '/crm/customer', name: '本人的客户', columnKey: 'ownerId', condition: '=', value: '#{sys_user_id}' },
  { resource: 'customer', permission: Permission.customerStoreScope, name: '本门店的客户', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'reservation', permission: '/crm/reservation', name: '本人的预约', columnKey: 'ownerId', condition: '=', value: '#{sys_user_id}' },
  { resource: 'reservation', permission: Permission.reservationStoreScope, name: '本门店的预约', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
];

/** The message a consultant receives when a lead becomes theirs. */
export const leadAssignedTemplate = {
  code: 'lead.assigned',
  name: '线索分配通知',
  title: '新线索：${leadName}',
  body: '<p>${operator} 将线索 <b>${leadName}</b>（${leadNo}）分配给您，请及时跟进。</p>',
  priority: 'M' as const,
};

/**
 * Demo mode only, once (seed_record), after the demo roles: the two stores with their managers and
 * staff, the CRM buttons and lead data rules of the demo roles, and the lead message template; then,
 * once under its own key, the customer / reservation buttons and data rules. Returns the number of
 * stores inserted.
 */
export async function seedDemoCrmIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<number> {
  if (!config.demoData) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_CRM_LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return 0;
    const done = await trx
      .selectFrom('seed_record')
      .select('key')
      .where('key', 'in', [DEMO_CRM_SEED_KEY, DEMO_ROLES_SEED_KEY, DEMO_CUSTOMER_SEED_KEY])
      .execute();
    const isDone = (key: string) => done.some((d) => d.key === key);
    if (!isDone(DEMO_ROLES_SEED_KEY)) return 0;
    let inserted = 0;
    if (!isDone(DEMO_CRM_SEED_KEY)) {
      inserted = await insertDemoCrm(trx, company.id);
      await trx.insertInto('seed_record').values({ key: DEMO_CRM_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).execute();
    }
    if (!isDone(DEMO_CUSTOMER_SEED_KEY)) {
      await insertDemoCustomerScopes(trx, company.id);
      await trx.insertInto('seed_record').values({ key: DEMO_CUSTOMER_SEED_KEY }).onConflict((oc) => oc.column('key').doNothing()).execute();
    }
    return inserted;
  });
}

export async function insertDemoCrm(trx: Transaction<DB>, companyId: string): Promise<number> {
  const users = await trx
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.id')
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.username', 'd.code as department_code'])
    .where('uc.company_id', '=', companyId)
    .execute();
  const departments = await trx.selectFrom('department').select(['code', 'name', 'parent_id']).where('company_id', '=', companyId).execute();
  let inserted = 0;
  for (const store of demoStores) {
    const managerId = users.find((u) => u.username === store.manager)?.id ?? null;
    const { id: storeId } = await trx
      .insertInto('store')
      .values({
        company_id: companyId,
        code: store.code,
        name: store.name,
        manager_id: managerId,
        phone: store.phone,
        address: store.address,
        region: store.region,
        modes: ['hospital', 'home'],
        sort: store.sort,
        created_by: null,
        updated_by: null,
      })
      .onConflict((oc) => oc.columns(['company_id', 'code']).doNothing())
      .returning('id')
      .executeTakeFirst()
      .then((row) => row ?? { id: null as string | null });
    if (!storeId) continue;
    inserted++;
    const department = departments.find((d) => d.name === store.department && d.parent_id === null);
    const staff = department ? users.filter((u) => u.department_code?.startsWith(department.code) && u.username !== 'admin') : [];
    if (staff.length) await trx.insertInto('user_store').values(staff.map((u) => ({ user_id: u.id, store_id: storeId }))).execute();
  }

  await grantAndScope(trx, companyId, demoCrmGrants, demoCrmRules);
  await trx
    .insertInto('message_template')
    .values({ company_id: companyId, channel: 'system', ...leadAssignedTemplate, created_by: null, updated_by: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return inserted;
}

/** The customer, baby, reservation and conversion buttons and data rules of the demo roles. */
export async function insertDemoCustomerScopes(trx: Transaction<DB>, companyId: string): Promise<void> {
  await grantAndScope(trx, companyId, demoCustomerGrants, demoCustomerRules);
}

export async function grantAndScope(trx: Transaction<DB>, companyId: string, grants: Record<string, string[]>, rules: DemoCrmRule[]): Promise<void> {
  const permissions = await trx.selectFrom('sys_permission').select(['id', 'path', 'action', 'menu_type']).execute();
  const permissionId = (key: string) =>
    permissions.find((p) => (key.startsWith('/') ? p.path === key && p.menu_type !== 2 : p.action === key))?.id;
  for (const [code, actions] of Object.entries(grants)) {
    const group = await trx.selectFrom('security_group').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
    if (!group) continue;
    const ids = actions.map(permissionId).filter((id): id is string => Boolean(id));
    if (ids.length) {
      await trx
        .insertInto('security_group_permission')
        .values(ids.map((id) => ({ group_id: group.id, permission_id: id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  for (const rule of rules) {
    const id = permissionId(rule.permission);
    if (!id) continue;
    await trx
      .insertInto('data_rule')
      .values({
        company_id: companyId,
        permission_id: id,
        resource: rule.resource ?? 'lead',
        name: rule.name,
        column_key: rule.columnKey,
        condition: rule.condition,
        value: rule.value,
      })
      .execute();
  }
}
