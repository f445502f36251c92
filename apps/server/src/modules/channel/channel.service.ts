import type { Kysely } from 'kysely';
import {
  ChannelText,
  formatDateTime,
  toPageResult,
  type Channel,
  type ChannelCreate,
  type ChannelEdit,
  type ChannelListQuery,
  type CrmOption,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as repo from './channel.repo.js';

/** 合作渠道 of the session company. */
export async function pageChannels(db: Kysely<DB>, session: SessionInfo, q: ChannelListQuery): Promise<PageResult<Channel>> {
  const { rows, total } = await repo.pageChannels(db, session.companyId, q);
  return toPageResult(rows.map(toChannel), total, q);
}

export async function getChannel(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Channel> {
  const row = await repo.findChannel(db, session.companyId, id);
  if (!row) throw new NotFound();
  return toChannel(row);
}

export async function addChannel(db: Kysely<DB>, session: SessionInfo, input: ChannelCreate): Promise<Channel> {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.nameTaken(trx, session.companyId, input.name)) throw new BizError(ChannelText.nameTaken);
    return repo.insertChannel(trx, session.companyId, session.userId, input).catch(uniqueName);
  });
  return getChannel(db, session, id);
}

export async function editChannel(db: Kysely<DB>, session: SessionInfo, input: ChannelEdit): Promise<Channel> {
  const { id, version, ...values } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findChannel(trx, session.companyId, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (await repo.nameTaken(trx, session.companyId, values.name, id)) throw new BizError(ChannelText.nameTaken);
    if (!(await repo.updateChannel(trx, session.companyId, session.userId, id, version, values).catch(uniqueName))) throw new StaleVersion();
  });
  return getChannel(db, session, id);
}

export async function setChannelEnabled(db: Kysely<DB>, session: SessionInfo, id: string, enabled: boolean): Promise<Channel> {
  if (!(await repo.setEnabled(db, session.companyId, session.userId, id, enabled))) throw new NotFound();
  return getChannel(db, session, id);
}

export function channelOptions(db: Kysely<DB>, session: SessionInfo): Promise<CrmOption[]> {
  return repo.options(db, session.companyId);
}

/** Whether an enabled channel of the company (for leads and, later, orders). */
export async function enabledChannelExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean((await repo.findChannel(db, companyId, id))?.enabled);
}

function uniqueName(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(ChannelText.nameTaken);
  throw err;
}

function toChannel(r: repo.ChannelRow): Channel {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    contact: r.contact,
    phone: r.phone,
    commissionRate: r.commission_rate,
    contractStart: r.contract_start,
    contractEnd: r.contract_end,
    enabled: r.enabled,
    remark: r.remark,
    version: r.version,
    createdAt: formatDateTime(r.created_at),
    updatedAt: formatDateTime(r.updated_at),
  };
}
