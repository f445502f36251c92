import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** The columns the menu and the auth lists need (not the audit columns: this runs on every page load). */
export function listAllPermissions(db: Kysely<DB>) {
  return db
    .selectFrom('sys_permission')
    .select([
      'id', 'parent_id', 'menu_type', 'name', 'path', 'route_name', 'component', 'redirect', 'icon', 'url',
      'is_route', 'hidden', 'always_show', 'keep_alive', 'internal_or_external', 'action', 'auth_type', 'status',
    ])
    .orderBy('sort')
    .orderBy('name')
    .execute();
}

export type PermissionRow = Awaited<ReturnType<typeof listAllPermissions>>[number];

/** Bumped by a trigger on every change to sys_permission. */
export async function permissionCatalogVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('permission_catalog_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** Ids of the permissions a user holds in a company through enabled groups; `all` when a group holds everything. */
export async function grantedPermissionIds(db: Kysely<DB>, userId: string, companyId: string): Promise<{ all: boolean; ids: Set<string> }> {
  const groups = await db
    .selectFrom('user_security_group as ug')
    .innerJoin('security_group as g', 'g.id', 'ug.group_id')
    .select(['g.id', 'g.all_permissions'])
    .where('ug.user_id', '=', userId)
    .where('g.company_id', '=', companyId)
    .where('g.enabled', '=', true)
    .execute();
  if (groups.some((g) => g.all_permissions)) return { all: true, ids: new Set() };
  if (groups.length === 0) return { all: false, ids: new Set() };
  const rows = await db
    .selectFrom('security_group_permission')
    .select('permission_id')
    .distinct()
    .where(
      'group_id',
      'in',
      groups.map((g) => g.id),
    )
    .execute();
  return { all: false, ids: new Set(rows.map((r) => r.permission_id)) };
}

export async function seededKeys(db: Kysely<DB>): Promise<Set<string>> {
  return new Set((await db.selectFrom('seed_record').select('key').execute()).map((r) => r.key));
}
