import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AdminUserListQuery } from '@care/shared';
import type { AppUserTable, DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { registerDataRuleColumns } from '../../platform/data-rules/index.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

/** Data rules may filter users by these columns of the `app_user as u` / `department as d` queries below. */
export const userRules = registerDataRuleColumns(
  'user',
  {
    departmentCode: { label: '当前部门编码', sql: 'd.code', type: 'text' },
    departmentId: { label: '当前部门ID', sql: 'u.department_id', type: 'uuid' },
    id: { label: '用户ID', sql: 'u.id', type: 'uuid' },
  },
  { label: '用户' },
);

export type Scope = Expression<SqlBool>;

// Never the password hash.
const userColumns = [
  'u.id', 'u.username', 'u.first_name', 'u.gender', 'u.phone', 'u.email', 'u.avatar_url', 'u.status', 'u.department_id',
  'd.name as department_name', 'u.version', 'u.created_at',
] as const;
const optionColumns = ['u.id', 'u.username', 'u.first_name', 'u.phone', 'd.name as department_name'] as const;

// Sort keys of the list → columns; the request only ever picks a key.
const sortColumns = { username: 'u.username', firstName: 'u.first_name', createdAt: 'u.created_at' } as const;

/** Users who work for the company, within the caller's data rules. */
function users(db: Kysely<DB>, companyId: string, scope: Scope) {
  return db
    .selectFrom('app_user as u')
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .where((eb) => eb.exists(eb.selectFrom('user_company as uc').select('uc.user_id').whereRef('uc.user_id', '=', 'u.id').where('uc.company_id', '=', companyId)))
    .where(scope);
}

/** The ids of the users the caller may change (for `where id in (…)` of updates). */
function scopedIds(db: Kysely<DB>, companyId: string, scope: Scope) {
  return users(db, companyId, scope).select('u.id');
}

export type UserRow = Awaited<ReturnType<typeof findUser>> & object;

export function findUser(db: Kysely<DB>, companyId: string, scope: Scope, id: string) {
  return users(db, companyId, scope).select(userColumns).where('u.id', '=', id).executeTakeFirst();
}

export async function pageUsers(db: Kysely<DB>, companyId: string, scope: Scope, q: AdminUserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  let query = users(db, companyId, scope);
  if (q.username) query = query.where('u.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.firstName) query = query.where('u.first_name', 'ilike', `%${escapeLike(q.firstName)}%`);
  if (q.phone) query = query.where('u.phone', 'like', `%${escapeLike(q.phone)}%`);
  if (q.status) query = query.where('u.status', '=', q.status);
  if (q.departmentId) {
    const departmentId = q.departmentId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('user_department as ud').select('ud.user_id').whereRef('ud.user_id', '=', 'u.id').where('ud.department_id', '=', departmentId)),
    );
  }
  return pageWithCappedCount(db, query.select(userColumns).orderBy(sortColumns[q.column ?? 'createdAt'], q.order ?? 'desc').orderBy('u.id'), query, q);
}

export function searchUsers(db: Kysely<DB>, companyId: string, scope: Scope, keyword: string, limit: number) {
  let query = users(db, companyId, scope).select(optionColumns);
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.first_name', 'ilike', pattern), eb('u.phone', 'like', pattern)]));
  }
  return query.orderBy('u.username').limit(limit).execute();
}

/** Users who belong to a department of the company. */
export function usersOfDepartment(db: Kysely<DB>, companyId: string, scope: Scope, departmentId: string) {
  return users(db, companyId, scope)
    .select(optionColumns)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_department as ud')
          .innerJoin('department as dd', 'dd.id', 'ud.department_id')
          .select('ud.user_id')
          .whereRef('ud.user_id', '=', 'u.id')
          .where('ud.department_id', '=', departmentId)
          .where('dd.company_id', '=', companyId),
      ),
    )
    .orderBy('u.username')
    .execute();
}

export async function departmentIdsOf(db: Kysely<DB>, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_department as ud')
    .innerJoin('department as d', 'd.id', 'ud.department_id')
    .select('ud.department_id')
    .where('ud.user_id', '=', userId)
    .where('d.company_id', '=', companyId)
    .orderBy('d.code')
    .execute();
  return rows.map((r) => r.department_id);
}

export async function groupIdsOf(db: Kysely<DB>, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_security_group as ug')
    .innerJoin('security_group as g', 'g.id', 'ug.group_id')
    .select('ug.group_id')
    .where('ug.user_id', '=', userId)
    .where('g.company_id', '=', companyId)
    .orderBy('g.code')
    .execute();
  return rows.map((r) => r.group_id);
}

export async function countDepartments(db: Kysely<DB>, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await db.selectFrom('department').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countGroups(db: Kysely<DB>, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await db.selectFrom('security_group').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', companyId).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Case-insensitive, like the unique index `app_user_username_idx` on lower(username). */
export async function usernameTaken(db: Kysely<DB>, username: string): Promise<boolean> {
  return Boolean(await db.selectFrom('app_user').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst());
}

type Profile = Pick<AppUserTable, 'first_name' | 'gender' | 'phone' | 'email' | 'avatar_url' | 'department_id'>;

export async function insertUser(
  db: Kysely<DB>,
  companyId: string,
  createdBy: string,
  values: Profile & { username: string; password_hash: string },
): Promise<string> {
  const row = await db
    .insertInto('app_user')
    .values({ ...values, default_company_id: companyId, created_by: createdBy, updated_by: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_company').values({ user_id: row.id, company_id: companyId, is_default: true }).execute();
  return row.id;
}

/** Updates only a user in the caller's scope whose `version` is current; answers whether a row changed. */
export async function updateProfile(
  db: Kysely<DB>,
  companyId: string,
  scope: Scope,
  updatedBy: string,
  id: string,
  version: number,
  values: Profile,
): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ ...values, updated_by: updatedBy, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('id', 'in', scopedIds(db, companyId, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateStatus(db: Kysely<DB>, companyId: string, scope: Scope, updatedBy: string, id: string, status: 'enabled' | 'disabled'): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ status, updated_by: updatedBy, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('id', 'in', scopedIds(db, companyId, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updatePasswordHash(db: Kysely<DB>, companyId: string, scope: Scope, updatedBy: string, id: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('app_user')
    .set({ password_hash: passwordHash, updated_by: updatedBy, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('id', 'in', scopedIds(db, companyId, scope))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the user's departments of the company (those of other companies stay). */
export async function replaceDepartments(db: Kysely<DB>, companyId: string, userId: string, departmentIds: string[]): Promise<void> {
  await db
    .deleteFrom('user_department')
    .where('user_id', '=', userId)
    .where('department_id', 'in', db.selectFrom('department').select('id').where('company_id', '=', companyId))
    .execute();
  if (departmentIds.length) await db.insertInto('user_department').values(departmentIds.map((id) => ({ user_id: userId, department_id: id }))).execute();
}

/** Replaces the user's security groups of the company (those of other companies stay). */
export async function replaceGroups(db: Kysely<DB>, companyId: string, userId: string, groupIds: string[]): Promise<void> {
  await db
    .deleteFrom('user_security_group')
    .where('user_id', '=', userId)
    .where('group_id', 'in', db.selectFrom('security_group').select('id').where('company_id', '=', companyId))
    .execute();
  if (groupIds.length) await db.insertInto('user_security_group').values(groupIds.map((id) => ({ user_id: userId, group_id: id }))).execute();
}
