import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { Permission } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { registerDataRuleColumns, withDataRules } from '../../platform/data-rules/index.js';

/** The columns of 预约 that data rules may filter on; `r` is the alias of every reservation query. */
export const reservationRules = registerDataRuleColumns(
  'reservation',
  {
    ownerId: { label: '负责顾问', sql: 'r.owner_id', type: 'uuid' },
    storeId: { label: '门店', sql: 'r.store_id', type: 'uuid' },
    receptionistId: { label: '接待人', sql: 'r.receptionist_id', type: 'uuid' },
    kind: { label: '预约类型', sql: 'r.kind', type: 'text' },
    status: { label: '预约状态', sql: 'r.status', type: 'text' },
    createdBy: { label: '创建人', sql: 'r.created_by', type: 'uuid' },
    visitDate: { label: '预约日期', sql: sql`date(r.at at time zone 'Asia/Shanghai')`, type: 'date' },
  },
  { label: '预约' },
);

/** The menu whose rules scope reservations by default. */
export const RESERVATION_MENU = '/crm/reservation';

/** The row filter of reservations the caller may see and change: `crm:reservation:storeScope` holders get its rules, others the menu's. */
export function reservationScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: reservationRules, permission: RESERVATION_MENU, scopeButton: Permission.reservationStoreScope, session });
}
