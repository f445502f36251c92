import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** The company the first start seeded (the oldest): its super administrators own the platform. */
export async function platformCompanyId(db: Kysely<DB>): Promise<string | undefined> {
  const row = await db.selectFrom('company').select('id').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

/** Whether the user is in an enabled group of the company that holds every permission (超级管理员). */
export async function isSuperIn(db: Kysely<DB>, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_security_group as ug')
    .innerJoin('security_group as g', 'g.id', 'ug.group_id')
    .select('g.id')
    .where('ug.user_id', '=', userId)
    .where('g.company_id', '=', companyId)
    .where('g.enabled', '=', true)
    .where('g.all_permissions', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What a user holds in a company through enabled groups: `all` for a super group, else the ids of the
 * enforced permissions (status '0' ones are open to everyone and never make a difference).
 */
export async function heldPermissions(db: Kysely<DB>, companyId: string, userId: string, enabledOnly = true): Promise<{ all: boolean; ids: Set<string> }> {
  let groups = db
    .selectFrom('user_security_group as ug')
    .innerJoin('security_group as g', 'g.id', 'ug.group_id')
    .select(['g.id', 'g.all_permissions'])
    .where('ug.user_id', '=', userId)
    .where('g.company_id', '=', companyId);
  if (enabledOnly) groups = groups.where('g.enabled', '=', true);
  return permissionsOfGroups(db, await groups.execute());
}

/** The union of what groups hold (`all` when one of them is a super group), whether enabled or not. */
export async function groupPermissions(db: Kysely<DB>, companyId: string, groupIds: string[]): Promise<{ all: boolean; ids: Set<string> }> {
  if (groupIds.length === 0) return { all: false, ids: new Set() };
  const groups = await db.selectFrom('security_group as g').select(['g.id', 'g.all_permissions']).where('g.company_id', '=', companyId).where('g.id', 'in', groupIds).execute();
  return permissionsOfGroups(db, groups);
}

async function permissionsOfGroups(db: Kysely<DB>, groups: { id: string; all_permissions: boolean }[]): Promise<{ all: boolean; ids: Set<string> }> {
  if (groups.some((g) => g.all_permissions)) return { all: true, ids: new Set() };
  if (groups.length === 0) return { all: false, ids: new Set() };
  const rows = await db
    .selectFrom('security_group_permission as gp')
    .innerJoin('sys_permission as p', 'p.id', 'gp.permission_id')
    .select('gp.permission_id')
    .distinct()
    .where('p.status', '!=', '0')
    .where(
      'gp.group_id',
      'in',
      groups.map((g) => g.id),
    )
    .execute();
  return { all: false, ids: new Set(rows.map((r) => r.permission_id)) };
}

/** Enforced permissions among `ids` (status '0' ones are open to everyone). */
export async function enforcedAmong(db: Kysely<DB>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('sys_permission').select('id').where('id', 'in', ids).where('status', '!=', '0').execute()).map((r) => r.id);
}

export async function companyIdsOf(db: Kysely<DB>, userId: string): Promise<string[]> {
  return (await db.selectFrom('user_company').select('company_id').where('user_id', '=', userId).execute()).map((r) => r.company_id);
}

/**
 * Whether the user holds `action` in the company, as the route guard decides it: an enabled group that
 * holds every permission or the action's permission, or the action open to everyone (status '0').
 * An action with no permission row is held by super groups only (deny by default).
 */
export async function holdsAction(db: Kysely<DB>, companyId: string, userId: string, action: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('user_security_group as ug')
              .innerJoin('security_group as g', 'g.id', 'ug.group_id')
              .select('g.id')
              .where('ug.user_id', '=', userId)
              .where('g.company_id', '=', companyId)
              .where('g.enabled', '=', true)
              .where((w) =>
                w.or([
                  w('g.all_permissions', '=', true),
                  w.exists(
                    w
                      .selectFrom('security_group_permission as gp')
                      .innerJoin('sys_permission as p', 'p.id', 'gp.permission_id')
                      .select('gp.permission_id')
                      .whereRef('gp.group_id', '=', 'g.id')
                      .where('p.action', '=', action),
                  ),
                ]),
              ),
          ),
          eb.exists(eb.selectFrom('sys_permission as p').select('p.id').where('p.action', '=', action).where('p.status', '=', '0')),
        ])
        .as('allowed'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.allowed);
}
