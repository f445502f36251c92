import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../db/prepared.js';
import type { DB } from '../db/schema.js';

export interface SessionRow {
  id: string;
  user_id: string;
  username: string;
  company_id: string;
  department_id: string | null;
  expires_at: Date;
  revoked_reason: string | null;
  user_status: string;
  company_enabled: boolean;
  allowed: boolean;
  access_version: string;
}

/**
 * One round trip per request: the session, its user's and company's status, whether the user holds `action` in
 * the session's company (a held group permission, a super group, or an action open to all), and the
 * access rules version (what keeps loaded data rules valid, see data-rules/apply.ts).
 */
export async function findSessionForRequest(db: Kysely<DB>, tokenHash: string, action: string | null): Promise<SessionRow | undefined> {
  const query = sql<SessionRow>`
    select s.id, s.user_id, u.username, s.company_id, s.department_id, s.expires_at, s.revoked_reason,
           u.status as user_status, c.enabled as company_enabled,
           (${action}::text is null or exists (
              select 1 from user_security_group ug
              join security_group g on g.id = ug.group_id and g.enabled and g.company_id = s.company_id
              where ug.user_id = s.user_id and (
                g.all_permissions or exists (
                  select 1 from security_group_permission gp
                  join sys_permission p on p.id = gp.permission_id
                  where gp.group_id = g.id and p.action = ${action}::text))
            ) or exists (select 1 from sys_permission p where p.action = ${action}::text and p.status = '0')) as allowed,
           (select v.version from access_rules_version v where v.id = 1) as access_version
    from user_session s
    join app_user u on u.id = s.user_id
    join company c on c.id = s.company_id
    where s.token_hash = ${tokenHash}`;
  const result = await executePrepared(db, query.compile(db));
  return result.rows[0];
}

export async function insertSession(
  db: Kysely<DB>,
  values: { tokenHash: string; userId: string; companyId: string; departmentId: string | null; method: 'password' | 'phone' | 'cas' | 'wechat'; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<string> {
  const row = await db
    .insertInto('user_session')
    .values({
      token_hash: values.tokenHash,
      user_id: values.userId,
      company_id: values.companyId,
      department_id: values.departmentId,
      login_method: values.method,
      ip: values.ip,
      user_agent: values.userAgent,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes every live session of a user, except `keepId` when given. */
export async function revokeUserSessions(db: Kysely<DB>, userId: string, reason: 'superseded' | 'password' | 'disabled', keepId?: string): Promise<number> {
  let query = db
    .updateTable('user_session')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function revokeSession(db: Kysely<DB>, sessionId: string, reason: 'logout'): Promise<void> {
  await db.updateTable('user_session').set({ revoked_at: new Date(), revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

export async function updateSessionScope(db: Kysely<DB>, sessionId: string, scope: { companyId?: string; departmentId?: string | null }): Promise<void> {
  await db
    .updateTable('user_session')
    .set({ ...(scope.companyId ? { company_id: scope.companyId } : {}), ...(scope.departmentId !== undefined ? { department_id: scope.departmentId } : {}) })
    .where('id', '=', sessionId)
    .execute();
}
