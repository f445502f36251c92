import type { Kysely } from 'kysely';
import {
  CustomerText,
  EXPORT_MAX_ROWS,
  maskIdNo,
  NumberRuleCode,
  Permission,
  toPageResult,
  type Customer,
  type CustomerCreate,
  type CustomerEdit,
  type CustomerListItem,
  type CustomerListQuery,
  type PageResult,
  customerMachine,
  type CustomerEvent,
  type CustomerStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { nextNumber } from '../number-rule/index.js';
import { enabledStoreExists } from '../store/store.service.js';
import { enabledLeadChannelExists } from '../lead-channel/lead-channel.service.js';
import { enabledChannelExists } from '../channel/channel.service.js';
import * as repo from './customer.repo.js';
import { customerScope, mayAct } from './customer.rules.js';
import { recordMapper } from '../../platform/db/records.js';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';

export async function pageCustomers(db: Kysely<DB>, session: SessionInfo, q: CustomerListQuery): Promise<PageResult<CustomerListItem>> {
  const { rows, total, capped } = await repo.pageCustomers(db, session.companyId, await customerScope(db, session), q);
  return toPageResult(rows.map(toListItem), total, q, capped);
}

// ID numbers are always masked in the list.
const listItemFields = recordMapper<Omit<CustomerListItem, 'idNoMasked'>>();

function toListItem(r: repo.CustomerListRow): CustomerListItem {
  return { ...listItemFields({ ...r, id_no: maskIdNo(r.id_no) }), idNoMasked: Boolean(r.id_no) };
}

/** By id: the full ID number only for holders of `crm:customer:viewIdNo`. */
export async function getCustomer(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Customer> {
  const row = await repo.findCustomer(db, session.companyId, await customerScope(db, session), id);
  if (!row) throw new NotFound();
  return toCustomer(row, !(await mayAct(db, session, Permission.customerViewIdNo)));
}

export async function exportCustomers(db: Kysely<DB>, session: SessionInfo, q: CustomerListQuery): Promise<Customer[]> {
  return (await repo.exportCustomers(db, session.companyId, await customerScope(db, session), q, EXPORT_MAX_ROWS)).map((r) => toCustomer(r, true));
}

export async function addCustomer(db: Kysely<DB>, session: SessionInfo, input: CustomerCreate): Promise<Customer> {
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      await checkReferences(trx, session.companyId, input);
      await assertPhoneFree(trx, session, input.phone);
      const customerNo = await nextNumber(trx, NumberRuleCode.customer);
      const created = await repo.insertCustomer(trx, session.companyId, session.userId, customerNo, input, { ownerId: session.userId });
      await assertStillVisible(trx, session, created);
      return created;
    });
  } catch (err) {
    // Two users saving the same phone at once: the unique index refuses the second.
    if (isPhoneConflict(err)) await assertPhoneFree(db, session, input.phone);
    throw err;
  }
  return getCustomer(db, session, id);
}

export async function editCustomer(db: Kysely<DB>, session: SessionInfo, input: CustomerEdit): Promise<Customer> {
  const { id, version, idType, idNo, ...values } = input;
  try {
    await db.transaction().execute(async (trx) => {
      const current = await repo.lockCustomer(trx, session.companyId, await customerScope(trx, session), id);
      if (!current) throw new NotFound();
      if (current.version !== version) throw new StaleVersion();
      await checkReferences(trx, session.companyId, values);
      await assertPhoneFree(trx, session, values.phone, id);
      const idFields = idNo === undefined ? undefined : { idType: idNo ? idType : null, idNo };
      if (!(await repo.updateCustomer(trx, session.companyId, session.userId, id, version, values, idFields))) throw new StaleVersion();
      await assertStillVisible(trx, session, id);
    });
  } catch (err) {
    if (isPhoneConflict(err)) await assertPhoneFree(db, session, values.phone, id);
    throw err;
  }
  return getCustomer(db, session, id);
}

/** For other modules: a customer the caller can see, locked for this transaction (otherwise 404). */
export async function lockVisibleCustomer(trx: Kysely<DB>, session: SessionInfo, id: string) {
  const row = await repo.lockCustomer(trx, session.companyId, await customerScope(trx, session), id);
  if (!row) throw new NotFound();
  return row;
}

/** For other modules: the customer exists and the caller can see it (otherwise 404). */
export async function assertCustomerVisible(db: Kysely<DB>, session: SessionInfo, id: string): Promise<void> {
  if (!(await repo.findCustomer(db, session.companyId, await customerScope(db, session), id))) throw new NotFound();
}

/** For the follow-up module, inside its transaction: moves the customer's last/next follow-up times. */
export async function recordCustomerFollowUp(trx: Kysely<DB>, session: SessionInfo, id: string, nextFollowAt: Date | null): Promise<void> {
  const row = await lockVisibleCustomer(trx, session, id);
  await repo.changeCustomer(trx, session.companyId, session.userId, row.id, { last_follow_at: new Date(), next_follow_at: nextFollowAt });
}

/** What a lead hands over when it is converted. */
export interface LeadForCustomer {
  id: string;
  name: string;
  phone: string;
  wechat: string;
  leadChannelId: string | null;
  channelId: string | null;
  dueDate: string | null;
  parity: number | null;
  ownerId: string | null;
  remark: string;
  lastFollowAt: Date | null;
  nextFollowAt: Date | null;
}

/**
 * For lead conversion, inside its transaction: the customer with the lead's phone (linked to the
 * lead if it has no lead yet), or a new 意向客户 from the lead's fields, owned by the lead's owner.
 */
export async function customerFromLead(
  trx: Kysely<DB>,
  session: SessionInfo,
  lead: LeadForCustomer,
  storeId: string,
): Promise<{ id: string; customerNo: string; created: boolean }> {
  const existing = await repo.findCustomerByPhone(trx, session.companyId, lead.phone);
  if (existing) {
    if (!existing.lead_id) await repo.changeCustomer(trx, session.companyId, session.userId, existing.id, { lead_id: lead.id });
    return { id: existing.id, customerNo: existing.customer_no, created: false };
  }
  if (!(await enabledStoreExists(trx, session.companyId, storeId))) throw new BizError(CustomerText.storeMissing);
  const customerNo = await nextNumber(trx, NumberRuleCode.customer);
  const id = await repo.insertCustomer(
    trx,
    session.companyId,
    session.userId,
    customerNo,
    {
      name: lead.name,
      phone: lead.phone,
      wechat: lead.wechat,
      birthDate: null,
      hometown: '',
      address: '',
      dueDate: lead.dueDate,
      deliveryDate: null,
      deliveryMode: null,
      deliveryHospital: '',
      fetusType: null,
      parity: lead.parity,
      companionName: '',
      companionPhone: '',
      emergencyContact: '',
      emergencyPhone: '',
      dietNotes: '',
      allergies: '',
      tags: [],
      level: null,
      leadChannelId: lead.leadChannelId,
      channelId: lead.channelId,
      storeId,
      nextFollowAt: null,
      remark: lead.remark,
      idType: null,
      idNo: null,
    },
    { ownerId: lead.ownerId ?? session.userId, leadId: lead.id },
  );
  await repo.changeCustomer(trx, session.companyId, session.userId, id, { last_follow_at: lead.lastFollowAt, next_follow_at: lead.nextFollowAt });
  return { id, customerNo, created: true };
}

/** The holder of a duplicate phone is named only when the caller's data rules reach it. */
async function assertPhoneFree(db: Kysely<DB>, session: SessionInfo, phone: string, exceptId?: string): Promise<void> {
  const existing = await repo.findCustomerByPhone(db, session.companyId, phone, exceptId);
  if (!existing) return;
  const visible = await repo.findCustomer(db, session.companyId, await customerScope(db, session), existing.id);
  throw new BizError(visible ? CustomerText.duplicatePhone(existing.customer_no, existing.name, existing.owner_name) : CustomerText.duplicatePhoneHidden);
}

/** A write must leave the customer inside the caller's data rules: a 店长 cannot place one in another store. */
async function assertStillVisible(trx: Kysely<DB>, session: SessionInfo, id: string): Promise<void> {
  if (!(await repo.findCustomer(trx, session.companyId, await customerScope(trx, session), id))) throw new BizError(CustomerText.outOfScope);
}

export function isPhoneConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === 'customer_phone_key' || Boolean(e.message?.includes('customer_phone_key')));
}

async function checkReferences(db: Kysely<DB>, companyId: string, v: { storeId: string; leadChannelId: string | null; channelId: string | null }): Promise<void> {
  if (!(await enabledStoreExists(db, companyId, v.storeId))) throw new BizError(CustomerText.storeMissing);
  if (v.leadChannelId && !(await enabledLeadChannelExists(db, companyId, v.leadChannelId))) throw new BizError(CustomerText.leadChannelMissing);
  if (v.channelId && !(await enabledChannelExists(db, companyId, v.channelId))) throw new BizError(CustomerText.channelMissing);
}

const customerFields = recordMapper<Omit<Customer, 'idNoMasked'>>();

function toCustomer(r: repo.CustomerRow, mask: boolean): Customer {
  return { ...customerFields({ ...r, id_no: mask ? maskIdNo(r.id_no) : r.id_no }), idNoMasked: mask && Boolean(r.id_no) };
}

/**
 * For the transactions, inside their transaction: moves the customer's status by `event` (contract
 * saved/audited, room booked, check-in …), recorded in state_change. A refusal names her status;
 * `ifAllowed` skips a move her status does not take instead (voiding a contract of a customer who
 * already signed another).
 */
export async function moveCustomerStatus(
  trx: Db,
  actor: Actor,
  customerId: string,
  event: CustomerEvent,
  options: { reason?: string; ifAllowed?: boolean } = {},
): Promise<{ from: CustomerStatus; to: CustomerStatus } | undefined> {
  if (options.ifAllowed) {
    const row = await trx.selectFrom('customer').select('status').where('id', '=', customerId).where('company_id', '=', actor.companyId).forUpdate().executeTakeFirst();
    if (!row || !customerMachine.can(row.status as CustomerStatus, event)) return undefined;
  }
  const moved = await transition(trx, actor, { machine: customerMachine, table: 'customer', id: customerId, event, reason: options.reason });
  return { from: moved.from, to: moved.to };
}
