import type { Kysely } from 'kysely';
import {
  AnnouncementText,
  formatDateTime,
  toPageResult,
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementEdit,
  type AnnouncementListQuery,
  type AnnouncementReadRecord,
  type AudienceOptions,
  type LivePushPayload,
  type MsgCategory,
  type Notice,
  type NoticeItem,
  type NoticeList,
  type PageResult,
  type Priority,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { plainExcerpt, sanitizeStoredHtml } from '../message/html.js';
import * as messages from '../message/message.service.js';
import * as repo from './announcement.repo.js';

type Version = { id: string; version: number };

// ---- administration ---------------------------------------------------------------------------------

export async function pageAnnouncements(db: Kysely<DB>, session: SessionInfo, q: AnnouncementListQuery): Promise<PageResult<Announcement>> {
  const { rows, total } = await repo.pageAnnouncements(db, session.companyId, q);
  return toPageResult(await withTargets(db, rows), total, q);
}

export async function addAnnouncement(db: Kysely<DB>, session: SessionInfo, input: AnnouncementCreate): Promise<Announcement> {
  const id = await db.transaction().execute(async (trx) => {
    const targets = await checkedTargets(trx, session, input);
    const id = await repo.insertAnnouncement(trx, session.companyId, session.userId, valuesOf(input));
    await repo.replaceTargets(trx, id, targets.departmentIds, targets.userIds);
    return id;
  });
  return load(db, session, id);
}

export async function editAnnouncement(db: Kysely<DB>, session: SessionInfo, input: AnnouncementEdit): Promise<Announcement> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findAnnouncement(trx, session.companyId, input.id);
    if (!current) throw new NotFound();
    if (current.version !== input.version) throw new StaleVersion();
    if (current.status === 'published') throw new BizError(AnnouncementText.notEditable);
    const targets = await checkedTargets(trx, session, input);
    if (!(await repo.updateAnnouncement(trx, session.companyId, session.userId, input.id, input.version, valuesOf(input)))) throw new StaleVersion();
    await repo.replaceTargets(trx, input.id, targets.departmentIds, targets.userIds);
  });
  return load(db, session, input.id);
}

export async function deleteAnnouncement(db: Kysely<DB>, session: SessionInfo, input: Version): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findAnnouncement(trx, session.companyId, input.id);
    if (!current) throw new NotFound();
    if (current.version !== input.version) throw new StaleVersion();
    if (current.status === 'published') throw new BizError(AnnouncementText.notDeletable);
    if (!(await repo.deleteAnnouncement(trx, session.companyId, input.id, input.version))) throw new StaleVersion();
  });
  return null;
}

/** Publishes a draft or revoked announcement and pushes a 'notice' to its audience. */
export async function publish(db: Kysely<DB>, push: PushBus, session: SessionInfo, input: Version): Promise<Announcement> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findAnnouncement(trx, session.companyId, input.id);
    if (!current) throw new NotFound();
    if (current.version !== input.version) throw new StaleVersion();
    if (current.status === 'published') throw new BizError(AnnouncementText.notPublishable);
    const changed = await repo.changeStatus(trx, session.companyId, session.userId, input.id, input.version, ['draft', 'revoked'], {
      status: 'published',
      sender_id: session.userId,
      send_time: new Date(),
      revoke_time: null,
    });
    if (!changed) throw new StaleVersion();
  });
  const announcement = await load(db, session, input.id);
  await pushNotice(db, push, session.companyId, announcement);
  return announcement;
}

export async function revoke(db: Kysely<DB>, session: SessionInfo, input: Version): Promise<Announcement> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findAnnouncement(trx, session.companyId, input.id);
    if (!current) throw new NotFound();
    if (current.version !== input.version) throw new StaleVersion();
    if (current.status !== 'published') throw new BizError(AnnouncementText.notRevocable);
    const changed = await repo.changeStatus(trx, session.companyId, session.userId, input.id, input.version, ['published'], {
      status: 'revoked',
      revoke_time: new Date(),
    });
    if (!changed) throw new StaleVersion();
  });
  return load(db, session, input.id);
}

export async function readRecords(
  db: Kysely<DB>,
  session: SessionInfo,
  q: { anntId: string; pageNo: number; pageSize: number; readFlag?: '0' | '1'; column?: 'username' | 'readTime'; order?: 'asc' | 'desc' },
): Promise<PageResult<AnnouncementReadRecord>> {
  const announcement = await repo.findAnnouncement(db, session.companyId, q.anntId);
  if (!announcement) throw new NotFound();
  const { rows, total } = await repo.pageReadRecords(db, session.companyId, announcement, q);
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

async function checkedTargets(db: Kysely<DB>, session: SessionInfo, input: AnnouncementCreate) {
  const departmentIds = input.audienceType === 'departments' ? [...new Set(input.departmentIds)] : [];
  const userIds = input.audienceType === 'users' ? [...new Set(input.userIds)] : [];
  if ((await repo.countDepartments(db, session.companyId, departmentIds)) !== departmentIds.length) throw new BizError(AnnouncementText.unknownDepartment);
  if ((await repo.countCompanyUsers(db, session.companyId, userIds)) !== userIds.length) throw new BizError(AnnouncementText.unknownUser);
  return { departmentIds, userIds };
}

function valuesOf(input: AnnouncementCreate): repo.AnnouncementValues {
  return {
    title: input.titile,
    content: sanitizeStoredHtml(input.msgContent),
    priority: input.priority,
    open_type: input.openType,
    open_page: input.openType ? input.openPage : null,
    bus_id: input.busId || null,
    audience_type: input.audienceType,
  };
}

async function load(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Announcement> {
  const row = await repo.findAnnouncement(db, session.companyId, id);
  if (!row) throw new NotFound();
  return (await withTargets(db, [row]))[0]!;
}

async function withTargets(db: Kysely<DB>, rows: repo.AnnouncementRow[]): Promise<Announcement[]> {
  const { departments, users } = await repo.targetsOf(
    db,
    rows.filter((r) => r.audience_type !== 'all').map((r) => r.id),
  );
  return rows.map((row) => {
    const ds = departments.filter((d) => d.announcement_id === row.id);
    const us = users.filter((u) => u.announcement_id === row.id);
    return {
      id: row.id,
      titile: row.title,
      msgContent: row.content,
      priority: row.priority as Priority,
      openType: row.open_type,
      openPage: row.open_page,
      busId: row.bus_id,
      audienceType: row.audience_type,
      departmentIds: ds.map((d) => d.id),
      userIds: us.map((u) => u.id),
      audienceNames: row.audience_type === 'departments' ? ds.map((d) => d.name) : us.map((u) => u.first_name || u.username),
      status: row.status,
      sender: row.sender_name,
      sendTime: row.send_time ? formatDateTime(row.send_time) : null,
      revokeTime: row.revoke_time ? formatDateTime(row.revoke_time) : null,
      readCount: Number(row.read_count ?? 0),
      createTime: formatDateTime(row.created_at),
      version: row.version,
    };
  });
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
