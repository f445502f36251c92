import type { Kysely } from 'kysely';
import {
  AuthorityText,
  CompanyText,
  companyResource,
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
import { BizError, Forbidden, NotFound } from '../../platform/errors.js';
import { uniqueViolation } from '../../platform/crud/crud-repo.js';
import { crudService } from '../../platform/crud/crud-service.js';
import * as repo from './company.repo.js';
import { assertAdministrable } from '../admin-user/administrable.js';
import { isPlatformOwner, isSuperIn } from '../../platform/auth/authority.js';

/** 公司 on the kit; an administrator reaches the companies they work for only (others answer 404). */
export function companyService(db: Kysely<DB>) {
  const crud = crudService(db, companyResource, {
    unique: [{ field: 'code', message: CompanyText.codeTaken }],
    scope: async (_db, session) => repo.worksFor(session.userId),
    beforeWrite: async (trx, session, values, current) => {
      if (!current) return;
      if (current.id === session.companyId && values.enabled === false) throw new BizError(CompanyText.cannotDisableCurrent);
      await assertSuperOf(trx, session, [current.id as string]);
    },
  });
  return {
    list: async (session: SessionInfo, q: CompanyListQuery) => (await crud.list(session, q)) as PageResult<Company>,
    edit: async (session: SessionInfo, input: CompanyEdit) => (await crud.edit(session, input)) as Company,
    /** A new company with its root department and 超级管理员 group; the creator works for it in both. */
    async add(session: SessionInfo, input: CompanyCreate) {
      const id = await db.transaction().execute(async (trx) => {
        if (await crud.repo.taken(trx, session, 'code', input.code)) throw new BizError(CompanyText.codeTaken);
        const id = await crud.repo.insert(trx, session, input).catch(uniqueViolation(CompanyText.codeTaken));
        await repo.setUpCompany(trx, session.userId, id, input.name);
        return id;
      });
      return (await crud.get(session, id)) as Company;
    },
  };
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
