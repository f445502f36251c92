import type { Kysely } from 'kysely';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { assertMayAdminister } from '../../platform/auth/authority.js';
import type { DB } from '../../platform/db/schema.js';
import { withDataRules } from '../../platform/data-rules/index.js';
import { NotFound } from '../../platform/errors.js';
import * as repo from './admin-user.repo.js';

const MENU = '/system/user';

/**
 * Every user-admin action (here and in 用户关系 and 安全组 members) needs its target inside the caller's
 * company and data rules (else 404) and no more powerful than the caller (else 403).
 */
export async function assertAdministrable(db: Kysely<DB>, session: SessionInfo, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const scope = await withDataRules(db, { resource: repo.userRules, permission: MENU, session });
  for (const id of ids) {
    if (!(await repo.findUser(db, session.companyId, scope, id))) throw new NotFound();
    await assertMayAdminister(db, session, id);
  }
}
