import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { registerDataRuleColumns } from '../../platform/data-rules/index.js';

/** Data rules may filter departments by these columns of the `department as d` queries below. */
export const departmentRules = registerDataRuleColumns(
  'department',
  {
    code: { label: '部门编码', sql: 'd.code', type: 'text' },
    id: { label: '部门ID', sql: 'd.id', type: 'uuid' },
    headUserId: { label: '部门负责人', sql: 'd.head_user_id', type: 'uuid' },
  },
  { label: '部门' },
);

export type Scope = Expression<SqlBool>;

const columns = ['d.id', 'd.parent_id', 'd.code', 'd.name', 'd.sort', 'd.enabled', 'd.head_user_id', 'd.version'] as const;

function departments(db: Kysely<DB>, companyId: string, scope: Scope) {
  return db
    .selectFrom('department as d')
    .where('d.company_id', '=', companyId)
    .where(scope)
    .leftJoin('app_user as h', 'h.id', 'd.head_user_id')
    .select(columns)
    .select('h.first_name as head_user_name')
    .select((eb) =>
      eb.exists(eb.selectFrom('department as c').select('c.id').whereRef('c.parent_id', '=', 'd.id')).as('has_children'),
    );
}

export type DepartmentRow = Awaited<ReturnType<typeof findDepartment>> & object;

export function findDepartment(db: Kysely<DB>, companyId: string, scope: Scope, id: string) {
  return departments(db, companyId, scope).where('d.id', '=', id).executeTakeFirst();
}

export function listChildren(db: Kysely<DB>, companyId: string, scope: Scope, parentId: string | null) {
  const query = departments(db, companyId, scope);
  return (parentId ? query.where('d.parent_id', '=', parentId) : query.where('d.parent_id', 'is', null)).orderBy('d.sort').orderBy('d.code').execute();
}

export function listAll(db: Kysely<DB>, companyId: string, scope: Scope) {
  return db
    .selectFrom('department as d')
    .where('d.company_id', '=', companyId)
    .where(scope)
    .select(['d.id', 'd.parent_id', 'd.code', 'd.name'])
    .orderBy('d.sort')
    .orderBy('d.code')
    .execute();
}

/** Serialises the department adds of a company, so two never compute the same next code. */
export async function lockCompanyDepartments(db: Kysely<DB>, companyId: string): Promise<void> {
  await db.selectFrom('company').select('id').where('id', '=', companyId).forUpdate().execute();
}

/** The codes of the siblings under `parentId` (null: the top level). */
export async function siblingCodes(db: Kysely<DB>, companyId: string, parentId: string | null): Promise<string[]> {
  const query = db.selectFrom('department').select('code').where('company_id', '=', companyId);
  const rows = await (parentId ? query.where('parent_id', '=', parentId) : query.where('parent_id', 'is', null)).execute();
  return rows.map((r) => r.code);
}

export async function insertDepartment(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  values: { parentId: string | null; code: string; name: string; sort: number; enabled: boolean; headUserId: string | null },
): Promise<string> {
  const row = await db
    .insertInto('department')
    .values({
      company_id: companyId,
      parent_id: values.parentId,
      code: values.code,
      name: values.name,
      sort: values.sort,
      enabled: values.enabled,
      head_user_id: values.headUserId,
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only a row in the caller's scope whose `version` is current; answers whether a row changed. */
export async function updateDepartment(
  db: Kysely<DB>,
  companyId: string,
  scope: Scope,
  userId: string,
  id: string,
  version: number,
  values: { name: string; sort: number; enabled: boolean; head_user_id: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('department')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('version', '=', version)
    .where('id', 'in', db.selectFrom('department as d').select('d.id').where(scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the user works for the company (a department head must). */
export async function userInCompany(db: Kysely<DB>, companyId: string, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user_company').select('user_id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst());
}

export async function hasChildren(db: Kysely<DB>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('department').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst());
}

/** Whether any user has the department as current department or belongs to it. */
export async function hasUsers(db: Kysely<DB>, id: string): Promise<boolean> {
  const [current, member] = await Promise.all([
    db.selectFrom('app_user').select('id').where('department_id', '=', id).limit(1).executeTakeFirst(),
    db.selectFrom('user_department').select('user_id').where('department_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return Boolean(current || member);
}

export async function deleteDepartment(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('department').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
