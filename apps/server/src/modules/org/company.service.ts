import type { Kysely } from 'kysely';
import {
  AuthorityText,
  CompanyText,
  formatDateTime,
  toPageResult,
  type Company,
  type CompanyCreate,
  type CompanyEdit,
  type CompanyListQuery,
  type PageResult,
  type UserRelation,
  type UserRelationListQuery,
  type UserRelationSave,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, Forbidden, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './company.repo.js';
import { assertAdministrable } from '../admin-user/administrable.js';
import { isPlatformOwner, isSuperIn } from '../../platform/auth/authority.js';

/** 公司 and 用户关系; an administrator reaches the companies they work for only. */
export async function pageCompanies(db: Kysely<DB>, session: SessionInfo, q: CompanyListQuery): Promise<PageResult<Company>> {
  const { rows, total } = await repo.pageCompanies(db, session.userId, q);
  return toPageResult(rows.map(toCompany), total, q);
}

export async function addCompany(db: Kysely<DB>, session: SessionInfo, input: CompanyCreate): Promise<Company> {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.companyCodeTaken(trx, input.code)) throw new BizError(CompanyText.codeTaken);
    return repo.insertCompany(trx, session.userId, input).catch(uniqueCode);
  });
  return toCompany((await repo.findCompany(db, session.userId, id))!);
}

export async function editCompany(db: Kysely<DB>, session: SessionInfo, input: CompanyEdit): Promise<Company> {
  const { id, version, ...values } = input;
  if (id === session.companyId && !values.enabled) throw new BizError(CompanyText.cannotDisableCurrent);
  await db.transaction().execute(async (trx) => {
    const current = await repo.findCompany(trx, session.userId, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    await assertSuperOf(trx, session, [id]);
    if (await repo.companyCodeTaken(trx, values.code, id)) throw new BizError(CompanyText.codeTaken);
    // The version is checked again by the update itself, so a concurrent edit still loses cleanly.
    if (!(await repo.updateCompany(trx, session.userId, id, version, values).catch(uniqueCode))) throw new StaleVersion();
  });
  return toCompany((await repo.findCompany(db, session.userId, id))!);
}

export async function pageRelations(db: Kysely<DB>, session: SessionInfo, q: UserRelationListQuery): Promise<PageResult<UserRelation>> {
  const { rows, total } = await repo.pageRelations(db, session.userId, q);
  return toPageResult(
    rows.map((r) => ({ userId: r.user_id, username: r.username, firstName: r.first_name, companyId: r.company_id, companyName: r.company_name, isDefault: r.is_default })),
    total,
    q,
  );
}

/** Replaces the user's companies among the caller's; relations with other companies stay. */
export async function saveRelations(db: Kysely<DB>, session: SessionInfo, input: UserRelationSave): Promise<null> {
  const wanted = [...new Set(input.companyIds)];
  if (!wanted.includes(input.defaultCompanyId)) throw new BizError(CompanyText.defaultNotMember);
  if (input.userId === session.userId && !wanted.includes(session.companyId)) throw new BizError(CompanyText.cannotLeaveCurrent);
  await db.transaction().execute(async (trx) => {
    const mine = new Set(await repo.companyIdsOf(trx, session.userId));
    const theirs = await repo.companyIdsOf(trx, input.userId);
    // A company the caller does not work for: 404. The user must be administrable in the session
    // company (in scope, no more powerful), and every other company gained or left needs its super
    // administrator: super rights in one company give nothing in another.
    if (wanted.some((id) => !mine.has(id))) throw new NotFound();
    await assertAdministrable(trx, session, [input.userId]);
    const touched = [...wanted.filter((id) => !theirs.includes(id)), ...theirs.filter((id) => mine.has(id) && !wanted.includes(id))];
    await assertSuperOf(trx, session, touched);
    for (const id of theirs) if (mine.has(id) && !wanted.includes(id)) await repo.removeRelation(trx, input.userId, id);
    await repo.addRelations(trx, input.userId, wanted.filter((id) => !theirs.includes(id)));
    await repo.setDefaultCompany(trx, input.userId, input.defaultCompanyId);
  });
  return null;
}

/** Companies other than the session's: only their super administrators (or the platform owner) act on them. */
async function assertSuperOf(db: Kysely<DB>, session: SessionInfo, companyIds: string[]): Promise<void> {
  const others = companyIds.filter((id) => id !== session.companyId);
  if (others.length === 0 || (await isPlatformOwner(db, session.userId))) return;
  for (const id of others) if (!(await isSuperIn(db, id, session.userId))) throw new Forbidden(AuthorityText.otherCompany);
}

// Two administrators saving the same code at once: the unique constraint decides.
function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(CompanyText.codeTaken);
  throw err;
}

function toCompany(row: repo.CompanyRow): Company {
  return { id: row.id, code: row.code, name: row.name, enabled: row.enabled, version: row.version, createdAt: formatDateTime(row.created_at) };
}
