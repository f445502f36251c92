import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { Permission } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { registerDataRuleColumns, withDataRules } from '../../platform/data-rules/index.js';

/** The columns of 线索 that data rules may filter on; `l` is the alias of every lead query. */
export const leadRules = registerDataRuleColumns(
  'lead',
  {
    ownerId: { label: '负责人', sql: 'l.owner_id', type: 'uuid' },
    storeId: { label: '意向门店', sql: 'l.preferred_store_id', type: 'uuid' },
    leadChannelId: { label: '线索渠道', sql: 'l.lead_channel_id', type: 'uuid' },
    channelId: { label: '合作渠道', sql: 'l.channel_id', type: 'uuid' },
    status: { label: '线索状态', sql: 'l.status', type: 'text' },
    intentionGrade: { label: '意向等级', sql: 'l.intention_grade', type: 'text' },
    createdBy: { label: '创建人', sql: 'l.created_by', type: 'uuid' },
    createdOn: { label: '创建日期', sql: sql`date(l.created_at at time zone 'Asia/Shanghai')`, type: 'date' },
  },
  { label: '线索' },
);

/** The menu whose rules scope leads by default. */
export const LEAD_MENU = '/crm/lead';

/** The row filter of leads the caller may see and change (lists, by id, every action). */
// Rules hang on a permission and apply to everyone reaching it, so two roles with different scopes
// on one menu need two permissions: holders of `crm:lead:storeScope` (店长) get that button's rules,
// everyone else those of the 线索 menu (销售顾问: own leads).
export function leadScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: leadRules, permission: LEAD_MENU, scopeButton: Permission.leadStoreScope, session });
}

/** The row filter of the pool (公海): the rules of `crm:lead:pool`. */
export function poolScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: leadRules, permission: Permission.leadPool, session });
}

