import type { Kysely } from 'kysely';
import {
  formatDateTime,
  LeadChannelText,
  toPageResult,
  type CrmOption,
  type LeadChannel,
  type LeadChannelCreate,
  type LeadChannelEdit,
  type LeadChannelListQuery,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './lead-channel.repo.js';

/** 线索渠道 of the session company. */
export async function pageLeadChannels(db: Kysely<DB>, session: SessionInfo, q: LeadChannelListQuery): Promise<PageResult<LeadChannel>> {
  const { rows, total } = await repo.pageLeadChannels(db, session.companyId, q);
  return toPageResult(rows.map(toLeadChannel), total, q);
}

export async function getLeadChannel(db: Kysely<DB>, session: SessionInfo, id: string): Promise<LeadChannel> {
  const row = await repo.findLeadChannel(db, session.companyId, id);
  if (!row) throw new NotFound();
  return toLeadChannel(row);
}

export async function addLeadChannel(db: Kysely<DB>, session: SessionInfo, input: LeadChannelCreate): Promise<LeadChannel> {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.codeTaken(trx, session.companyId, input.code)) throw new BizError(LeadChannelText.codeTaken);
    return repo.insertLeadChannel(trx, session.companyId, session.userId, input).catch(uniqueCode);
  });
  return getLeadChannel(db, session, id);
}

export async function editLeadChannel(db: Kysely<DB>, session: SessionInfo, input: LeadChannelEdit): Promise<LeadChannel> {
  const { id, version, ...values } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findLeadChannel(trx, session.companyId, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (await repo.codeTaken(trx, session.companyId, values.code, id)) throw new BizError(LeadChannelText.codeTaken);
    if (!(await repo.updateLeadChannel(trx, session.companyId, session.userId, id, version, values).catch(uniqueCode))) throw new StaleVersion();
  });
  return getLeadChannel(db, session, id);
}

export async function setLeadChannelEnabled(db: Kysely<DB>, session: SessionInfo, id: string, enabled: boolean): Promise<LeadChannel> {
  if (!(await repo.setEnabled(db, session.companyId, session.userId, id, enabled))) throw new NotFound();
  return getLeadChannel(db, session, id);
}

export function leadChannelOptions(db: Kysely<DB>, session: SessionInfo): Promise<CrmOption[]> {
  return repo.options(db, session.companyId);
}

/** Whether an enabled lead channel of the company (for leads). */
export async function enabledLeadChannelExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean((await repo.findLeadChannel(db, companyId, id))?.enabled);
}

function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(LeadChannelText.codeTaken);
  throw err;
}

function toLeadChannel(r: repo.LeadChannelRow): LeadChannel {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    costPerMonth: r.cost_per_month,
    enabled: r.enabled,
    sort: r.sort,
    remark: r.remark,
    version: r.version,
    createdAt: formatDateTime(r.created_at),
    updatedAt: formatDateTime(r.updated_at),
  };
}
