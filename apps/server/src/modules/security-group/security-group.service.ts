import type { Kysely } from 'kysely';
import {
  type GroupMember,
  type GroupMemberListQuery,
  SecurityGroupText,
  toPageResult,
  type PageResult,
  type SecurityGroup,
  type SecurityGroupCreate,
  type SecurityGroupEdit,
  type SecurityGroupListQuery,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './security-group.repo.js';
import { assertMayGrantGroups as assertGroupsHeld, assertMayGrantPermissions } from '../../platform/auth/authority.js';
import { assertAdministrable } from '../admin-user/administrable.js';
import { recordMapper } from '../../platform/db/records.js';

/** 安全组 administration; groups live in the administrator's session company. */
export async function pageGroups(db: Kysely<DB>, session: SessionInfo, q: SecurityGroupListQuery): Promise<PageResult<SecurityGroup>> {
  const { rows, total } = await repo.pageGroups(db, session.companyId, q);
  return toPageResult(rows.map(toGroup), total, q);
}

export async function addGroup(db: Kysely<DB>, session: SessionInfo, input: SecurityGroupCreate): Promise<SecurityGroup> {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.codeTaken(trx, session.companyId, input.code)) throw new BizError(SecurityGroupText.codeTaken);
    return repo.insertGroup(trx, session.companyId, session.userId, input).catch(uniqueCode);
  });
  return toGroup((await repo.findGroup(db, session.companyId, id))!);
}

export async function editGroup(db: Kysely<DB>, session: SessionInfo, input: SecurityGroupEdit): Promise<SecurityGroup> {
  const { id, version, ...values } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findGroup(trx, session.companyId, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (await repo.codeTaken(trx, session.companyId, values.code, id)) throw new BizError(SecurityGroupText.codeTaken);
    // The version is checked again by the update itself, so a concurrent edit still loses cleanly.
    if (!(await repo.updateGroup(trx, session.companyId, session.userId, id, version, values).catch(uniqueCode))) throw new StaleVersion();
  });
  return toGroup((await repo.findGroup(db, session.companyId, id))!);
}

export async function groupsOfUser(db: Kysely<DB>, session: SessionInfo, userId: string): Promise<SecurityGroup[]> {
  if (!(await repo.userInCompany(db, session.companyId, userId))) throw new NotFound();
  return (await repo.groupsOfUser(db, session.companyId, userId)).map(toGroup);
}

/**
 * Only a super administrator may put someone into a group that holds every permission, and anyone
 * else only into groups whose permissions they hold; otherwise anyone allowed to manage users could
 * make themselves (or an accomplice) more powerful.
 */
export async function assertMayGrantGroups(db: Kysely<DB>, session: SessionInfo, groupIds: string[]): Promise<void> {
  await assertGroupsHeld(db, session, groupIds, SecurityGroupText.superGroupOnly);
}

export async function saveGroupsOfUser(db: Kysely<DB>, session: SessionInfo, userId: string, groupIds: string[]): Promise<null> {
  const ids = [...new Set(groupIds)];
  await db.transaction().execute(async (trx) => {
    if (!(await repo.userInCompany(trx, session.companyId, userId))) throw new NotFound();
    if ((await repo.countGroups(trx, session.companyId, ids)) !== ids.length) throw new NotFound();
    await assertAdministrable(trx, session, [userId]);
    const held = new Set((await repo.groupsOfUser(trx, session.companyId, userId)).map((g) => g.id));
    await assertMayGrantGroups(trx, session, ids.filter((id) => !held.has(id)));
    await repo.replaceUserGroups(trx, session.companyId, userId, ids);
  });
  return null;
}

export async function pageGroupUsers(db: Kysely<DB>, session: SessionInfo, q: GroupMemberListQuery): Promise<PageResult<GroupMember>> {
  if (!(await repo.findGroup(db, session.companyId, q.groupId))) throw new NotFound();
  const { rows, total } = await repo.pageGroupUsers(db, session.companyId, q);
  const records = rows.map((r) => ({ id: r.id, username: r.username, firstName: r.first_name, phone: r.phone, departmentName: r.department_name, status: r.status }));
  return toPageResult(records, total, q);
}

/** Puts users into a group; the same rule as saveGroupsOfUser guards an all-permissions group. */
export async function addGroupUsers(db: Kysely<DB>, session: SessionInfo, groupId: string, userIds: string[]): Promise<null> {
  const ids = [...new Set(userIds)];
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findGroup(trx, session.companyId, groupId))) throw new NotFound();
    if ((await repo.countCompanyUsers(trx, session.companyId, ids)) !== ids.length) throw new NotFound();
    await assertMayGrantGroups(trx, session, [groupId]);
    await assertAdministrable(trx, session, ids);
    await repo.addGroupUsers(trx, groupId, ids);
  });
  return null;
}

export async function removeGroupUsers(db: Kysely<DB>, session: SessionInfo, groupId: string, userIds: string[]): Promise<null> {
  const ids = [...new Set(userIds)];
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findGroup(trx, session.companyId, groupId))) throw new NotFound();
    if ((await repo.countCompanyUsers(trx, session.companyId, ids)) !== ids.length) throw new NotFound();
    await assertAdministrable(trx, session, ids);
    await repo.removeGroupUsers(trx, groupId, ids);
  });
  return null;
}

export async function permissionsOfGroup(db: Kysely<DB>, session: SessionInfo, groupId: string): Promise<string[]> {
  const group = await repo.findGroup(db, session.companyId, groupId);
  if (!group) throw new NotFound();
  return group.all_permissions ? repo.allPermissionIds(db) : repo.permissionIdsOfGroup(db, groupId);
}

export async function saveGroupPermissions(db: Kysely<DB>, session: SessionInfo, groupId: string, permissionIds: string[]): Promise<null> {
  const ids = [...new Set(permissionIds)];
  await db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, session.companyId, groupId);
    if (!group) throw new NotFound();
    if (group.all_permissions) throw new BizError(SecurityGroupText.allPermissionsGroup);
    if ((await repo.countPermissions(trx, ids)) !== ids.length) throw new BizError(SecurityGroupText.unknownPermission);
    const current = new Set(await repo.permissionIdsOfGroup(trx, groupId));
    await assertMayGrantPermissions(trx, session, ids.filter((id) => !current.has(id)));
    await repo.replaceGroupPermissions(trx, groupId, ids);
  });
  return null;
}

// Two administrators saving the same code at once: the unique constraint decides.
function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(SecurityGroupText.codeTaken);
  throw err;
}

const toGroup = recordMapper<SecurityGroup>();
