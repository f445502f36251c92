import { sql, type Kysely, type SqlBool } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  EXPORT_MAX_ROWS,
  leadMachine,
  LeadText,
  moveLead,
  NumberRuleCode,
  toPageResult,
  type Lead,
  type LeadAssign,
  type LeadClose,
  type LeadCreate,
  type LeadEdit,
  type LeadEvent,
  type LeadListQuery,
  type LeadPoolQuery,
  type LeadStatus,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { transition } from '../../platform/crud/transition.js';
import { activeCompanyUser } from '../../platform/db/company-users.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { nextNumber } from '../number-rule/index.js';
import { sendTemplatedMessage } from '../message/message.service.js';
import { enabledStoreExists } from '../store/store.service.js';
import { enabledLeadChannelExists } from '../lead-channel/lead-channel.service.js';
import { enabledChannelExists } from '../channel/channel.service.js';
import * as repo from './lead.repo.js';
import { leadScope, poolScope } from './lead.rules.js';
import { recordMapper } from '../../platform/db/records.js';

/** What the lead service needs besides the database: the message bus for the owner's notice. */
export interface LeadDeps {
  db: Kysely<DB>;
  push: PushBus;
  log: FastifyBaseLogger;
}

/** The message template a new owner receives (seeded for the demo company by seed/demo-crm.ts). */
export const LEAD_ASSIGNED_TEMPLATE = 'lead.assigned';

export async function pageLeads(db: Kysely<DB>, session: SessionInfo, q: LeadListQuery): Promise<PageResult<Lead>> {
  const { rows, total, capped } = await repo.pageLeads(db, session.companyId, await leadScope(db, session), q);
  return toPageResult(rows.map(toLead), total, q, capped);
}

/** The pool (公海): open leads without an owner, under the pool's data rules. */
export async function pagePool(db: Kysely<DB>, session: SessionInfo, q: LeadPoolQuery): Promise<PageResult<Lead>> {
  const scope = await poolScope(db, session);
  const { rows, total, capped } = await repo.pageLeads(db, session.companyId, scope, { ...q, inPool: true, openOnly: true }, 'releasedAt');
  return toPageResult(rows.map(toLead), total, q, capped);
}

export async function getLead(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Lead> {
  const row = await repo.findLead(db, session.companyId, await leadScope(db, session), id);
  if (!row) throw new NotFound();
  return toLead(row);
}

export async function exportLeads(db: Kysely<DB>, session: SessionInfo, q: LeadListQuery): Promise<Lead[]> {
  return (await repo.exportLeads(db, session.companyId, await leadScope(db, session), q, EXPORT_MAX_ROWS)).map(toLead);
}

export async function addLead(db: Kysely<DB>, session: SessionInfo, input: LeadCreate): Promise<Lead> {
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      await checkReferences(trx, session.companyId, input);
      await assertPhoneFree(trx, session, input.phone);
      const leadNo = await nextNumber(trx, NumberRuleCode.lead);
      return repo.insertLead(trx, session.companyId, session.userId, leadNo, input);
    });
  } catch (err) {
    // Two consultants saving the same phone at once: the unique index refuses the second.
    if (isOpenPhoneConflict(err)) await assertPhoneFree(db, session, input.phone);
    throw err;
  }
  return getLead(db, session, id);
}

/**
 * For the import, inside its per-row transaction: the phone check, the number and the insert, owned
 * by `ownerId` (a user of the company the caller resolved). References are ids the caller resolved
 * from the company's enabled rows. A phone held by an open lead answers that lead's message.
 */
export async function insertImportedLead(trx: Kysely<DB>, session: SessionInfo, ownerId: string, input: LeadCreate): Promise<{ id: string } | { phoneTaken: string }> {
  const holder = await openPhoneHolder(trx, session, input.phone);
  if (holder) return { phoneTaken: holder };
  const leadNo = await nextNumber(trx, NumberRuleCode.lead);
  return { id: await repo.insertLead(trx, session.companyId, session.userId, leadNo, input, ownerId) };
}

/**
 * The 101 message of a phone held by an open lead (also after a unique-index conflict), or null; the
 * holder is named only when the caller's data rules reach it (an import must not reveal other leads).
 */
export async function openPhoneHolder(db: Kysely<DB>, session: SessionInfo, phone: string): Promise<string | null> {
  const existing = await repo.findOpenLeadByPhone(db, session.companyId, phone);
  if (!existing) return null;
  const visible = await repo.findLead(db, session.companyId, await leadScope(db, session), existing.id);
  return visible ? LeadText.duplicatePhone(existing.lead_no, existing.name, existing.owner_name) : LeadText.duplicatePhoneHidden;
}

export async function editLead(db: Kysely<DB>, session: SessionInfo, input: LeadEdit): Promise<Lead> {
  const { id, version, ...values } = input;
  try {
    await db.transaction().execute(async (trx) => {
      const [current] = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), [id]);
      if (!current) throw new NotFound();
      if (current.version !== version) throw new StaleVersion();
      refuseIllegal(current.status, 'edit');
      await checkReferences(trx, session.companyId, values);
      await assertPhoneFree(trx, session, values.phone, id);
      if (!(await repo.updateLead(trx, session.companyId, session.userId, id, version, values))) throw new StaleVersion();
    });
  } catch (err) {
    if (isOpenPhoneConflict(err)) await assertPhoneFree(db, session, values.phone, id);
    throw err;
  }
  return getLead(db, session, id);
}

/** 分配: pool leads (visible in the pool, or in the caller's lead scope) to a consultant, who gets a message. */
export async function assignLeads(deps: LeadDeps, session: SessionInfo, input: LeadAssign): Promise<{ updated: number }> {
  const { db } = deps;
  const moved = await db.transaction().execute(async (trx) => {
    const [pool, own] = await Promise.all([poolScope(trx, session), leadScope(trx, session)]);
    const rows = await repo.lockLeads(trx, session.companyId, sql<SqlBool>`((l.owner_id is null and ${pool}) or ${own})`, input.ids);
    if (rows.length !== new Set(input.ids).size) throw new NotFound();
    for (const row of rows) {
      refuseIllegal(row.status, 'assign');
      if (row.owner_id) throw new BizError(LeadText.notInPool);
    }
    await assertOwner(trx, session.companyId, input.ownerId);
    await repo.changeLeads(trx, session.companyId, session.userId, rows.map((r) => r.id), { owner_id: input.ownerId, assigned_at: new Date() });
    return rows;
  });
  await notifyOwner(deps, session, input.ownerId, moved);
  return { updated: moved.length };
}

/** 转移: owned leads to another consultant, who gets a message. */
export async function transferLeads(deps: LeadDeps, session: SessionInfo, input: LeadAssign): Promise<{ updated: number }> {
  const { db } = deps;
  const moved = await db.transaction().execute(async (trx) => {
    const rows = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), input.ids);
    if (rows.length !== new Set(input.ids).size) throw new NotFound();
    for (const row of rows) {
      refuseIllegal(row.status, 'transfer');
      if (!row.owner_id) throw new BizError(LeadText.inPool);
      if (row.owner_id === input.ownerId) throw new BizError(LeadText.sameOwner);
    }
    await assertOwner(trx, session.companyId, input.ownerId);
    await repo.changeLeads(trx, session.companyId, session.userId, rows.map((r) => r.id), { owner_id: input.ownerId, assigned_at: new Date() });
    return rows;
  });
  await notifyOwner(deps, session, input.ownerId, moved);
  return { updated: moved.length };
}

/** 放入公海: owned leads lose their owner. */
export async function releaseLeads(db: Kysely<DB>, session: SessionInfo, ids: string[]): Promise<{ updated: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), ids);
    if (rows.length !== new Set(ids).size) throw new NotFound();
    for (const row of rows) {
      refuseIllegal(row.status, 'release');
      if (!row.owner_id) throw new BizError(LeadText.inPool);
    }
    return { updated: await repo.changeLeads(trx, session.companyId, session.userId, rows.map((r) => r.id), { owner_id: null, released_at: new Date() }) };
  });
}

/** 领取: pool leads become the caller's. */
export async function claimLeads(db: Kysely<DB>, session: SessionInfo, ids: string[]): Promise<{ updated: number }> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.lockLeads(trx, session.companyId, await poolScope(trx, session), ids);
    if (rows.length !== new Set(ids).size) throw new NotFound();
    for (const row of rows) {
      refuseIllegal(row.status, 'claim');
      if (row.owner_id) throw new BizError(LeadText.notInPool);
    }
    return { updated: await repo.changeLeads(trx, session.companyId, session.userId, rows.map((r) => r.id), { owner_id: session.userId, assigned_at: new Date() }) };
  });
}

/** 已流失 / 无效 with a reason. */
export async function closeLead(db: Kysely<DB>, session: SessionInfo, input: LeadClose): Promise<Lead> {
  await db.transaction().execute(async (trx) =>
    transition(trx, session, {
      machine: leadMachine,
      table: 'lead',
      alias: 'l',
      id: input.id,
      event: input.status === 'lost' ? 'lose' : 'invalidate',
      scope: await leadScope(trx, session),
      reason: input.reason,
      set: { close_reason: input.reason, closed_at: new Date() },
    }),
  );
  return getLead(db, session, input.id);
}

/**
 * For the follow-up module, inside its transaction: locks a lead the caller can see, refuses a
 * closed one, and moves its last/next follow-up times and status (待跟进 → 跟进中).
 */
export async function recordFollowUp(trx: Kysely<DB>, session: SessionInfo, leadId: string, nextFollowAt: Date | null): Promise<void> {
  const [row] = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), [leadId]);
  if (!row) throw new NotFound();
  const status = refuseIllegal(row.status, 'followUp');
  await repo.changeLeads(trx, session.companyId, session.userId, [row.id], { status, last_follow_at: new Date(), next_follow_at: nextFollowAt });
}

/**
 * For the reservation module, inside its transaction: locks a lead the caller can see, refuses a
 * closed one, and moves it to 已预约参观. Returns its owner (the visit's consultant).
 */
export async function recordVisitBooked(trx: Kysely<DB>, session: SessionInfo, leadId: string): Promise<{ ownerId: string | null }> {
  const [row] = await repo.lockLeads(trx, session.companyId, await leadScope(trx, session), [leadId]);
  if (!row) throw new NotFound();
  const status = refuseIllegal(row.status, 'bookVisit');
  if (status !== row.status) await repo.changeLeads(trx, session.companyId, session.userId, [row.id], { status });
  return { ownerId: row.owner_id };
}

/** For the follow-up module: the lead exists and the caller can see it (otherwise 404). */
export async function assertLeadVisible(db: Kysely<DB>, session: SessionInfo, leadId: string): Promise<void> {
  if (!(await repo.findLead(db, session.companyId, await leadScope(db, session), leadId))) throw new NotFound();
}

function refuseIllegal(status: LeadStatus, event: LeadEvent): LeadStatus {
  const move = moveLead(status, event);
  if (!move.ok) throw new BizError(move.message);
  return move.status;
}

/** The holder of a duplicate phone is named only when the caller's data rules reach it. */
async function assertPhoneFree(db: Kysely<DB>, session: SessionInfo, phone: string, exceptId?: string): Promise<void> {
  const existing = await repo.findOpenLeadByPhone(db, session.companyId, phone, exceptId);
  if (!existing) return;
  const visible = await repo.findLead(db, session.companyId, await leadScope(db, session), existing.id);
  throw new BizError(visible ? LeadText.duplicatePhone(existing.lead_no, existing.name, existing.owner_name) : LeadText.duplicatePhoneHidden);
}

/** A unique-index refusal of a second open lead with the same phone (two saves at once). */
export function isOpenPhoneConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' && (e.constraint === 'lead_open_phone_key' || Boolean(e.message?.includes('lead_open_phone_key')));
}

async function assertOwner(db: Kysely<DB>, companyId: string, ownerId: string): Promise<void> {
  if (!(await activeCompanyUser(db, companyId, ownerId))) throw new BizError(LeadText.ownerMissing);
}

async function checkReferences(
  db: Kysely<DB>,
  companyId: string,
  v: { preferredStoreId: string | null; leadChannelId: string | null; channelId: string | null },
): Promise<void> {
  if (v.preferredStoreId && !(await enabledStoreExists(db, companyId, v.preferredStoreId))) throw new BizError(LeadText.storeMissing);
  if (v.leadChannelId && !(await enabledLeadChannelExists(db, companyId, v.leadChannelId))) throw new BizError(LeadText.leadChannelMissing);
  if (v.channelId && !(await enabledChannelExists(db, companyId, v.channelId))) throw new BizError(LeadText.channelMissing);
}

/** One message per lead to its new owner, after the commit; a failure to notify never undoes the move. */
async function notifyOwner(deps: LeadDeps, session: SessionInfo, ownerId: string, leads: { id: string; lead_no: string; name: string }[]): Promise<void> {
  for (const lead of leads) {
    await sendTemplatedMessage(deps.db, deps.push, {
      companyId: session.companyId,
      templateCode: LEAD_ASSIGNED_TEMPLATE,
      data: { leadName: lead.name, leadNo: lead.lead_no, operator: session.username },
      to: { userIds: [ownerId] },
      senderId: session.userId,
      link: { openType: 'url', openPage: '/crm/lead', busId: lead.id },
    }).catch((err: unknown) => deps.log.warn({ err, leadId: lead.id }, 'lead owner message not sent'));
  }
}

const toLead = recordMapper<Lead>();
