import { sql, type Kysely } from 'kysely';
import type { ContractStatusValue } from '../../platform/db/schema-trade.js';
import type { DB } from '../../platform/db/schema.js';
import type { Db, Scope } from '../../platform/crud/crud-repo.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// Names read for the records answered (joins by id to the tables the records point at; read-only).

const byId = <T>(rows: ({ id: string } & T)[]) => new Map(rows.map((r) => [r.id, r]));

export async function orderNumbers(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; order_no: string }>();
  return byId(await db.selectFrom('sales_order').select(['id', 'order_no']).where('company_id', '=', companyId).where('id', 'in', ids).execute());
}

export async function customerNames(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; name: string; phone: string }>();
  return byId(await db.selectFrom('customer').select(['id', 'name', 'phone']).where('company_id', '=', companyId).where('id', 'in', ids).execute());
}

export async function storeNames(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; name: string }>();
  return byId(await db.selectFrom('store').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute());
}

export async function userNames(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; first_name: string; username: string }>();
  return byId(await db.selectFrom('app_user').select(['id', 'first_name', 'username']).where('id', 'in', ids).execute());
}

export async function templateNames(db: Db, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, { id: string; name: string }>();
  return byId(await db.selectFrom('contract_template').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute());
}

/** The order's main contract that still binds (not voided or terminated; not a 补充协议). */
export function liveContract(db: Db, companyId: string, orderId: string, o: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('contract')
    .select(['id', 'contract_no', 'status', 'version', 'customer_id'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('change_order_id', 'is', null)
    .where('status', 'not in', ['voided', 'terminated'] satisfies ContractStatusValue[]);
  if (o.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A customer's contracts in the caller's scope, newest first. */
export function customerContracts(db: Db, companyId: string, scope: Scope, customerId: string) {
  return db
    .selectFrom('contract as r')
    .innerJoin('sales_order as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.contract_no', 'r.order_id', 'o.order_no', 'r.type', 'r.status', 'r.amount', 'r.signed_at', 'r.created_at'])
    .where('r.company_id', '=', companyId)
    .where('r.customer_id', '=', customerId)
    .where(scope)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();
}

/** An enabled template of the company. */
export function enabledTemplate(db: Db, companyId: string, id: string) {
  return db.selectFrom('contract_template').select(['id', 'name', 'type', 'content']).where('company_id', '=', companyId).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}

/** The status of the contract's order (结束 waits for 已结账). */
export async function orderStatusOf(db: Db, companyId: string, orderId: string): Promise<string | undefined> {
  return (await db.selectFrom('sales_order').select('status').where('company_id', '=', companyId).where('id', '=', orderId).executeTakeFirst())?.status;
}

/** The contract's row for a write, locked, in the caller's scope. */
export function lockContract(db: Db, companyId: string, scope: Scope, id: string) {
  return db.selectFrom('contract as r').selectAll('r').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).forUpdate().executeTakeFirst();
}

/** Orders a contract may be generated from: confirmed or later, in the caller's order scope (alias `r`), without a live contract, newest first. */
export function ordersWithoutContract(db: Kysely<DB>, companyId: string, orderScope: Scope, keyword: string | undefined, limit: number) {
  let query = db
    .selectFrom('sales_order as r')
    .innerJoin('customer as c', 'c.id', 'r.customer_id')
    .innerJoin('store as s', 's.id', 'r.store_id')
    .select(['r.id', 'r.order_no', 'c.name as customer_name', 's.name as store_name', 'r.deal_price', 'r.status'])
    .where('r.company_id', '=', companyId)
    .where('r.status', 'in', ['confirmed', 'checked_in', 'checked_out', 'settled'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('contract as k').select('k.id').whereRef('k.order_id', '=', 'r.id').where('k.change_order_id', 'is', null).where('k.status', 'not in', ['voided', 'terminated']))),
    )
    .where(orderScope);
  if (keyword) query = query.where((eb) => eb.or([eb('r.order_no', 'like', `${keyword}%`), eb('c.name', 'like', `%${keyword}%`), eb('c.phone', 'like', `${keyword}%`)]));
  return query.orderBy('r.created_at', 'desc').limit(limit).execute();
}

/** Extra list filters: 签署期间 (Shanghai days) and a customer name / phone / order number. */
export function listFilters(q: { signedFrom?: string; signedTo?: string; keyword?: string }): Scope | undefined {
  const terms = [];
  if (q.signedFrom) terms.push(sql<boolean>`r.signed_at >= ${shanghaiDayStart(q.signedFrom)}`);
  if (q.signedTo) terms.push(sql<boolean>`r.signed_at < ${shanghaiDayAfter(q.signedTo)}`);
  if (q.keyword) {
    const k = q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    terms.push(sql<boolean>`(exists (select 1 from sales_order o where o.id = r.order_id and o.order_no like ${`${k}%`})
      or exists (select 1 from customer c where c.id = r.customer_id and (c.name like ${`%${k}%`} or c.phone like ${`${k}%`})))`);
  }
  return terms.length ? sql<boolean>`${sql.join(terms, sql` and `)}` : undefined;
}

/** Whether the customer holds a binding contract other than `exceptId`. */
export async function hasOtherLiveContract(db: Db, companyId: string, customerId: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('contract')
    .select('id')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .where('id', '!=', exceptId)
    .where('status', 'not in', ['voided', 'terminated', 'ended'])
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether a contract was generated from the template (it is then kept). */
export async function templateInUse(db: Db, companyId: string, templateId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('contract').select('id').where('company_id', '=', companyId).where('template_id', '=', templateId).executeTakeFirst());
}

/** The company's name (组织: 公司), 甲方 when no legal name is configured. */
export async function companyName(db: Db, companyId: string): Promise<string> {
  return (await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst())?.name ?? '';
}

/** The customer's values a contract prints about her, as they are now. */
export function customerParty(db: Db, companyId: string, customerId: string) {
  return db.selectFrom('customer').select(['name', 'phone', 'id_no']).where('company_id', '=', companyId).where('id', '=', customerId).executeTakeFirst();
}

/** The order's 补充协议 that still bind, locked (an order's cancellation or 结账 moves them with its contract). */
export function liveSupplements(db: Db, companyId: string, orderId: string) {
  return db
    .selectFrom('contract')
    .select(['id', 'status'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('change_order_id', 'is not', null)
    .where('status', 'not in', ['voided', 'terminated', 'ended'] satisfies ContractStatusValue[])
    .orderBy('created_at')
    .forUpdate()
    .execute();
}
