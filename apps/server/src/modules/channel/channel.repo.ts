import type { Kysely } from 'kysely';
import type { ChannelCreate, ChannelListQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { setCompanyRowEnabled, updateCompanyRow } from '../../platform/db/company-rows.js';
import { escapeLike } from '../../platform/db/like.js';

const sortColumns = { name: 'c.name', kind: 'c.kind', commissionRate: 'c.commission_rate', createdAt: 'c.created_at' } as const;
const columns = [
  'c.id', 'c.name', 'c.kind', 'c.contact', 'c.phone', 'c.commission_rate', 'c.contract_start', 'c.contract_end', 'c.enabled', 'c.remark', 'c.version',
  'c.created_at', 'c.updated_at',
] as const;

function channels(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('channel as c').where('c.company_id', '=', companyId);
}

export type ChannelRow = Awaited<ReturnType<typeof findChannel>> & object;

export function findChannel(db: Kysely<DB>, companyId: string, id: string) {
  return channels(db, companyId).select(columns).where('c.id', '=', id).executeTakeFirst();
}

export async function pageChannels(db: Kysely<DB>, companyId: string, q: ChannelListQuery): Promise<{ rows: ChannelRow[]; total: number }> {
  let query = channels(db, companyId);
  if (q.name) query = query.where('c.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.kind) query = query.where('c.kind', '=', q.kind);
  if (q.contact) query = query.where('c.contact', 'ilike', `%${escapeLike(q.contact)}%`);
  if (q.phone) query = query.where('c.phone', 'like', `${escapeLike(q.phone)}%`);
  if (q.enabled !== undefined) query = query.where('c.enabled', '=', q.enabled);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy(sortColumns[q.column ?? 'createdAt'], q.order ?? 'desc')
      .orderBy('c.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function nameTaken(db: Kysely<DB>, companyId: string, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('channel').select('id').where('company_id', '=', companyId).where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

const toColumns = (v: ChannelCreate) => ({
  name: v.name,
  kind: v.kind,
  contact: v.contact,
  phone: v.phone,
  commission_rate: v.commissionRate,
  contract_start: v.contractStart,
  contract_end: v.contractEnd,
  enabled: v.enabled,
  remark: v.remark,
});

export async function insertChannel(db: Kysely<DB>, companyId: string, userId: string, values: ChannelCreate): Promise<string> {
  const row = await db
    .insertInto('channel')
    .values({ ...toColumns(values), company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateChannel(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: ChannelCreate): Promise<boolean> {
  return updateCompanyRow(db, 'channel', { companyId, userId, id, version }, toColumns(values));
}

export function setEnabled(db: Kysely<DB>, companyId: string, userId: string, id: string, enabled: boolean): Promise<boolean> {
  return setCompanyRowEnabled(db, 'channel', { companyId, userId, id }, enabled);
}

export function options(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('channel').select(['id', 'name']).where('company_id', '=', companyId).where('enabled', '=', true).orderBy('name').execute();
}
