import type { Kysely } from 'kysely';
import { formatDateTime, toPageResult, type FollowUp, type FollowUpCreate, type FollowUpEdit, type FollowUpListQuery, type PageResult } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { NotFound, StaleVersion } from '../../platform/errors.js';
import { assertLeadVisible, recordFollowUp, shanghaiInstant } from '../lead/lead.service.js';
import * as repo from './follow-up.repo.js';

/** 跟进记录 of a lead the caller can see (the lead's data rules decide; otherwise 404). */
export async function pageFollowUps(db: Kysely<DB>, session: SessionInfo, q: FollowUpListQuery): Promise<PageResult<FollowUp>> {
  await assertLeadVisible(db, session, q.leadId);
  const { rows, total } = await repo.pageLeadFollowUps(db, session.companyId, q);
  return toPageResult(rows.map(toFollowUp), total, q);
}

/** Adds a follow-up and moves the lead (last/next follow-up, 待跟进 → 跟进中) in one transaction. */
export async function addFollowUp(db: Kysely<DB>, session: SessionInfo, input: FollowUpCreate): Promise<FollowUp> {
  const nextFollowAt = input.nextFollowAt ? shanghaiInstant(input.nextFollowAt) : null;
  const id = await db.transaction().execute(async (trx) => {
    await recordFollowUp(trx, session, input.leadId, nextFollowAt);
    return repo.insertFollowUp(trx, session.companyId, session.userId, input.leadId, { ...input, nextFollowAt });
  });
  return toFollowUp((await repo.findFollowUp(db, session.companyId, id))!);
}

/** Edits the record only; the lead's follow-up times stay as the adding set them. */
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
  // Customer follow-ups come with the customer module; until then only lead ones are reachable.
  if (!row?.lead_id) throw new NotFound();
  await assertLeadVisible(db, session, row.lead_id);
  return row;
}

function toFollowUp(r: repo.FollowUpRow): FollowUp {
  return {
    id: r.id,
    leadId: r.lead_id,
    customerId: r.customer_id,
    type: r.type,
    way: r.way,
    content: r.content,
    nextFollowAt: r.next_follow_at ? formatDateTime(r.next_follow_at) : null,
    createdBy: r.created_by,
    createdByName: r.created_by_name,
    version: r.version,
    createdAt: formatDateTime(r.created_at),
    updatedAt: formatDateTime(r.updated_at),
  };
}
