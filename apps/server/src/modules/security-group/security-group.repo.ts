import type { Kysely } from 'kysely';
import type { GroupMemberListQuery, SecurityGroupListQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import { escapeLike } from '../../platform/db/like.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

const groupColumns = ['g.id', 'g.code', 'g.name', 'g.description', 'g.all_permissions', 'g.enabled', 'g.version', 'g.created_at', 'g.updated_at'] as const;

// Sort keys of the list → columns; the request only ever picks a key.
const sortColumns = { code: 'g.code', name: 'g.name', createdAt: 'g.created_at' } as const;

function groups(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('security_group as g').where('g.company_id', '=', companyId);
}

export type GroupRow = Awaited<ReturnType<typeof findGroup>> & object;

export function findGroup(db: Kysely<DB>, companyId: string, id: string) {
  return groups(db, companyId).select(groupColumns).where('g.id', '=', id).executeTakeFirst();
}

export async function pageGroups(db: Kysely<DB>, companyId: string, q: SecurityGroupListQuery): Promise<{ rows: GroupRow[]; total: number }> {
  let query = groups(db, companyId);
  if (q.code) query = query.where('g.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) query = query.where('g.name', 'ilike', `%${escapeLike(q.name)}%`);
  return pageWithCappedCount(db, query.select(groupColumns).orderBy(sortColumns[q.column ?? 'createdAt'], q.order ?? 'asc').orderBy('g.id'), query, q);
}

export function groupsOfUser(db: Kysely<DB>, companyId: string, userId: string) {
  return groups(db, companyId)
    .innerJoin('user_security_group as ug', 'ug.group_id', 'g.id')
    .select(groupColumns)
    .where('ug.user_id', '=', userId)
    .orderBy('g.code')
    .execute();
}

export async function codeTaken(db: Kysely<DB>, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('security_group').select('id').where('company_id', '=', companyId).where('code', '=', code);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

type GroupValues = { code: string; name: string; description: string; enabled: boolean };

export async function insertGroup(db: Kysely<DB>, companyId: string, userId: string, values: GroupValues): Promise<string> {
  const row = await db
    .insertInto('security_group')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is current; answers whether a row changed. */
export function updateGroup(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: GroupValues): Promise<boolean> {
  return updateVersionedRow(db, 'security_group', { companyId, userId, id, version }, values);
}

/** Whether the user works for the company. */
export async function userInCompany(db: Kysely<DB>, companyId: string, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user_company').select('user_id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst());
}

export async function countGroups(db: Kysely<DB>, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await groups(db, companyId).select((eb) => eb.fn.countAll<number>().as('n')).where('g.id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces the user's groups of the company (those of other companies stay). */
export async function replaceUserGroups(db: Kysely<DB>, companyId: string, userId: string, groupIds: string[]): Promise<void> {
  await db
    .deleteFrom('user_security_group')
    .where('user_id', '=', userId)
    .where('group_id', 'in', db.selectFrom('security_group').select('id').where('company_id', '=', companyId))
    .execute();
  if (groupIds.length) await db.insertInto('user_security_group').values(groupIds.map((id) => ({ user_id: userId, group_id: id }))).execute();
}

export async function permissionIdsOfGroup(db: Kysely<DB>, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('security_group_permission as gp')
    .innerJoin('sys_permission as p', 'p.id', 'gp.permission_id')
    .select('gp.permission_id')
    .where('gp.group_id', '=', groupId)
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.permission_id);
}

export async function allPermissionIds(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('sys_permission').select('id').orderBy('sort').orderBy('id').execute()).map((r) => r.id);
}

export async function countPermissions(db: Kysely<DB>, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function replaceGroupPermissions(db: Kysely<DB>, groupId: string, permissionIds: string[]): Promise<void> {
  await db.deleteFrom('security_group_permission').where('group_id', '=', groupId).execute();
  if (permissionIds.length) await db.insertInto('security_group_permission').values(permissionIds.map((id) => ({ group_id: groupId, permission_id: id }))).execute();
}

const memberSort = { username: 'u.username', firstName: 'u.first_name', createdAt: 'u.created_at' } as const;

/** Users of the company in the group (`member`) or not in it, by part of username, name or phone. */
export async function pageGroupUsers(db: Kysely<DB>, companyId: string, q: GroupMemberListQuery) {
  let query = db
    .selectFrom('app_user as u')
    .leftJoin('department as d', 'd.id', 'u.department_id')
    .where((eb) => eb.exists(eb.selectFrom('user_company as uc').select('uc.user_id').whereRef('uc.user_id', '=', 'u.id').where('uc.company_id', '=', companyId)))
    .where((eb) => {
      const inGroup = eb.exists(eb.selectFrom('user_security_group as ug').select('ug.user_id').whereRef('ug.user_id', '=', 'u.id').where('ug.group_id', '=', q.groupId));
      return q.member ? inGroup : eb.not(inGroup);
    });
  if (q.keyword) {
    const pattern = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('u.username', 'ilike', pattern), eb('u.first_name', 'ilike', pattern), eb('u.phone', 'like', pattern)]));
  }
  return pageWithCappedCount(db, query.select(['u.id', 'u.username', 'u.first_name', 'u.phone', 'u.status', 'd.name as department_name']).orderBy(memberSort[q.column ?? 'username'], q.order ?? 'asc').orderBy('u.id'), query, q);
}

/** How many of `userIds` work for the company. */
export async function countCompanyUsers(db: Kysely<DB>, companyId: string, userIds: string[]): Promise<number> {
  const row = await db
    .selectFrom('user_company')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addGroupUsers(db: Kysely<DB>, groupId: string, userIds: string[]): Promise<void> {
  await db
    .insertInto('user_security_group')
    .values(userIds.map((user_id) => ({ user_id, group_id: groupId })))
    .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing())
    .execute();
}

export async function removeGroupUsers(db: Kysely<DB>, groupId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('user_security_group').where('group_id', '=', groupId).where('user_id', 'in', userIds).execute();
}
