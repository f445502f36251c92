import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { UserRelationListQuery } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

// Sort keys of the relation list → columns; the request only ever picks a key.
const relationSort = { username: 'u.username', companyName: 'c.name' } as const;

/** The kit's row filter (alias `r`): companies `userId` works for. */
export function worksFor(userId: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from user_company mine where mine.company_id = r.id and mine.user_id = ${userId})`;
}

/** A new company's root department and 超级管理员 group; the creator works for it in both. */
export async function setUpCompany(db: Db, creatorId: string, companyId: string, name: string): Promise<void> {
  const root = await db
    .insertInto('department')
    .values({ company_id: companyId, code: 'A01', name, created_by: creatorId, updated_by: creatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('security_group')
    .values({ company_id: companyId, code: 'admin', name: '超级管理员', description: '拥有全部权限', all_permissions: true, created_by: creatorId, updated_by: creatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_company').values({ user_id: creatorId, company_id: companyId, is_default: false }).execute();
  await db.insertInto('user_department').values({ user_id: creatorId, department_id: root.id }).execute();
  await db.insertInto('user_security_group').values({ user_id: creatorId, group_id: group.id }).execute();
}

export type RelationRow = Awaited<ReturnType<typeof pageRelations>>['rows'][number];

/** Relations of users with the caller's companies. */
export async function pageRelations(db: Kysely<DB>, callerId: string, q: UserRelationListQuery) {
  let query = db
    .selectFrom('user_company as uc')
    .innerJoin('app_user as u', 'u.id', 'uc.user_id')
    .innerJoin('company as c', 'c.id', 'uc.company_id')
    .where((eb) => eb.exists(eb.selectFrom('user_company as mine').select('mine.company_id').whereRef('mine.company_id', '=', 'uc.company_id').where('mine.user_id', '=', callerId)));
  if (q.username) query = query.where('u.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.userId) query = query.where('uc.user_id', '=', q.userId);
  if (q.companyId) query = query.where('uc.company_id', '=', q.companyId);
  return pageWithCappedCount(db, query.select(['uc.user_id', 'u.username', 'u.first_name', 'uc.company_id', 'c.name as company_name', 'uc.is_default']).orderBy(relationSort[q.column ?? 'username'], q.order ?? 'asc').orderBy('uc.user_id').orderBy('uc.company_id'), query, q);
}

export async function companyIdsOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  return (await db.selectFrom('user_company').select('company_id').where('user_id', '=', userId).execute()).map((r) => r.company_id);
}

/** Ends a user's relation with a company: their groups, departments and live sessions there go too. */
export async function removeRelation(db: Kysely<DB>, userId: string, companyId: string): Promise<void> {
  await db.deleteFrom('user_security_group').where('user_id', '=', userId).where('group_id', 'in', db.selectFrom('security_group').select('id').where('company_id', '=', companyId)).execute();
  await db.deleteFrom('user_department').where('user_id', '=', userId).where('department_id', 'in', db.selectFrom('department').select('id').where('company_id', '=', companyId)).execute();
  await db.deleteFrom('user_company').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
  await db
    .updateTable('user_session')
    .set({ revoked_at: new Date(), revoked_reason: 'disabled' })
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function addRelations(db: Kysely<DB>, userId: string, companyIds: string[]): Promise<void> {
  if (companyIds.length) await db.insertInto('user_company').values(companyIds.map((id) => ({ user_id: userId, company_id: id, is_default: false }))).execute();
}

/** Exactly one default company per user. */
export async function setDefaultCompany(db: Kysely<DB>, userId: string, companyId: string): Promise<void> {
  await db.updateTable('user_company').set({ is_default: sql<boolean>`company_id = ${companyId}::uuid` }).where('user_id', '=', userId).execute();
  await db.updateTable('app_user').set({ default_company_id: companyId, version: sql`version + 1`, updated_at: new Date() }).where('id', '=', userId).execute();
}
