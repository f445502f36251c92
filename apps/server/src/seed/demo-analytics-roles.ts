import { sql, type Kysely } from 'kysely';
import { AiLogPermission, BiPermission, ReportPermission } from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { grantAndScope, type DemoCrmRule } from './demo-crm.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

const R = ReportPermission;
const B = BiPermission;
/** Each role's own work: 工作台 and 任务 show what her actions and data rules allow. */
const OWN_WORK = ['/dashboard', '/dashboard/workplace', '/dashboard/task'];

/**
 * What the demo roles see of reports, BI and dashboards (docs/reports.md), by DOMAIN.md's roles:
 * 店长 her stores' sales, services, arrivals and nurses, BI, 门店看板 and 门店金额, the home KPIs;
 * 财务 the money of all stores (财务报表, 订单分析, 门店金额; she holds allhrdata); 月嫂管理 the nurse
 * report and BI; 护理主管 the service reports and 房间分析; 销售顾问 and 客服 their own work and AI follow-up
 * summaries. Menus with their folders. 超级管理员 has everything.
 */
export const demoAnalyticsGrants: Record<string, string[]> = {
  store_manager: [
    ...OWN_WORK, '/report', '/store', '/store/board', '/store/amount',
    R.saleOrderReport, R.saleOrderReportExport, R.saleSummaryReport, R.saleSummaryReportExport,
    R.orderServeReport, R.orderServeReportExport, R.serveSummaryReport, R.serveSummaryReportExport,
    R.waitingMoveInReport, R.waitingMoveInReportExport, R.monthlyNurseReport, R.monthlyNurseReportExport,
    '/bi', '/bi/customer', '/bi/order', '/bi/room', '/dashboard/indexChart',
    B.customerBi, B.orderBi, B.roomBi, B.indexChart, B.storeBoard, B.storeAmount, B.analysisKpi, AiLogPermission.followUpSummary,
  ],
  finance: [...OWN_WORK, '/report', '/bi', '/bi/order', '/store', '/dashboard/indexChart', R.financeReport, R.financeReportExport, B.orderBi, B.storeAmount, B.analysisKpi, B.indexChart],
  nurse_manager: [...OWN_WORK, '/report', '/bi', R.monthlyNurseReport, R.monthlyNurseReportExport, B.monthlyNurseBi],
  nursing_lead: [
    ...OWN_WORK, '/report', '/report/orderServe', '/report/serveSummary', '/bi', '/bi/room',
    R.orderServeReport, R.orderServeReportExport, R.serveSummaryReport, R.serveSummaryReportExport, B.roomBi,
  ],
  sales_consultant: [...OWN_WORK, AiLogPermission.followUpSummary],
  customer_service: [...OWN_WORK, AiLogPermission.followUpSummary],
};

/** The analytics pages the store roles reach show their stores only (财务 is exempt through allhrdata). */
const STORE_SCOPED_PAGES = [
  '/report/saleOrder', '/report/saleSummary', '/report/orderServe', '/report/serveSummary', '/report/waitingMoveIn', '/report/monthlyNurse',
  '/bi/customer', '/bi/monthlyNurse', '/bi/order', '/bi/room', '/store/board', '/store/amount', '/dashboard/analysis', '/dashboard/indexChart',
];
export const demoAnalyticsRules: DemoCrmRule[] = STORE_SCOPED_PAGES.map((permission) => ({
  resource: 'analytics_store',
  permission,
  name: '本门店的数据',
  columnKey: 'storeId',
  condition: 'IN',
  value: '#{sys_store_ids}',
}));

const LOCK_KEY = 7_202_731;
const SEED_KEY = 'demo:analytics:roles';
const AFTER = ['demo:roles', 'demo:crm'];

/** Demo mode only, once, after the demo roles and stores: the grants and store rules above. */
export async function seedDemoAnalyticsRolesIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return false;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ...AFTER]).execute();
    if (done.some((d) => d.key === SEED_KEY) || done.length < AFTER.length) return false;
    await grantAndScope(trx, company.id, demoAnalyticsGrants, demoAnalyticsRules);
    await trx.insertInto('seed_record').values({ key: SEED_KEY }).execute();
    return true;
  });
}
