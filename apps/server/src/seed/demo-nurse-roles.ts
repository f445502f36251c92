import { sql, type Kysely } from 'kysely';
import {
  MonthlyNursePermission,
  NurseAssignmentPermission,
  NurseEvaluationPermission,
  NurseLinkPermission,
  NursePayStandardPermission,
  NurseSchedulePermission,
  NurseSettlementPermission,
  Permission,
} from '@care/shared';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { grantAndScope, type DemoCrmRule } from './demo-crm.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

const all = (declared: Record<string, string>) => Object.values(declared);

/**
 * What the demo roles do with the monthly nurses (docs/nurses.md): 月嫂管理 runs them (profiles,
 * certificates, leave, edit links, 派工 with matching, 档期, evaluations, 薪酬标准); 店长 sees her
 * store's nurses, assignments (and audits them) and evaluations; 财务 settles the nurses' pay (every
 * store) and reads 薪酬标准; 护理主管 looks up nurses and their 档期. Menus with their folders.
 */
export const demoNurseGrants: Record<string, string[]> = {
  nurse_manager: [
    '/serve', '/serve/monthlyNurse', '/serve/nurseAssignment', '/serve/nurseSchedule', '/serve/nurseEvaluation', '/serve/nursePayStandard',
    ...all(MonthlyNursePermission), ...all(NurseLinkPermission), ...all(NurseAssignmentPermission), ...all(NurseSchedulePermission),
    ...all(NurseEvaluationPermission), ...all(NursePayStandardPermission),
    // The 到家 派工 form picks a customer of her store (the 门店范围 button's rule, not 本人的客户);
    // orders come through the order rule of her store.
    Permission.customerList, Permission.customerStoreScope,
  ],
  store_manager: [
    '/serve', '/serve/monthlyNurse', '/serve/nurseAssignment', '/serve/nurseEvaluation',
    Permission.monthlyNurseList, Permission.monthlyNurseExport,
    Permission.nurseAssignmentList, Permission.nurseAssignmentAudit, Permission.nurseAssignmentExport,
    Permission.nurseEvaluationList, Permission.nurseEvaluationExport,
  ],
  finance: [
    '/finance', '/finance/nurseSettlement', '/serve', '/serve/nursePayStandard',
    ...all(NurseSettlementPermission), Permission.nursePayStandardList,
  ],
  nursing_lead: ['/serve', '/serve/monthlyNurse', '/serve/nurseSchedule', Permission.monthlyNurseList, Permission.nurseScheduleList],
};

/**
 * Nurses, assignments and evaluations are seen by store: whoever reaches their menus (月嫂管理, 店长,
 * 护理主管) sees her stores' rows only; 财务 holds `allhrdata` (every store's settlements).
 */
export const demoNurseRules: DemoCrmRule[] = [
  { resource: 'monthly_nurse', permission: '/serve/monthlyNurse', name: '本门店的月嫂', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'nurse_assignment', permission: '/serve/nurseAssignment', name: '本门店的月嫂派工', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
  { resource: 'nurse_evaluation', permission: '/serve/nurseEvaluation', name: '本门店的月嫂评价', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
];

const LOCK_KEY = 7_202_671;
const SEED_KEY = 'demo:nurse:roles';
const AFTER = ['demo:roles', 'demo:crm'];

/** Demo mode only, once, after the demo roles and stores: the grants and store rules above. */
export async function seedDemoNurseRolesIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return false;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ...AFTER]).execute();
    if (done.some((d) => d.key === SEED_KEY) || done.length < AFTER.length) return false;
    await grantAndScope(trx, company.id, demoNurseGrants, demoNurseRules);
    await trx.insertInto('seed_record').values({ key: SEED_KEY }).execute();
    return true;
  });
}
