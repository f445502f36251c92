import type { Kysely } from 'kysely';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

const columns = [
  'f.id', 'f.lead_id', 'f.customer_id', 'f.type', 'f.way', 'f.content', 'f.next_follow_at', 'f.created_by', 'u.first_name as created_by_name', 'f.version',
  'f.created_at', 'f.updated_at',
] as const;

function followUps(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('follow_up as f').leftJoin('app_user as u', 'u.id', 'f.created_by').where('f.company_id', '=', companyId);
}

export type FollowUpRow = Awaited<ReturnType<typeof findFollowUp>> & object;

type Paging = { pageNo: number; pageSize: number; order?: 'asc' | 'desc' };

/** One page of follow-ups, newest first unless `order` says otherwise, with the total. */
async function pageOf(db: Kysely<DB>, query: ReturnType<typeof followUps>, q: Paging): Promise<{ rows: FollowUpRow[]; total: number }> {
  return pageWithCappedCount(db, query.select(columns).orderBy('f.created_at', q.order ?? 'desc').orderBy('f.id'), query, q);
}

export function findFollowUp(db: Kysely<DB>, companyId: string, id: string) {
  return followUps(db, companyId).select(columns).where('f.id', '=', id).executeTakeFirst();
}

export async function pageLeadFollowUps(
  db: Kysely<DB>,
  companyId: string,
  q: { leadId: string; pageNo: number; pageSize: number; order?: 'asc' | 'desc' },
): Promise<{ rows: FollowUpRow[]; total: number }> {
  const query = followUps(db, companyId).where('f.lead_id', '=', q.leadId);
  return pageOf(db, query, q);
}

/**
 * A customer's follow-ups: its own and those of the leads it was converted from (the link is kept
 * both ways), newest first.
 */
export async function pageCustomerFollowUps(
  db: Kysely<DB>,
  companyId: string,
  q: { customerId: string; pageNo: number; pageSize: number; order?: 'asc' | 'desc' },
): Promise<{ rows: FollowUpRow[]; total: number }> {
  const query = followUps(db, companyId).where((eb) =>
    eb.or([
      eb('f.customer_id', '=', q.customerId),
      eb('f.lead_id', 'in', eb.selectFrom('lead as l').select('l.id').where('l.company_id', '=', companyId).where('l.customer_id', '=', q.customerId)),
    ]),
  );
  return pageOf(db, query, q);
}

type Values = { type: string; way: string; content: string; nextFollowAt: Date | null };

/** On a lead or a customer (exactly one of them). */
export async function insertFollowUp(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  subject: { leadId: string | null; customerId: string | null },
  v: Values,
): Promise<string> {
  const row = await db
    .insertInto('follow_up')
    .values({ company_id: companyId, lead_id: subject.leadId, customer_id: subject.customerId, type: v.type, way: v.way, content: v.content, next_follow_at: v.nextFollowAt, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFollowUp(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, v: Values): Promise<boolean> {
  return updateVersionedRow(db, 'follow_up', { companyId, userId, id, version }, { type: v.type, way: v.way, content: v.content, next_follow_at: v.nextFollowAt });
}

export async function deleteFollowUp(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('follow_up').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
