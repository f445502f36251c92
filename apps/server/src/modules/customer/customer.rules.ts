import { sql, type Kysely } from 'kysely';
import { Permission } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { defineDataScope, shanghaiDateOf } from '../../platform/data-rules/index.js';

// Holders of the 门店范围 button (店长) get its rules, everyone else the menu's (销售顾问: own records).
const customerData = defineDataScope({
  resource: 'customer',
  label: '客户',
  alias: 'c',
  columns: {
    ownerId: ['负责人', 'owner_id', 'uuid'],
    storeId: ['所属门店', 'store_id', 'uuid'],
    status: ['客户状态', 'status', 'text'],
    level: ['客户等级', 'level', 'text'],
    leadChannelId: ['线索渠道', 'lead_channel_id', 'uuid'],
    channelId: ['合作渠道', 'channel_id', 'uuid'],
    dueDate: ['预产期', 'due_date', 'date'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    createdOn: ['创建日期', shanghaiDateOf('c', 'created_at'), 'date'],
  },
  menu: '/crm/customer',
  scopeButton: Permission.customerStoreScope,
});

/** The columns of 客户 that data rules may filter on; `c` is the alias of every customer query. */
export const customerRules = customerData.rules;
export const CUSTOMER_MENU = customerData.menu;
export const customerScope = customerData.scope;

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
