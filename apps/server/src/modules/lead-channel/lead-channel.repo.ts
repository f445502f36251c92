import type { Kysely } from 'kysely';
import type { LeadChannelCreate, LeadChannelListQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { setCompanyRowEnabled, updateCompanyRow } from '../../platform/db/company-rows.js';
import { escapeLike } from '../../platform/db/like.js';

const sortColumns = { code: 'c.code', name: 'c.name', sort: 'c.sort', createdAt: 'c.created_at' } as const;
const columns = ['c.id', 'c.code', 'c.name', 'c.type', 'c.cost_per_month', 'c.enabled', 'c.sort', 'c.remark', 'c.version', 'c.created_at', 'c.updated_at'] as const;

function channels(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('lead_channel as c').where('c.company_id', '=', companyId);
}

export type LeadChannelRow = Awaited<ReturnType<typeof findLeadChannel>> & object;

export function findLeadChannel(db: Kysely<DB>, companyId: string, id: string) {
  return channels(db, companyId).select(columns).where('c.id', '=', id).executeTakeFirst();
}

export async function pageLeadChannels(db: Kysely<DB>, companyId: string, q: LeadChannelListQuery): Promise<{ rows: LeadChannelRow[]; total: number }> {
  let query = channels(db, companyId);
  if (q.code) query = query.where('c.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) query = query.where('c.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.type) query = query.where('c.type', '=', q.type);
  if (q.enabled !== undefined) query = query.where('c.enabled', '=', q.enabled);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy(sortColumns[q.column ?? 'sort'], q.order ?? 'asc')
      .orderBy('c.code')
      .orderBy('c.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function codeTaken(db: Kysely<DB>, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('lead_channel').select('id').where('company_id', '=', companyId).where('code', '=', code);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

const toColumns = (v: LeadChannelCreate) => ({
  code: v.code,
  name: v.name,
  type: v.type,
  cost_per_month: v.costPerMonth,
  enabled: v.enabled,
  sort: v.sort,
  remark: v.remark,
});

export async function insertLeadChannel(db: Kysely<DB>, companyId: string, userId: string, values: LeadChannelCreate): Promise<string> {
  const row = await db
    .insertInto('lead_channel')
    .values({ ...toColumns(values), company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateLeadChannel(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: LeadChannelCreate): Promise<boolean> {
  return updateCompanyRow(db, 'lead_channel', { companyId, userId, id, version }, toColumns(values));
}

export function setEnabled(db: Kysely<DB>, companyId: string, userId: string, id: string, enabled: boolean): Promise<boolean> {
  return setCompanyRowEnabled(db, 'lead_channel', { companyId, userId, id }, enabled);
}

export function options(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('lead_channel').select(['id', 'name', 'code']).where('company_id', '=', companyId).where('enabled', '=', true).orderBy('sort').orderBy('code').execute();
}
