import type { Kysely } from 'kysely';
import { AuthorityText } from '@care/shared';
import type { DB } from '../db/schema.js';
import { Forbidden } from '../errors.js';
import type { SessionInfo } from './request-session.js';
import * as repo from './authority.repo.js';

export { isSuperIn, platformCompanyId } from './authority.repo.js';

/**
 * Who may administer whom. Super rights hold in their own company only; passwords and profiles are
 * global, so acting on a user reaches every company the user belongs to.
 */

/** A super administrator of the platform company: the only one who may change global tables. */
export async function isPlatformOwner(db: Kysely<DB>, userId: string): Promise<boolean> {
  const platform = await repo.platformCompanyId(db);
  return platform !== undefined && (await repo.isSuperIn(db, platform, userId));
}

/**
 * For routes whose action depends on what they serve (an online form's or report's code): the same
 * decision the route guard makes for a declared action, asked by the handler of an `authenticated` route.
 */
export async function assertHoldsAction(db: Kysely<DB>, session: SessionInfo, action: string): Promise<void> {
  if (!(await repo.holdsAction(db, session.companyId, session.userId, action))) throw new Forbidden();
}

export async function assertPlatformOwner(db: Kysely<DB>, session: SessionInfo): Promise<void> {
  if (!(await isPlatformOwner(db, session.userId))) throw new Forbidden(AuthorityText.platformOnly);
}

/**
 * The caller may reset the password of, edit, disable or regroup `targetId` only when the target is
 * no more powerful: a user of several companies needs a super administrator of each of them (or the
 * platform owner); otherwise the target's permissions in the session company must all be the caller's.
 * The caller's data scope is the module's check (the target must be found through it).
 */
export async function assertMayAdminister(db: Kysely<DB>, session: SessionInfo, targetId: string): Promise<void> {
  if (targetId === session.userId) return;
  if (await isPlatformOwner(db, session.userId)) return;
  const companies = await repo.companyIdsOf(db, targetId);
  if (companies.some((id) => id !== session.companyId)) {
    for (const id of new Set([session.companyId, ...companies])) {
      if (!(await repo.isSuperIn(db, id, session.userId))) throw new Forbidden(AuthorityText.multiCompany);
    }
    return;
  }
  const caller = await repo.heldPermissions(db, session.companyId, session.userId);
  if (caller.all) return;
  // Disabled groups count: enabling one again must not hand the target more than the caller holds.
  const target = await repo.heldPermissions(db, session.companyId, targetId, false);
  if (target.all) throw new Forbidden(AuthorityText.targetIsSuper);
  for (const id of target.ids) if (!caller.ids.has(id)) throw new Forbidden(AuthorityText.targetHoldsMore);
}

/** The caller grants only permissions they hold themselves (status '0' ones are everyone's). */
export async function assertMayGrantPermissions(db: Kysely<DB>, session: SessionInfo, permissionIds: string[]): Promise<void> {
  if (permissionIds.length === 0) return;
  const caller = await repo.heldPermissions(db, session.companyId, session.userId);
  if (caller.all) return;
  for (const id of await repo.enforcedAmong(db, permissionIds)) if (!caller.ids.has(id)) throw new Forbidden(AuthorityText.grantNotHeld);
}

/**
 * The caller puts people into groups only when every permission of those groups is theirs; a super
 * group needs a super administrator.
 */
export async function assertMayGrantGroups(db: Kysely<DB>, session: SessionInfo, groupIds: string[], superOnlyMessage: string): Promise<void> {
  if (groupIds.length === 0) return;
  const caller = await repo.heldPermissions(db, session.companyId, session.userId);
  if (caller.all) return;
  const granted = await repo.groupPermissions(db, session.companyId, groupIds);
  if (granted.all) throw new Forbidden(superOnlyMessage);
  for (const id of granted.ids) if (!caller.ids.has(id)) throw new Forbidden(AuthorityText.groupNotHeld);
}
