import type { Kysely } from 'kysely';
import { StoreText, storeResource, type CrmOption } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { crudRepo, type Db } from '../../platform/crud/crud-repo.js';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import * as repo from './store.repo.js';

/** 门店 administration in the session company: the kit's CRUD with the store's rules below. */
export const storeCrudOptions: CrudOptions = {
  unique: [{ field: 'code', message: StoreText.codeTaken }],
  beforeWrite: (trx, session, values, current) => checkValues(trx, session, values, current?.id as string | undefined),
  enrich: withNames,
};

/** The code is unique in any letter case; the parent exists and is not the store or below it; the manager is a user of the company. */
async function checkValues(db: Db, session: SessionInfo, values: Record<string, unknown>, id?: string): Promise<void> {
  const { code, parentId, managerId } = values as { code: string; parentId: string | null; managerId: string | null };
  if (await repo.codeTaken(db, session.companyId, code, id)) throw new BizError(StoreText.codeTaken);
  if (parentId) {
    if (!(await repo.storeExists(db, session.companyId, parentId))) throw new BizError(StoreText.parentMissing);
    if (id && (await repo.subtreeIds(db, session.companyId, id)).includes(parentId)) throw new BizError(StoreText.badParent);
  }
  if (managerId && (await repo.countCompanyUsers(db, session.companyId, [managerId])) !== 1) throw new BizError(StoreText.managerMissing);
}

/** Records with the names of their parent store and manager. */
async function withNames(db: Db, session: SessionInfo, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = (key: string) => [...new Set(records.map((r) => r[key] as string | null).filter((v): v is string => Boolean(v)))];
  const names = await repo.namesOf(db, session.companyId, ids('parentId'), ids('managerId'));
  return records.map((r) => ({
    ...r,
    parentName: r.parentId ? (names.stores.get(r.parentId as string) ?? null) : null,
    managerName: r.managerId ? (names.users.get(r.managerId as string) ?? null) : null,
  }));
}

export async function usersOfStore(db: Kysely<DB>, session: SessionInfo, storeId: string) {
  if (!(await repo.storeExists(db, session.companyId, storeId))) throw new NotFound();
  return (await repo.storeUsers(db, storeId)).map((u) => ({ id: u.id, username: u.username, firstName: u.first_name }));
}

export async function saveUsersOfStore(db: Kysely<DB>, session: SessionInfo, storeId: string, userIds: string[]): Promise<null> {
  const ids = [...new Set(userIds)];
  await db.transaction().execute(async (trx) => {
    if (!(await repo.storeExists(trx, session.companyId, storeId))) throw new NotFound();
    if ((await repo.countCompanyUsers(trx, session.companyId, ids)) !== ids.length) throw new BizError(StoreText.userMissing);
    await repo.replaceStoreUsers(trx, storeId, ids);
  });
  return null;
}

export async function storeOptions(db: Kysely<DB>, session: SessionInfo): Promise<CrmOption[]> {
  return repo.storeOptions(db, session.companyId);
}

/** `#{sys_store_ids}`: the stores of the company a user works in or manages. */
export function storeIdsOfUser(db: Kysely<DB>, userId: string, companyId: string): Promise<string[]> {
  return repo.storeIdsOfUser(db, userId, companyId);
}

const stores = crudRepo(storeResource);

/** Whether an enabled store of the company (for other modules' references). */
export async function enabledStoreExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean((await stores.find(db, { companyId }, id))?.enabled);
}
