import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { hashPassword } from '../platform/passwords.js';
import { insertSystemConfig } from '../modules/system/system.repo.js';
import { defaultSystemConfig } from '../modules/system/system.service.js';

const SEED_LOCK_KEY = 7_202_612;

interface DepartmentSeed {
  name: string;
  children?: DepartmentSeed[];
}

const demoCompany = { code: 'YX', name: '悦享月子会所' };
const demoDepartments: DepartmentSeed[] = [
  { name: '总部', children: [{ name: '总经办' }, { name: '财务部' }, { name: '客服部' }, { name: '信息部' }] },
  { name: '南山店', children: [{ name: '销售部' }, { name: '护理部' }, { name: '月嫂部' }] },
  { name: '福田店', children: [{ name: '销售部' }, { name: '护理部' }, { name: '月嫂部' }] },
];
const plainCompany = { code: 'MAIN', name: '本公司' };
const plainDepartments: DepartmentSeed[] = [{ name: '总部' }];

/**
 * First start against an empty database: the site configuration, one company with its departments
 * and the `admin` user. Runs under a lock in one transaction, so concurrent first starts seed once.
 */
export async function seedIfEmpty(db: Kysely<DB>, config: AppConfig, log: FastifyBaseLogger): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    await insertSystemConfig(trx, config.demoData ? demoSystemConfig() : defaultSystemConfig);
    const existing = await trx.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    if (!config.adminPassword) {
      throw new ConfigError('The database is empty: set ADMIN_PASSWORD to create the first administrator (or DEMO_DATA=on for the demo).');
    }
    const company = config.demoData ? demoCompany : plainCompany;
    const { id: companyId } = await trx.insertInto('company').values(company).returning('id').executeTakeFirstOrThrow();
    const rootDepartmentId = await insertDepartments(trx, companyId, null, '', config.demoData ? demoDepartments : plainDepartments);
    const { id: adminId } = await trx
      .insertInto('app_user')
      .values({
        username: 'admin',
        password_hash: await hashPassword(config.adminPassword),
        first_name: '系统管理员',
        default_company_id: companyId,
        department_id: rootDepartmentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_company').values({ user_id: adminId, company_id: companyId, is_default: true }).execute();
    // The administrator belongs to every top-level department, so department switching can be tried at once.
    const topDepartments = await trx.selectFrom('department').select('id').where('company_id', '=', companyId).where('parent_id', 'is', null).execute();
    await trx.insertInto('user_department').values(topDepartments.map((d) => ({ user_id: adminId, department_id: d.id }))).execute();
    const { id: superGroupId } = await trx
      .insertInto('security_group')
      .values({ company_id: companyId, code: 'admin', name: '超级管理员', description: '拥有全部权限', all_permissions: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_security_group').values({ user_id: adminId, group_id: superGroupId }).execute();
    log.info({ company: company.name, demo: config.demoData }, 'seeded an empty database with the admin user');
    return true;
  });
}

/** Inserts a department tree with hierarchical codes (A01, A01A01 …); returns the first root's id. */
async function insertDepartments(
  trx: Transaction<DB>,
  companyId: string,
  parentId: string | null,
  parentCode: string,
  nodes: DepartmentSeed[],
): Promise<string> {
  let firstId = '';
  for (const [index, node] of nodes.entries()) {
    const code = `${parentCode}A${String(index + 1).padStart(2, '0')}`;
    const { id } = await trx
      .insertInto('department')
      .values({ company_id: companyId, parent_id: parentId, code, name: node.name, sort: index })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (node.children) await insertDepartments(trx, companyId, id, code, node.children);
    firstId ||= id;
  }
  return firstId;
}

function demoSystemConfig() {
  return {
    ...defaultSystemConfig,
    systemName: '悦享月子会所',
    loginSystemName: '悦享月子会所管理系统',
    copyrightDesc: 'Copyright © 2026 悦享月子会所 版权所有',
    description: '月子中心与月嫂服务一体化管理平台',
  };
}
