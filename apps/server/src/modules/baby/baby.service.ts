import type { Kysely } from 'kysely';
import { type Baby, type BabyCreate, type BabyEdit } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { NotFound, StaleVersion } from '../../platform/errors.js';
import { assertCustomerVisible, lockVisibleCustomer } from '../customer/customer.service.js';
import { shanghaiInstant } from '../../platform/time.js';
import * as repo from './baby.repo.js';
import { recordMapper } from '../../platform/db/records.js';

/** 宝宝 of a customer the caller can see (the customer's data rules decide; otherwise 404). */
export async function listBabies(db: Kysely<DB>, session: SessionInfo, customerId: string): Promise<Baby[]> {
  await assertCustomerVisible(db, session, customerId);
  return listBabiesOfCustomer(db, session.companyId, customerId);
}

/** For the customer's 360 page (the caller already passed the customer's rules). */
export async function listBabiesOfCustomer(db: Kysely<DB>, companyId: string, customerId: string): Promise<Baby[]> {
  return (await repo.listBabies(db, companyId, customerId)).map(toBaby);
}

export async function addBaby(db: Kysely<DB>, session: SessionInfo, input: BabyCreate): Promise<Baby> {
  const id = await db.transaction().execute(async (trx) => {
    await lockVisibleCustomer(trx, session, input.customerId);
    return repo.insertBaby(trx, session.companyId, session.userId, input.customerId, values(input));
  });
  return toBaby((await repo.findBaby(db, session.companyId, id))!);
}

export async function editBaby(db: Kysely<DB>, session: SessionInfo, input: BabyEdit): Promise<Baby> {
  const current = await visibleBaby(db, session, input.id);
  if (current.version !== input.version) throw new StaleVersion();
  if (!(await repo.updateBaby(db, session.companyId, session.userId, input.id, input.version, values(input)))) throw new StaleVersion();
  return toBaby((await repo.findBaby(db, session.companyId, input.id))!);
}

export async function deleteBaby(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  await visibleBaby(db, session, id);
  if (!(await repo.deleteBaby(db, session.companyId, id))) throw new NotFound();
  return null;
}

async function visibleBaby(db: Kysely<DB>, session: SessionInfo, id: string): Promise<repo.BabyRow> {
  const row = await repo.findBaby(db, session.companyId, id);
  if (!row) throw new NotFound();
  await assertCustomerVisible(db, session, row.customer_id);
  return row;
}

function values(input: Omit<BabyCreate, 'customerId'>): repo.BabyValues {
  return { ...input, birthAt: input.birthAt ? shanghaiInstant(input.birthAt) : null };
}

const toBaby = recordMapper<Baby>();
