import type { Kysely } from 'kysely';
import { UserText, type UserInfo, type UserProfile } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { BizError, Forbidden, NotFound } from '../../platform/errors.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { revokeUserSessions, updateSessionScope } from '../../platform/auth/session.repo.js';
import * as repo from './user.repo.js';

export type User = repo.UserRow;

export const findUserByUsername = repo.findUserByUsername;
export const findUserById = repo.findUserById;
export const findUserByWechat = repo.findUserByWechat;

/** The single enabled user bound to a phone number, or undefined (none, or ambiguous). */
export async function findUserByPhone(db: Kysely<DB>, phone: string): Promise<User | undefined> {
  const users = await repo.findUsersByPhone(db, phone);
  return users.length === 1 ? users[0] : undefined;
}

/** Where a fresh sign-in acts: the default company (else the first), and the current department there. */
export async function signInScope(db: Kysely<DB>, user: User): Promise<{ companyId: string; departmentId: string | null }> {
  const companies = await repo.listUserCompanies(db, user.id);
  const company = companies.find((c) => c.id === user.default_company_id) ?? companies[0];
  if (!company) throw new BizError('该用户未关联任何公司，请联系管理员');
  const departments = await repo.listUserDepartments(db, user.id, company.id);
  const departmentId = departments.some((d) => d.id === user.department_id) ? user.department_id : (departments[0]?.id ?? null);
  return { companyId: company.id, departmentId };
}

export async function userInfoFor(db: Kysely<DB>, user: User, scope: { companyId: string; departmentId: string | null }): Promise<UserInfo> {
  return {
    userLoginId: user.username,
    firstName: user.first_name,
    logoImageUrl: user.avatar_url ?? '',
    companyId: scope.companyId,
    departmentId: scope.departmentId ?? '',
    departmentName: await repo.findDepartmentName(db, scope.departmentId),
    partyId: user.id,
    defaultCompanyId: user.default_company_id ?? scope.companyId,
  };
}

function assertSelf(session: SessionInfo, partyId: string | undefined): void {
  // These header features act on the caller only; another user's id is refused, not redirected.
  if (partyId !== undefined && partyId !== session.userId) throw new Forbidden();
}

async function requireUser(db: Kysely<DB>, id: string): Promise<User> {
  const user = await repo.findUserById(db, id);
  if (!user) throw new NotFound();
  return user;
}

export async function getProfile(db: Kysely<DB>, session: SessionInfo): Promise<UserProfile> {
  const user = await requireUser(db, session.userId);
  const departments = await repo.listUserDepartments(db, user.id, session.companyId);
  return {
    partyId: user.id,
    userLoginId: user.username,
    logoImageUrl: user.avatar_url ?? '',
    firstName: user.first_name,
    gender: user.gender,
    birthDate: user.birth_date,
    age: user.age,
    phone: user.phone ?? '',
    email: user.email ?? '',
    departmentId: session.departmentId ?? '',
    departmentName: await repo.findDepartmentName(db, session.departmentId),
    departList: departments.map((d) => ({ id: d.id, departmentId: d.id, departmentName: d.name })),
  };
}

export async function updateProfile(
  db: Kysely<DB>,
  session: SessionInfo,
  input: { partyId: string; logoImageUrl: string; firstName: string; gender?: 'M' | 'F' | null; birthDate?: string | null; age?: number | null; phone?: string; email?: string },
): Promise<void> {
  assertSelf(session, input.partyId);
  await assertPhoneFree(db, input.phone || null, session.userId);
  await repo.updateProfile(db, session.userId, {
    first_name: input.firstName,
    avatar_url: input.logoImageUrl || null,
    gender: input.gender ?? null,
    birth_date: input.birthDate ?? null,
    age: input.age ?? null,
    phone: input.phone || null,
    email: input.email || null,
  });
}

/**
 * A phone signs in one user only: binding another's phone would hijack or block their phone sign-in.
 * The message names no one, so it reveals nothing outside the caller's data scope.
 */
export async function assertPhoneFree(db: Kysely<DB>, phone: string | null, exceptId: string | null): Promise<void> {
  if (phone && (await repo.phoneTakenByOther(db, phone, exceptId))) throw new BizError(UserText.phoneTaken);
}

export async function switchDepartment(
  db: Kysely<DB>,
  session: SessionInfo,
  input: { partyId: string; departmentId: string },
): Promise<{ departmentId: string; departmentName: string }> {
  assertSelf(session, input.partyId);
  const departments = await repo.listUserDepartments(db, session.userId, session.companyId);
  if (departments.length === 0) throw new BizError(UserText.noDepartment);
  const department = departments.find((d) => d.id === input.departmentId);
  if (!department) throw new BizError(UserText.notYourDepartment);
  await db.transaction().execute(async (trx) => {
    await repo.setCurrentDepartment(trx, session.userId, department.id);
    await updateSessionScope(trx, session.sessionId, { departmentId: department.id });
  });
  return { departmentId: department.id, departmentName: department.name };
}

/** Checks the old password, stores the new one and signs the user out everywhere else. */
export async function changeOwnPassword(
  db: Kysely<DB>,
  session: SessionInfo,
  input: { partyId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  assertSelf(session, input.partyId);
  const user = await requireUser(db, session.userId);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) throw new BizError(UserText.wrongOldPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await repo.setPasswordHash(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, 'password', session.sessionId);
  });
}

export async function listCompanies(db: Kysely<DB>, session: SessionInfo, userId: string | undefined) {
  assertSelf(session, userId);
  return (await repo.listUserCompanies(db, session.userId)).map((c) => ({ id: c.id, companyName: c.name }));
}

/** Makes a related company the default and moves the current session into it. */
export async function setDefaultCompany(db: Kysely<DB>, session: SessionInfo, input: { userLoginId: string; defaultCompanyId: string }): Promise<void> {
  if (input.userLoginId.toLowerCase() !== session.username.toLowerCase()) throw new Forbidden();
  const companies = await repo.listUserCompanies(db, session.userId);
  if (!companies.some((c) => c.id === input.defaultCompanyId)) throw new BizError(UserText.notYourCompany);
  const departments = await repo.listUserDepartments(db, session.userId, input.defaultCompanyId);
  const departmentId = departments[0]?.id ?? null;
  await db.transaction().execute(async (trx) => {
    await repo.setDefaultCompany(trx, session.userId, input.defaultCompanyId);
    await repo.setCurrentDepartment(trx, session.userId, departmentId);
    await updateSessionScope(trx, session.sessionId, { companyId: input.defaultCompanyId, departmentId });
  });
}
