import type { Kysely } from 'kysely';
import {
  formatDateTime,
  StoreText,
  toPageResult,
  type CrmOption,
  type ModeType,
  type PageResult,
  type Store,
  type StoreCreate,
  type StoreEdit,
  type StoreListQuery,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './store.repo.js';

/** 门店 administration in the session company. */
export async function pageStores(db: Kysely<DB>, session: SessionInfo, q: StoreListQuery): Promise<PageResult<Store>> {
  const { rows, total } = await repo.pageStores(db, session.companyId, q);
  return toPageResult(rows.map(toStore), total, q);
}

export async function getStore(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Store> {
  const row = await repo.findStore(db, session.companyId, id);
  if (!row) throw new NotFound();
  return toStore(row);
}

export async function addStore(db: Kysely<DB>, session: SessionInfo, input: StoreCreate): Promise<Store> {
  const id = await db.transaction().execute(async (trx) => {
    await checkValues(trx, session, input);
    return repo.insertStore(trx, session.companyId, session.userId, input).catch(uniqueCode);
  });
  return getStore(db, session, id);
}

export async function editStore(db: Kysely<DB>, session: SessionInfo, input: StoreEdit): Promise<Store> {
  const { id, version, ...values } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findStore(trx, session.companyId, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    await checkValues(trx, session, values, id);
    if (!(await repo.updateStore(trx, session.companyId, session.userId, id, version, values).catch(uniqueCode))) throw new StaleVersion();
  });
  return getStore(db, session, id);
}

export async function setStoreEnabled(db: Kysely<DB>, session: SessionInfo, id: string, enabled: boolean): Promise<Store> {
  if (!(await repo.setEnabled(db, session.companyId, session.userId, id, enabled))) throw new NotFound();
  return getStore(db, session, id);
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

/** Whether an enabled store of the company (for other modules' references). */
export async function enabledStoreExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const row = await repo.findStore(db, companyId, id);
  return Boolean(row?.enabled);
}

async function checkValues(db: Kysely<DB>, session: SessionInfo, values: StoreCreate, id?: string): Promise<void> {
  if (await repo.codeTaken(db, session.companyId, values.code, id)) throw new BizError(StoreText.codeTaken);
  if (values.parentId) {
    if (!(await repo.storeExists(db, session.companyId, values.parentId))) throw new BizError(StoreText.parentMissing);
    if (id && (await repo.subtreeIds(db, session.companyId, id)).includes(values.parentId)) throw new BizError(StoreText.badParent);
  }
  if (values.managerId && (await repo.countCompanyUsers(db, session.companyId, [values.managerId])) !== 1) throw new BizError(StoreText.managerMissing);
}

function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(StoreText.codeTaken);
  throw err;
}

function toStore(r: repo.StoreRow): Store {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    parentId: r.parent_id,
    parentName: r.parent_name,
    managerId: r.manager_id,
    managerName: r.manager_name,
    phone: r.phone,
    address: r.address,
    region: r.region,
    modes: r.modes as ModeType[],
    enabled: r.enabled,
    sort: r.sort,
    version: r.version,
    createdAt: formatDateTime(r.created_at),
    updatedAt: formatDateTime(r.updated_at),
  };
}
