import type { Kysely } from 'kysely';
import { toPageResult, type FollowUp, type FollowUpCreate, type FollowUpEdit, type FollowUpListQuery, type PageResult } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { NotFound, StaleVersion } from '../../platform/errors.js';
import { shanghaiInstant } from '../../platform/time.js';
import { assertLeadVisible, recordFollowUp } from '../lead/lead.service.js';
import { assertCustomerVisible, recordCustomerFollowUp } from '../customer/customer.service.js';
import * as repo from './follow-up.repo.js';
import { recordMapper } from '../../platform/db/records.js';

/** 跟进记录 of a lead or customer the caller can see (its data rules decide; otherwise 404). */
export async function pageFollowUps(db: Kysely<DB>, session: SessionInfo, q: FollowUpListQuery): Promise<PageResult<FollowUp>> {
  if (q.leadId) {
    await assertLeadVisible(db, session, q.leadId);
    const { rows, total } = await repo.pageLeadFollowUps(db, session.companyId, { ...q, leadId: q.leadId });
    return toPageResult(rows.map(toFollowUp), total, q);
  }
  const customerId = q.customerId!;
  await assertCustomerVisible(db, session, customerId);
  const { rows, total } = await repo.pageCustomerFollowUps(db, session.companyId, { ...q, customerId });
  return toPageResult(rows.map(toFollowUp), total, q);
}

/** For the customer's 360 page (the caller already passed the customer's rules): the latest `limit`. */
export async function latestFollowUpsOfCustomer(db: Kysely<DB>, companyId: string, customerId: string, limit: number): Promise<{ records: FollowUp[]; total: number }> {
  const { rows, total } = await repo.pageCustomerFollowUps(db, companyId, { customerId, pageNo: 1, pageSize: limit });
  return { records: rows.map(toFollowUp), total };
}

/**
 * Adds a follow-up and, in one transaction, moves its lead (last/next follow-up, 待跟进 → 跟进中)
 * or its customer (last/next follow-up).
 */
export async function addFollowUp(db: Kysely<DB>, session: SessionInfo, input: FollowUpCreate): Promise<FollowUp> {
  const nextFollowAt = input.nextFollowAt ? shanghaiInstant(input.nextFollowAt) : null;
  const id = await db.transaction().execute(async (trx) => {
    if (input.leadId) await recordFollowUp(trx, session, input.leadId, nextFollowAt);
    else await recordCustomerFollowUp(trx, session, input.customerId!, nextFollowAt);
    return repo.insertFollowUp(trx, session.companyId, session.userId, { leadId: input.leadId, customerId: input.leadId ? null : input.customerId }, { ...input, nextFollowAt });
  });
  return toFollowUp((await repo.findFollowUp(db, session.companyId, id))!);
}

/** Edits the record only; the lead's or customer's follow-up times stay as the adding set them. */
export async function editFollowUp(db: Kysely<DB>, session: SessionInfo, input: FollowUpEdit): Promise<FollowUp> {
  const current = await visibleFollowUp(db, session, input.id);
  if (current.version !== input.version) throw new StaleVersion();
  const nextFollowAt = input.nextFollowAt ? shanghaiInstant(input.nextFollowAt) : null;
  if (!(await repo.updateFollowUp(db, session.companyId, session.userId, input.id, input.version, { ...input, nextFollowAt }))) throw new StaleVersion();
  return toFollowUp((await repo.findFollowUp(db, session.companyId, input.id))!);
}

export async function deleteFollowUp(db: Kysely<DB>, session: SessionInfo, id: string): Promise<null> {
  await visibleFollowUp(db, session, id);
  if (!(await repo.deleteFollowUp(db, session.companyId, id))) throw new NotFound();
  return null;
}

async function visibleFollowUp(db: Kysely<DB>, session: SessionInfo, id: string): Promise<repo.FollowUpRow> {
  const row = await repo.findFollowUp(db, session.companyId, id);
  if (!row) throw new NotFound();
  if (row.lead_id) await assertLeadVisible(db, session, row.lead_id);
  else if (row.customer_id) await assertCustomerVisible(db, session, row.customer_id);
  else throw new NotFound();
  return row;
}

const toFollowUp = recordMapper<FollowUp>();
