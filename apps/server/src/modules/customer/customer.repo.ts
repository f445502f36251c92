import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { CustomerListQuery, CustomerStatus } from '@care/shared';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import { sortTerm, type SortColumn } from '../../platform/db/sort.js';
import { shanghaiDayAfter, shanghaiDayStart, shanghaiInstant } from '../../platform/time.js';

// Sort keys of the list → columns (see sortTerm).
const sortColumns: Record<NonNullable<CustomerListQuery['column']>, SortColumn> = {
  createdAt: { column: 'c.created_at', nullable: false },
  customerNo: { column: 'c.customer_no', nullable: false },
  name: { column: 'c.name', nullable: false },
  dueDate: { column: 'c.due_date', nullable: true },
  nextFollowAt: { column: 'c.next_follow_at', nullable: true },
  lastFollowAt: { column: 'c.last_follow_at', nullable: true },
};

/** The company's customers that pass `scope` (what counts read: the customer table alone). */
function customers(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>) {
  return db.selectFrom('customer as c').where('c.company_id', '=', companyId).where(scope);
}

// The list's columns (CustomerListItem): a page carries only what the list shows.
const listColumns = [
  'c.id', 'c.customer_no', 'c.name', 'c.phone', 'c.id_type', 'c.id_no', 'c.due_date', 'c.tags', 'c.level', 'c.owner_id', 'c.store_id',
  'c.status', 'c.last_follow_at', 'c.next_follow_at', 'c.created_at',
] as const;

// The rest of a customer (by id, export).
const otherColumns = [
  'c.wechat', 'c.birth_date', 'c.hometown', 'c.address', 'c.delivery_date', 'c.delivery_mode', 'c.delivery_hospital', 'c.fetus_type', 'c.parity',
  'c.companion_name', 'c.companion_phone', 'c.emergency_contact', 'c.emergency_phone', 'c.diet_notes', 'c.allergies', 'c.lead_channel_id',
  'c.channel_id', 'c.lead_id', 'c.remark', 'c.version', 'c.updated_at',
] as const;

// Rows with the names of what they point to. The names come from scalar subqueries, evaluated for
// the rows of the page only: five left joins cost PostgreSQL ~2 ms of join planning per call (the
// list's dominant cost on 1M customers), the subqueries ~0.1 ms.
function withListNames(query: ReturnType<typeof customers>) {
  return query.select(listColumns).select((eb) => [
    eb.selectFrom('app_user as o').select('o.first_name').whereRef('o.id', '=', 'c.owner_id').as('owner_name'),
    eb.selectFrom('store as st').select('st.name').whereRef('st.id', '=', 'c.store_id').as('store_name'),
  ]);
}

function withNames(query: ReturnType<typeof customers>) {
  return withListNames(query).select(otherColumns).select((eb) => [
    eb.selectFrom('lead_channel as lc').select('lc.name').whereRef('lc.id', '=', 'c.lead_channel_id').as('lead_channel_name'),
    eb.selectFrom('channel as ch').select('ch.name').whereRef('ch.id', '=', 'c.channel_id').as('channel_name'),
    eb.selectFrom('lead as ld').select('ld.lead_no').whereRef('ld.id', '=', 'c.lead_id').as('lead_no'),
  ]);
}

export type CustomerRow = Awaited<ReturnType<typeof findCustomer>> & object;

export function findCustomer(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return withNames(customers(db, companyId, scope)).where('c.id', '=', id).executeTakeFirst();
}

function filtered(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<CustomerListQuery>) {
  let query = customers(db, companyId, scope);
  if (q.customerNo) query = query.where('c.customer_no', 'like', `%${escapeLike(q.customerNo)}%`);
  if (q.name) query = query.where('c.name', 'like', `%${escapeLike(q.name)}%`);
  if (q.phone) query = query.where('c.phone', 'like', `${escapeLike(q.phone)}%`);
  if (q.ownerId) query = query.where('c.owner_id', '=', q.ownerId);
  if (q.status) query = query.where('c.status', '=', q.status);
  if (q.storeId) query = query.where('c.store_id', '=', q.storeId);
  if (q.level) query = query.where('c.level', '=', q.level);
  if (q.tag) query = query.where(sql<SqlBool>`${q.tag} = any(c.tags)`);
  if (q.dueDateFrom) query = query.where('c.due_date', '>=', q.dueDateFrom);
  if (q.dueDateTo) query = query.where('c.due_date', '<=', q.dueDateTo);
  if (q.createdFrom) query = query.where('c.created_at', '>=', shanghaiDayStart(q.createdFrom));
  if (q.createdTo) query = query.where('c.created_at', '<', shanghaiDayAfter(q.createdTo));
  if (q.followDue) query = query.where('c.next_follow_at', '<=', new Date());
  if (q.nextFollowFrom) query = query.where('c.next_follow_at', '>=', shanghaiInstant(q.nextFollowFrom));
  if (q.nextFollowTo) query = query.where('c.next_follow_at', '<=', shanghaiInstant(q.nextFollowTo));
  return query;
}

function sorted<Q extends ReturnType<typeof customers>>(query: Q, q: Partial<CustomerListQuery>) {
  return query.orderBy(sortTerm(sortColumns[q.column ?? 'createdAt'], q.order)).orderBy('c.id');
}

export async function pageCustomers(
  db: Kysely<DB>,
  companyId: string,
  scope: Expression<SqlBool>,
  q: CustomerListQuery,
) {
  // One round trip: the page's rows carry the capped count of all matches.
  return pageWithCappedCount(db, withListNames(sorted(filtered(db, companyId, scope, q), q)), filtered(db, companyId, scope, q), q);
}

export type CustomerListRow = Awaited<ReturnType<typeof pageCustomers>>['rows'][number];

export function exportCustomers(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<CustomerListQuery>, limit: number) {
  return withNames(sorted(filtered(db, companyId, scope, q), q)).limit(limit).execute();
}

/** The customer of the company with this phone (no data rule: a phone is unique company-wide). */
export function findCustomerByPhone(db: Kysely<DB>, companyId: string, phone: string, exceptId?: string) {
  let query = db
    .selectFrom('customer as c')
    .leftJoin('app_user as o', 'o.id', 'c.owner_id')
    .select(['c.id', 'c.customer_no', 'c.name', 'c.owner_id', 'c.lead_id', 'o.first_name as owner_name'])
    .where('c.company_id', '=', companyId)
    .where('c.phone', '=', phone);
  if (exceptId) query = query.where('c.id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Locks a customer that passes `scope` (for a change in this transaction). */
export function lockCustomer(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db
    .selectFrom('customer as c')
    .select(['c.id', 'c.customer_no', 'c.name', 'c.status', 'c.owner_id', 'c.store_id', 'c.version'])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', id)
    .where(scope)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export interface CustomerValues {
  name: string;
  phone: string;
  wechat: string;
  birthDate: string | null;
  hometown: string;
  address: string;
  dueDate: string | null;
  deliveryDate: string | null;
  deliveryMode: string | null;
  deliveryHospital: string;
  fetusType: string | null;
  parity: number | null;
  companionName: string;
  companionPhone: string;
  emergencyContact: string;
  emergencyPhone: string;
  dietNotes: string;
  allergies: string;
  tags: string[];
  level: string | null;
  leadChannelId: string | null;
  channelId: string | null;
  storeId: string;
  nextFollowAt: string | null;
  remark: string;
}

const toColumns = (v: CustomerValues) => ({
  name: v.name,
  phone: v.phone,
  wechat: v.wechat,
  birth_date: v.birthDate,
  hometown: v.hometown,
  address: v.address,
  due_date: v.dueDate,
  delivery_date: v.deliveryDate,
  delivery_mode: v.deliveryMode,
  delivery_hospital: v.deliveryHospital,
  fetus_type: v.fetusType,
  parity: v.parity,
  companion_name: v.companionName,
  companion_phone: v.companionPhone,
  emergency_contact: v.emergencyContact,
  emergency_phone: v.emergencyPhone,
  diet_notes: v.dietNotes,
  allergies: v.allergies,
  tags: v.tags,
  level: v.level,
  lead_channel_id: v.leadChannelId,
  channel_id: v.channelId,
  store_id: v.storeId,
  next_follow_at: v.nextFollowAt ? shanghaiInstant(v.nextFollowAt) : null,
  remark: v.remark,
});

export async function insertCustomer(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  customerNo: string,
  values: CustomerValues & { idType: string | null; idNo: string | null },
  extra: { ownerId: string | null; leadId?: string | null; status?: CustomerStatus } = { ownerId: userId },
): Promise<string> {
  const row = await db
    .insertInto('customer')
    .values({
      ...toColumns(values),
      id_type: values.idType,
      id_no: values.idNo,
      company_id: companyId,
      customer_no: customerNo,
      owner_id: extra.ownerId,
      lead_id: extra.leadId ?? null,
      ...(extra.status ? { status: extra.status } : {}),
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomer(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  id: string,
  version: number,
  values: CustomerValues,
  id_: { idType: string | null; idNo: string | null } | undefined,
): Promise<boolean> {
  return updateVersionedRow(db, 'customer', { companyId, userId, id, version }, { ...toColumns(values), ...(id_ ? { id_type: id_.idType, id_no: id_.idNo } : {}) });
}

/** Sets link / follow-up fields of a locked customer. */
export async function changeCustomer(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  id: string,
  values: Partial<{ lead_id: string | null; last_follow_at: Date | null; next_follow_at: Date | null }>,
): Promise<void> {
  await db
    .updateTable('customer')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
