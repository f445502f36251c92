import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

// The names a generated page shows for the ids its rows hold (user, department, a tree node's parent):
// one query per kind for a whole page, each limited to the caller's company.

/** 姓名 of the company's users by id (the username when a user has none). */
export async function userNames(db: Db, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.company_id', '=', companyId))
    .select(['u.id', 'u.first_name', 'u.username'])
    .where('u.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.first_name || r.username]));
}

/** Names of the company's departments by id. */
export async function departmentNames(db: Db, companyId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('department').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The label column of tree nodes by id, among the rows the caller may see (`scope`, over alias `r`):
 * a parent hidden by a data rule is not named. `table` and `labelColumn` come from the synced form
 * (validated identifiers), quoted by sql.table / sql.ref.
 */
export async function nodeLabels(db: Db, companyId: string, table: string, labelColumn: string, ids: readonly string[], scope: Expression<SqlBool>): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; label: unknown }>`
    select r.id, ${sql.ref(`r.${labelColumn}`)} as label from ${sql.table(table)} r
    where r.company_id = ${companyId} and r.id in (${sql.join([...ids])}) and (${scope})`.execute(db);
  return new Map(rows.map((r) => [r.id, r.label === null || r.label === undefined ? '' : String(r.label)]));
}
