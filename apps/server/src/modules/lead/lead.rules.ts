import type { Expression, Kysely, SqlBool } from 'kysely';
import { Permission } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { defineDataScope, shanghaiDateOf, withDataRules } from '../../platform/data-rules/index.js';

// Rules hang on a permission and apply to everyone reaching it, so two roles with different scopes
// on one menu need two permissions: holders of `crm:lead:storeScope` (店长) get that button's rules,
// everyone else those of the 线索 menu (销售顾问: own leads).
const leadData = defineDataScope({
  resource: 'lead',
  label: '线索',
  alias: 'l',
  columns: {
    ownerId: ['负责人', 'owner_id', 'uuid'],
    storeId: ['意向门店', 'preferred_store_id', 'uuid'],
    leadChannelId: ['线索渠道', 'lead_channel_id', 'uuid'],
    channelId: ['合作渠道', 'channel_id', 'uuid'],
    status: ['线索状态', 'status', 'text'],
    intentionGrade: ['意向等级', 'intention_grade', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    createdOn: ['创建日期', shanghaiDateOf('l', 'created_at'), 'date'],
  },
  menu: '/crm/lead',
  scopeButton: Permission.leadStoreScope,
});

/** The columns of 线索 that data rules may filter on; `l` is the alias of every lead query. */
export const leadRules = leadData.rules;
export const LEAD_MENU = leadData.menu;
export const leadScope = leadData.scope;

/** The row filter of the pool (公海): the rules of `crm:lead:pool`. */
export function poolScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: leadRules, permission: Permission.leadPool, session });
}
