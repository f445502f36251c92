import { sql, type Kysely } from 'kysely';
import {
  AdminUserText,
  toPageResult,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserDetail,
  type AdminUserEdit,
  type AdminUserListQuery,
  type PageResult,
  type UserOption,
  type UserStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { revokeUserSessions } from '../../platform/auth/session.repo.js';
import type { DB } from '../../platform/db/schema.js';
import { withDataRules } from '../../platform/data-rules/index.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import * as repo from './admin-user.repo.js';
import { assertMayGrantGroups } from '../security-group/security-group.service.js';
import { assertMayAdminister } from '../../platform/auth/authority.js';
import { assertPhoneFree } from '../user/user.service.js';
import { recordMapper } from '../../platform/db/records.js';

const MENU = '/system/user';
const SEARCH_LIMIT = 20;
// No data rule: for answering a row the caller just saved.
const TRUE = sql<boolean>`true`;

function scopeOf(db: Kysely<DB>, session: SessionInfo) {
  return withDataRules(db, { resource: repo.userRules, permission: MENU, session });
}

export async function pageUsers(db: Kysely<DB>, session: SessionInfo, q: AdminUserListQuery): Promise<PageResult<AdminUser>> {
  const { rows, total } = await repo.pageUsers(db, session.companyId, await scopeOf(db, session), q);
  return toPageResult(rows.map(toAdminUser), total, q);
}

/** Every user the list's filters match in the caller's scope (the export), newest first, at most 10,000. */
export async function exportUsers(db: Kysely<DB>, session: SessionInfo, q: Omit<AdminUserListQuery, 'pageNo' | 'pageSize'>): Promise<AdminUser[]> {
  const { rows } = await repo.pageUsers(db, session.companyId, await scopeOf(db, session), { ...q, pageNo: 1, pageSize: EXPORT_LIMIT });
  return rows.map(toAdminUser);
}

const EXPORT_LIMIT = 10_000;

export async function searchUsers(db: Kysely<DB>, session: SessionInfo, keyword: string): Promise<UserOption[]> {
  return (await repo.searchUsers(db, session.companyId, await scopeOf(db, session), keyword, SEARCH_LIMIT)).map(toOption);
}

export async function usersOfDepartment(db: Kysely<DB>, session: SessionInfo, departmentId: string): Promise<UserOption[]> {
  return (await repo.usersOfDepartment(db, session.companyId, await scopeOf(db, session), departmentId)).map(toOption);
}

export async function userDetail(db: Kysely<DB>, session: SessionInfo, id: string): Promise<AdminUserDetail> {
  const row = await repo.findUser(db, session.companyId, await scopeOf(db, session), id);
  if (!row) throw new NotFound();
  return detailOf(db, session.companyId, row);
}

export async function addUser(db: Kysely<DB>, session: SessionInfo, input: AdminUserCreate): Promise<AdminUserDetail> {
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction().execute(async (trx) => {
    const membership = await checkedMembership(trx, session.companyId, input);
    await assertMayGrantGroups(trx, session, membership.groupIds);
    if (await repo.usernameTaken(trx, input.username)) throw new BizError(AdminUserText.usernameTaken);
    await assertPhoneFree(trx, input.phone, null);
    const userId = await repo
      .insertUser(trx, session.companyId, session.userId, { username: input.username, password_hash: passwordHash, ...profileOf(input, membership.departmentId) })
      .catch((err: unknown) => {
        // Two administrators adding the same name at once: the unique index decides.
        if ((err as { code?: string }).code === '23505') throw new BizError(AdminUserText.usernameTaken);
        throw err;
      });
    await repo.replaceDepartments(trx, session.companyId, userId, membership.departmentIds);
    await repo.replaceGroups(trx, session.companyId, userId, membership.groupIds);
    return userId;
  });
  // The creator may place the user outside their own data rules; the answer still shows what was saved.
  return userDetail(db, session, id).catch(async (err: unknown) => {
    if (!(err instanceof NotFound)) throw err;
    return detailOf(db, session.companyId, (await repo.findUser(db, session.companyId, TRUE, id))!);
  });
}

export async function editUser(db: Kysely<DB>, session: SessionInfo, input: AdminUserEdit): Promise<AdminUserDetail> {
  const scope = await scopeOf(db, session);
  await db.transaction().execute(async (trx) => {
    const current = await repo.findUser(trx, session.companyId, scope, input.id);
    if (!current) throw new NotFound();
    if (current.version !== input.version) throw new StaleVersion();
    await assertMayAdminister(trx, session, input.id);
    await assertPhoneFree(trx, input.phone, input.id);
    const membership = await checkedMembership(trx, session.companyId, input);
    const held = new Set(await repo.groupIdsOf(trx, session.companyId, input.id));
    await assertMayGrantGroups(trx, session, membership.groupIds.filter((id) => !held.has(id)));
    // The version is checked again by the update itself, so a concurrent edit still loses cleanly.
    if (!(await repo.updateProfile(trx, session.companyId, scope, session.userId, input.id, input.version, profileOf(input, membership.departmentId)))) {
      throw new StaleVersion();
    }
    await repo.replaceDepartments(trx, session.companyId, input.id, membership.departmentIds);
    await repo.replaceGroups(trx, session.companyId, input.id, membership.groupIds);
  });
  const row = (await repo.findUser(db, session.companyId, scope, input.id)) ?? (await repo.findUser(db, session.companyId, TRUE, input.id));
  return detailOf(db, session.companyId, row!);
}

/** Disabling revokes the user's sessions in the same transaction: their next request answers 302. */
export async function setStatus(db: Kysely<DB>, session: SessionInfo, userId: string, status: UserStatus): Promise<null> {
  if (status === 'disabled' && userId === session.userId) throw new BizError(AdminUserText.cannotDisableSelf);
  const scope = await scopeOf(db, session);
  await db.transaction().execute(async (trx) => {
    await assertMayAdminister(trx, session, userId);
    if (!(await repo.updateStatus(trx, session.companyId, scope, session.userId, userId, status))) throw new NotFound();
    if (status === 'disabled') await revokeUserSessions(trx, userId, 'disabled');
  });
  return null;
}

/** An administrator's reset: the user is signed out everywhere (the caller keeps their own session). */
export async function resetPassword(db: Kysely<DB>, session: SessionInfo, userId: string, password: string): Promise<null> {
  const scope = await scopeOf(db, session);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await assertMayAdminister(trx, session, userId);
    if (!(await repo.updatePasswordHash(trx, session.companyId, scope, session.userId, userId, passwordHash))) throw new NotFound();
    await revokeUserSessions(trx, userId, 'password', userId === session.userId ? session.sessionId : undefined);
  });
  return null;
}

/** Departments and groups must belong to the session company; the current department is one of them. */
async function checkedMembership(db: Kysely<DB>, companyId: string, input: Pick<AdminUserCreate, 'departmentIds' | 'departmentId' | 'groupIds'>) {
  const departmentIds = [...new Set(input.departmentIds)];
  const groupIds = [...new Set(input.groupIds)];
  if ((await repo.countDepartments(db, companyId, departmentIds)) !== departmentIds.length) throw new BizError(AdminUserText.unknownDepartment);
  if ((await repo.countGroups(db, companyId, groupIds)) !== groupIds.length) throw new BizError(AdminUserText.unknownGroup);
  const departmentId = input.departmentId ?? departmentIds[0]!;
  if (!departmentIds.includes(departmentId)) throw new BizError(AdminUserText.currentDepartmentNotMember);
  return { departmentIds, groupIds, departmentId };
}

function profileOf(input: Pick<AdminUserCreate, 'firstName' | 'gender' | 'phone' | 'email' | 'avatarUrl'>, departmentId: string) {
  return { first_name: input.firstName, gender: input.gender, phone: input.phone, email: input.email, avatar_url: input.avatarUrl, department_id: departmentId };
}

async function detailOf(db: Kysely<DB>, companyId: string, row: repo.UserRow): Promise<AdminUserDetail> {
  const [departmentIds, groupIds] = await Promise.all([repo.departmentIdsOf(db, companyId, row.id), repo.groupIdsOf(db, companyId, row.id)]);
  return { ...toAdminUser(row), departmentIds, groupIds };
}

const toAdminUser = recordMapper<AdminUser>();

const toOption = recordMapper<UserOption>();
