import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export interface TicketSessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  username: string;
  company_id: string;
  department_id: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  user_status: string;
}

/** A session with what a push ticket is checked against: its token hash and its user's state. */
export async function findTicketSession(db: Kysely<DB>, sessionId: string): Promise<TicketSessionRow | undefined> {
  return db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.token_hash', 's.user_id', 'u.username', 's.company_id', 's.department_id', 's.expires_at', 's.revoked_at', 's.revoked_reason', 'u.status as user_status'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

/** Of `sessionIds`, the ones still live (not revoked, not expired, user enabled), with their current company. */
export async function findLiveSessions(db: Kysely<DB>, sessionIds: string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.id', 's.company_id'])
    .where('s.id', 'in', sessionIds)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .where('u.status', '=', 'enabled')
    .execute();
  return new Map(rows.map((r) => [r.id, r.company_id]));
}
