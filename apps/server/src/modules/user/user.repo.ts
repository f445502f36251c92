import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

const userColumns = [
  'u.id', 'u.username', 'u.password_hash', 'u.first_name', 'u.gender', 'u.birth_date', 'u.age', 'u.phone', 'u.email',
  'u.avatar_url', 'u.status', 'u.default_company_id', 'u.department_id', 'u.version',
] as const;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & object;

export function findUserById(db: Kysely<DB>, id: string) {
  return db.selectFrom('app_user as u').select(userColumns).where('u.id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Kysely<DB>, username: string) {
  return db.selectFrom('app_user as u').select(userColumns).where(sql`lower(u.username)`, '=', username.toLowerCase()).executeTakeFirst();
}

export function findUserByWechat(db: Kysely<DB>, wechatId: string) {
  return db.selectFrom('app_user as u').select(userColumns).where('u.wechat_id', '=', wechatId).executeTakeFirst();
}

export function findUsersByPhone(db: Kysely<DB>, phone: string) {
  return db.selectFrom('app_user as u').select(userColumns).where('u.phone', '=', phone).limit(2).execute();
}

/** Whether a user other than `exceptId` has this phone bound. */
export async function phoneTakenByOther(db: Kysely<DB>, phone: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('app_user').select('id').where('phone', '=', phone);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.limit(1).executeTakeFirst());
}

export async function findDepartmentName(db: Kysely<DB>, departmentId: string | null): Promise<string> {
  if (!departmentId) return '';
  const row = await db.selectFrom('department').select('name').where('id', '=', departmentId).executeTakeFirst();
  return row?.name ?? '';
}

/** The departments a user belongs to within a company. */
export function listUserDepartments(db: Kysely<DB>, userId: string, companyId: string) {
  return db
    .selectFrom('user_department as ud')
    .innerJoin('department as d', 'd.id', 'ud.department_id')
    .select(['d.id', 'd.name', 'd.code'])
    .where('ud.user_id', '=', userId)
    .where('d.company_id', '=', companyId)
    .where('d.enabled', '=', true)
    .orderBy('d.code')
    .execute();
}

export function listUserCompanies(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('user_company as uc')
    .innerJoin('company as c', 'c.id', 'uc.company_id')
    .select(['c.id', 'c.name', 'uc.is_default'])
    .where('uc.user_id', '=', userId)
    .where('c.enabled', '=', true)
    .orderBy('c.name')
    .execute();
}

export async function updateProfile(
  db: Kysely<DB>,
  userId: string,
  values: { first_name: string; avatar_url: string | null; gender: 'M' | 'F' | null; birth_date: string | null; age: number | null; phone: string | null; email: string | null },
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', userId)
    .execute();
}

export async function setCurrentDepartment(db: Kysely<DB>, userId: string, departmentId: string | null): Promise<void> {
  await db.updateTable('app_user').set({ department_id: departmentId, updated_at: new Date(), version: sql`version + 1` }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: passwordHash, updated_by: userId, updated_at: new Date(), version: sql`version + 1` }).where('id', '=', userId).execute();
}

export async function setDefaultCompany(db: Kysely<DB>, userId: string, companyId: string): Promise<void> {
  await db.updateTable('user_company').set({ is_default: sql`company_id = ${companyId}` }).where('user_id', '=', userId).execute();
  await db.updateTable('app_user').set({ default_company_id: companyId, updated_at: new Date(), version: sql`version + 1` }).where('id', '=', userId).execute();
}
