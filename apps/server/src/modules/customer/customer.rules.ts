import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { Permission } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { registerDataRuleColumns, withDataRules } from '../../platform/data-rules/index.js';

/** The columns of 客户 that data rules may filter on; `c` is the alias of every customer query. */
export const customerRules = registerDataRuleColumns(
  'customer',
  {
    ownerId: { label: '负责人', sql: 'c.owner_id', type: 'uuid' },
    storeId: { label: '所属门店', sql: 'c.store_id', type: 'uuid' },
    status: { label: '客户状态', sql: 'c.status', type: 'text' },
    level: { label: '客户等级', sql: 'c.level', type: 'text' },
    leadChannelId: { label: '线索渠道', sql: 'c.lead_channel_id', type: 'uuid' },
    channelId: { label: '合作渠道', sql: 'c.channel_id', type: 'uuid' },
    dueDate: { label: '预产期', sql: 'c.due_date', type: 'date' },
    createdBy: { label: '创建人', sql: 'c.created_by', type: 'uuid' },
    createdOn: { label: '创建日期', sql: sql`date(c.created_at at time zone 'Asia/Shanghai')`, type: 'date' },
  },
  { label: '客户' },
);

/** The menu whose rules scope customers by default. */
export const CUSTOMER_MENU = '/crm/customer';

/** The row filter of customers the caller may see and change (lists, by id, every action). */
// Holders of the 门店范围 button (店长) get its rules, everyone else the menu's (销售顾问: own records).
export function customerScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: customerRules, permission: CUSTOMER_MENU, scopeButton: Permission.customerStoreScope, session });
}


/**
 * Whether the caller may perform `action` (held through an enabled group of the session company, a
 * super group, or open to all) — for actions that change what a route shows, like `crm:customer:viewIdNo`.
 */
export async function mayAct(db: Kysely<DB>, session: SessionInfo, action: string): Promise<boolean> {
  const result = await sql<{ allowed: boolean }>`
    select (exists (
              select 1 from user_security_group ug
              join security_group g on g.id = ug.group_id and g.enabled and g.company_id = ${session.companyId}
              where ug.user_id = ${session.userId} and (
                g.all_permissions or exists (
                  select 1 from security_group_permission gp
                  join sys_permission p on p.id = gp.permission_id
                  where gp.group_id = g.id and p.action = ${action}::text)))
            or exists (select 1 from sys_permission p where p.action = ${action}::text and p.status = '0')) as allowed`.execute(db);
  return Boolean(result.rows[0]?.allowed);
}
