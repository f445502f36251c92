import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { OPEN_LEAD_STATUSES, type LeadListQuery, type LeadPoolQuery, type LeadStatus } from '@care/shared';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import { sortTerm, type SortColumn } from '../../platform/db/sort.js';
import { shanghaiDayAfter, shanghaiDayStart, shanghaiInstant } from '../../platform/time.js';

// Sort keys of the list → columns (see sortTerm).
const sortColumns = {
  createdAt: { column: 'l.created_at', nullable: false },
  leadNo: { column: 'l.lead_no', nullable: false },
  name: { column: 'l.name', nullable: false },
  dueDate: { column: 'l.due_date', nullable: true },
  nextFollowAt: { column: 'l.next_follow_at', nullable: true },
  lastFollowAt: { column: 'l.last_follow_at', nullable: true },
  intentionGrade: { column: 'l.intention_grade', nullable: true },
  releasedAt: { column: 'l.released_at', nullable: true },
} satisfies Record<string, SortColumn>;

const columns = [
  'l.id', 'l.lead_no', 'l.name', 'l.phone', 'l.wechat', 'l.lead_channel_id', 'l.channel_id', 'l.referrer', 'l.due_date', 'l.gestation_weeks',
  'l.parity', 'l.preferred_store_id', 'l.budget', 'l.intention_grade', 'l.owner_id', 'l.status', 'l.close_reason', 'l.closed_at', 'l.assigned_at',
  'l.released_at', 'l.next_follow_at', 'l.last_follow_at', 'l.customer_id', 'l.remark', 'l.version', 'l.created_at', 'l.updated_at',
] as const;

/** The company's leads that pass `scope` (what counts read: the lead table alone, so indexes can answer). */
function leads(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>) {
  return db.selectFrom('lead as l').where('l.company_id', '=', companyId).where(scope);
}

// The row with the names of what it points to, by scalar subqueries run for the page's rows only
// (left joins cost PostgreSQL join planning on every call and keep counts off index-only scans).
function withNames(query: ReturnType<typeof leads>) {
  return query.select(columns).select((eb) => [
    eb.selectFrom('lead_channel as lc').select('lc.name').whereRef('lc.id', '=', 'l.lead_channel_id').as('lead_channel_name'),
    eb.selectFrom('channel as ch').select('ch.name').whereRef('ch.id', '=', 'l.channel_id').as('channel_name'),
    eb.selectFrom('store as st').select('st.name').whereRef('st.id', '=', 'l.preferred_store_id').as('preferred_store_name'),
    eb.selectFrom('app_user as o').select('o.first_name').whereRef('o.id', '=', 'l.owner_id').as('owner_name'),
  ]);
}

export type LeadRow = Awaited<ReturnType<typeof findLead>> & object;

export function findLead(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return withNames(leads(db, companyId, scope)).where('l.id', '=', id).executeTakeFirst();
}

type Filters = Partial<LeadListQuery> & LeadPoolQuery & { openOnly?: boolean };

function filtered(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Filters) {
  let query = leads(db, companyId, scope);
  if (q.leadNo) query = query.where('l.lead_no', 'like', `%${escapeLike(q.leadNo)}%`);
  if (q.name) query = query.where('l.name', 'like', `%${escapeLike(q.name)}%`);
  if (q.phone) query = query.where('l.phone', 'like', `${escapeLike(q.phone)}%`);
  if (q.wechat) query = query.where('l.wechat', 'like', `%${escapeLike(q.wechat)}%`);
  if (q.ownerId) query = query.where('l.owner_id', '=', q.ownerId);
  if (q.intentionGrade) query = query.where('l.intention_grade', '=', q.intentionGrade);
  if (q.status) query = query.where('l.status', '=', q.status);
  if (q.leadChannelId) query = query.where('l.lead_channel_id', '=', q.leadChannelId);
  if (q.channelId) query = query.where('l.channel_id', '=', q.channelId);
  if (q.preferredStoreId) query = query.where('l.preferred_store_id', '=', q.preferredStoreId);
  if (q.dueDateFrom) query = query.where('l.due_date', '>=', q.dueDateFrom);
  if (q.dueDateTo) query = query.where('l.due_date', '<=', q.dueDateTo);
  if (q.followDue) query = query.where('l.next_follow_at', '<=', new Date()).where('l.status', 'in', [...OPEN_LEAD_STATUSES]);
  if (q.nextFollowFrom) query = query.where('l.next_follow_at', '>=', shanghaiInstant(q.nextFollowFrom));
  if (q.nextFollowTo) query = query.where('l.next_follow_at', '<=', shanghaiInstant(q.nextFollowTo));
  if (q.createdFrom) query = query.where('l.created_at', '>=', shanghaiDayStart(q.createdFrom));
  if (q.createdTo) query = query.where('l.created_at', '<', shanghaiDayAfter(q.createdTo));
  if (q.openOnly) query = query.where('l.status', 'in', [...OPEN_LEAD_STATUSES]);
  if (q.inPool === true) query = query.where('l.owner_id', 'is', null);
  if (q.inPool === false) query = query.where('l.owner_id', 'is not', null);
  return query;
}

function sorted<Q extends ReturnType<typeof leads>>(query: Q, q: Filters, defaultSort: keyof typeof sortColumns) {
  return query.orderBy(sortTerm(sortColumns[q.column ?? defaultSort], q.order)).orderBy('l.id');
}

export async function pageLeads(
  db: Kysely<DB>,
  companyId: string,
  scope: Expression<SqlBool>,
  q: Filters & { pageNo: number; pageSize: number },
  defaultSort: keyof typeof sortColumns = 'createdAt',
): Promise<{ rows: LeadRow[]; total: number; capped: boolean }> {
  // One round trip: the page's rows carry the capped count of all matches.
  return pageWithCappedCount(db, withNames(sorted(filtered(db, companyId, scope, q), q, defaultSort)), filtered(db, companyId, scope, q), q);
}

export function exportLeads(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Filters, limit: number) {
  return withNames(sorted(filtered(db, companyId, scope, q), q, 'createdAt')).limit(limit).execute();
}

/** The open lead of the company with this phone (any owner, no data rule: duplicates are company-wide). */
export function findOpenLeadByPhone(db: Kysely<DB>, companyId: string, phone: string, exceptId?: string) {
  let query = db
    .selectFrom('lead as l')
    .leftJoin('app_user as o', 'o.id', 'l.owner_id')
    .select(['l.id', 'l.lead_no', 'l.name', 'o.first_name as owner_name'])
    .where('l.company_id', '=', companyId)
    .where('l.phone', '=', phone)
    .where('l.status', 'in', [...OPEN_LEAD_STATUSES]);
  if (exceptId) query = query.where('l.id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Locks the leads among `ids` that pass `scope` (for a change in this transaction). */
export function lockLeads(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, ids: string[]) {
  return db
    .selectFrom('lead as l')
    .select(['l.id', 'l.lead_no', 'l.name', 'l.status', 'l.owner_id', 'l.version'])
    .where('l.company_id', '=', companyId)
    .where('l.id', 'in', ids)
    .where(scope)
    .orderBy('l.id')
    .forUpdate()
    .execute();
}

export interface LeadValues {
  name: string;
  phone: string;
  wechat: string;
  leadChannelId: string | null;
  channelId: string | null;
  referrer: string;
  dueDate: string | null;
  gestationWeeks: number | null;
  parity: number | null;
  preferredStoreId: string | null;
  budget: string | null;
  intentionGrade: string | null;
  nextFollowAt: string | null;
  remark: string;
}

const toColumns = (v: LeadValues) => ({
  name: v.name,
  phone: v.phone,
  wechat: v.wechat,
  lead_channel_id: v.leadChannelId,
  channel_id: v.channelId,
  referrer: v.referrer,
  due_date: v.dueDate,
  gestation_weeks: v.gestationWeeks,
  parity: v.parity,
  preferred_store_id: v.preferredStoreId,
  budget: v.budget,
  intention_grade: v.intentionGrade,
  next_follow_at: v.nextFollowAt ? shanghaiInstant(v.nextFollowAt) : null,
  remark: v.remark,
});

/** A new lead owned by `ownerId` (the creator unless an import names another consultant). */
export async function insertLead(db: Kysely<DB>, companyId: string, userId: string, leadNo: string, values: LeadValues, ownerId: string = userId): Promise<string> {
  const now = new Date();
  const row = await db
    .insertInto('lead')
    .values({ ...toColumns(values), company_id: companyId, lead_no: leadNo, owner_id: ownerId, assigned_at: now, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLead(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: LeadValues): Promise<boolean> {
  return updateVersionedRow(db, 'lead', { companyId, userId, id, version }, toColumns(values));
}

/** Sets owner / status fields of locked leads. */
export async function changeLeads(
  db: Kysely<DB>,
  companyId: string,
  userId: string | null,
  ids: string[],
  values: Partial<{
    owner_id: string | null;
    assigned_at: Date | null;
    released_at: Date | null;
    status: LeadStatus;
    close_reason: string | null;
    closed_at: Date | null;
    last_follow_at: Date | null;
    next_follow_at: Date | null;
    customer_id: string | null;
  }>,
): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable('lead')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The pool job: owned 待跟进 / 跟进中 leads idle (no follow-up, no new owner) since before `cutoff`
 * go to the pool. One statement, so several instances running it at once release each lead once.
 */
export async function releaseIdle(db: Kysely<DB>, cutoff: Date, now: Date): Promise<{ id: string; company_id: string; previous_owner: string | null }[]> {
  const result = await sql<{ id: string; company_id: string; previous_owner: string | null }>`
    update lead l set owner_id = null, released_at = ${now}, updated_at = ${now}, updated_by = null, version = l.version + 1
    from (
      select id, owner_id from lead
      where owner_id is not null and status in ('pending', 'following') and coalesce(last_follow_at, assigned_at, created_at) < ${cutoff}
      for update skip locked
    ) idle
    where l.id = idle.id and l.owner_id is not null
    returning l.id, l.company_id, idle.owner_id as previous_owner`.execute(db);
  return result.rows;
}
