import type { Kysely } from 'kysely';
import {
  announcementMachine,
  announcementResource,
  AnnouncementText,
  formatDateTime,
  toPageResult,
  type Announcement,
  type AnnouncementEvent,
  type AnnouncementReadRecord,
  type AnnouncementStatus,
  type AudienceOptions,
  type AudienceType,
  type LivePushPayload,
  type MsgCategory,
  type Notice,
  type NoticeItem,
  type NoticeList,
  type PageResult,
  type Priority,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { crudRepo, type Db } from '../../platform/crud/crud-repo.js';
import type { CrudOptions, CrudService } from '../../platform/crud/crud-service.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { plainExcerpt, sanitizeStoredHtml } from '../message/html.js';
import * as messages from '../message/message.service.js';
import * as repo from './announcement.repo.js';

type Version = { id: string; version: number };

const announcements = crudRepo(announcementResource);

// ---- administration: the kit's list, add, edit and delete with the rules below ----------------------

/** The audience is checked and kept beside the row, the content sanitised; a published announcement is neither edited nor deleted. */
export const announcementCrudOptions: CrudOptions = {
  beforeWrite: async (trx, session, values, current) => {
    if (current) assertMove(announcementMachine, current.status as AnnouncementStatus, 'edit');
    await checkAudience(trx, session, values);
    values.msgContent = sanitizeStoredHtml(values.msgContent as string);
    if (!values.openType) values.openPage = null;
    values.busId = values.busId || null;
  },
  afterWrite: (trx, _session, id, values) => repo.replaceTargets(trx, id, values.departmentIds as string[], values.userIds as string[]),
  beforeRemove: async (_trx, _session, current) => {
    assertMove(announcementMachine, current.status as AnnouncementStatus, 'delete');
  },
  enrich: withAudience,
};

/** Keeps only the addressed kind's ids, once each, and refuses departments or users of another company. */
async function checkAudience(db: Db, session: SessionInfo, values: Record<string, unknown>): Promise<void> {
  const only = (type: AudienceType, ids: unknown) => (values.audienceType === type ? [...new Set(ids as string[])] : []);
  const departmentIds = (values.departmentIds = only('departments', values.departmentIds));
  const userIds = (values.userIds = only('users', values.userIds));
  const counted = async (kind: 'department' | 'user', ids: string[]) => (await repo.countInCompany(db, kind, session.companyId, ids)) === ids.length;
  if (!(await counted('department', departmentIds))) throw new BizError(AnnouncementText.unknownDepartment);
  if (!(await counted('user', userIds))) throw new BizError(AnnouncementText.unknownUser);
}

/** Records with their addressed departments and users (ids and names), sender and read count. */
async function withAudience(db: Db, _session: SessionInfo, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = records.map((r) => r.id as string);
  const [{ departments, users }, info] = await Promise.all([
    repo.targetsOf(db, records.filter((r) => r.audienceType !== 'all').map((r) => r.id as string)),
    repo.publishInfoOf(db, ids),
  ]);
  return records.map((record) => {
    const ds = departments.filter((d) => d.announcement_id === record.id);
    const us = users.filter((u) => u.announcement_id === record.id);
    const published = info.find((i) => i.id === record.id);
    return {
      ...record,
      departmentIds: ds.map((d) => d.id),
      userIds: us.map((u) => u.id),
      audienceNames: record.audienceType === 'departments' ? ds.map((d) => d.name) : us.map((u) => u.first_name || u.username),
      sender: published?.sender_name ?? null,
      readCount: Number(published?.read_count ?? 0),
    };
  });
}

/** Publishes a draft or revoked announcement (a state change) and pushes a 'notice' to its audience. */
export async function publish(db: Kysely<DB>, crud: CrudService, push: PushBus, session: SessionInfo, input: Version): Promise<Announcement> {
  const announcement = await move(db, crud, session, input, 'publish', { sender_id: session.userId, send_time: new Date(), revoke_time: null });
  await pushNotice(db, push, session.companyId, announcement);
  return announcement;
}

/** Withdraws a published announcement from every bell (a state change); read records stay. */
export function revoke(db: Kysely<DB>, crud: CrudService, session: SessionInfo, input: Version): Promise<Announcement> {
  return move(db, crud, session, input, 'revoke', { revoke_time: new Date() });
}

async function move(db: Kysely<DB>, crud: CrudService, session: SessionInfo, input: Version, event: AnnouncementEvent, set: Record<string, unknown>): Promise<Announcement> {
  await db.transaction().execute((trx) => transition(trx, session, { machine: announcementMachine, table: announcementResource.table, id: input.id, event, version: input.version, set }));
  return (await crud.get(session, input.id)) as Announcement;
}

export async function readRecords(
  db: Kysely<DB>,
  session: SessionInfo,
  q: { anntId: string; pageNo: number; pageSize: number; readFlag?: '0' | '1'; column?: 'username' | 'readTime'; order?: 'asc' | 'desc' },
): Promise<PageResult<AnnouncementReadRecord>> {
  const announcement = await announcements.find(db, session, q.anntId);
  if (!announcement) throw new NotFound();
  const { rows, total } = await repo.pageReadRecords(db, session.companyId, { id: q.anntId, audience_type: announcement.audienceType as AudienceType }, q);
  return toPageResult(
    rows.map((r) => ({
      userId: r.id,
      username: r.username,
      realname: r.first_name,
      departmentName: r.department_name,
      readFlag: r.read_time ? ('1' as const) : ('0' as const),
      readTime: r.read_time ? formatDateTime(r.read_time) : null,
    })),
    total,
    q,
  );
}

export async function audienceOptions(db: Kysely<DB>, session: SessionInfo, q: { keyword?: string; userIds?: string[] }): Promise<AudienceOptions> {
  const [departments, users] = await Promise.all([
    repo.companyDepartments(db, session.companyId),
    repo.companyUsers(db, session.companyId, q.keyword || undefined, q.userIds ?? []),
  ]);
  return {
    departments: departments.map((d) => ({ id: d.id, parentId: d.parent_id, name: d.name })),
    users: users.map((u) => ({ id: u.id, username: u.username, firstName: u.first_name, departmentName: u.department_name })),
  };
}

// A failed push loses nothing: the bell fetches what it missed when it reconnects.
async function pushNotice(db: Kysely<DB>, push: PushBus, companyId: string, a: Announcement): Promise<void> {
  const payload: LivePushPayload = {
    id: a.id,
    msgCategory: '1',
    title: a.titile,
    content: plainExcerpt(a.msgContent),
    priority: a.priority,
    openType: a.openType,
    openPage: a.openPage,
    busId: a.busId,
    name: a.sender ?? '',
    createTime: a.sendTime ?? '',
  };
  const event = { kind: 'notice' as const, payload };
  if (a.audienceType === 'all') {
    await push.publish({ scope: 'company', companyId }, event).catch(() => undefined);
    return;
  }
  const userIds = await repo.addressedUserIds(db, companyId, { id: a.id, audience_type: a.audienceType });
  await Promise.all(userIds.map((userId) => push.publish({ scope: 'user', userId }, event).catch(() => undefined)));
}

// ---- every signed-in user: the bell and the notice modal ------------------------------------------------

export async function listByUser(db: Kysely<DB>, session: SessionInfo, pageSize: number): Promise<NoticeList> {
  const [annt, sys] = await Promise.all([
    repo.unreadFor(db, session.companyId, await viewerOf(db, session), pageSize),
    messages.unreadForBell(db, session, pageSize),
  ]);
  return {
    anntMsgList: annt.rows.map(toNoticeItem),
    anntMsgTotal: annt.total,
    sysMsgList: sys.items,
    sysMsgTotal: sys.total,
  };
}

export async function queryById(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Notice> {
  const row = await repo.findVisible(db, session.companyId, await viewerOf(db, session), id);
  if (!row) throw new NotFound();
  const { createTime: _createTime, ...item } = toNoticeItem(row);
  return { ...item, msgContent: row.content, readFlag: row.read_time ? '1' : '0' };
}

/** Marks an announcement ('1') or one of the caller's messages ('2') read. */
export async function markRead(db: Kysely<DB>, session: SessionInfo, anntId: string, msgCategory: MsgCategory): Promise<null> {
  if (msgCategory === '2') {
    await messages.markOneRead(db, session, anntId);
    return null;
  }
  if (!(await repo.findVisible(db, session.companyId, await viewerOf(db, session), anntId))) throw new NotFound();
  await repo.markRead(db, anntId, session.userId);
  return null;
}

async function viewerOf(db: Kysely<DB>, session: SessionInfo): Promise<repo.Viewer> {
  return { userId: session.userId, departmentIds: await repo.departmentsWithAncestors(db, session.userId) };
}

function toNoticeItem(row: repo.NoticeRow): NoticeItem {
  const sendTime = row.send_time ? formatDateTime(row.send_time) : '';
  return {
    id: row.id,
    msgCategory: '1',
    titile: row.title,
    priority: row.priority as Priority,
    openType: row.open_type,
    openPage: row.open_page,
    busId: row.bus_id,
    sender: row.sender_name ?? '',
    sendTime,
    createTime: sendTime,
  };
}
