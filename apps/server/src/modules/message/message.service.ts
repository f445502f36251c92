import type { Kysely } from 'kysely';
import {
  formatDateTime,
  MessageText,
  toPageResult,
  type LivePushPayload,
  type MessageRecord,
  type MessageRecordListQuery,
  type NoticeItem,
  type OpenType,
  type PageResult,
  type Priority,
  type TemplateData,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import { BizError, NotFound } from '../../platform/errors.js';
import type { PushBus } from '../../platform/push/push-bus.js';
import { fillHtml, fillText, plainExcerpt, sanitizeStoredHtml } from './html.js';
import * as repo from './message.repo.js';

// ---- the send API for other modules ---------------------------------------------------------------

/** Who receives a message: users, the members of groups (roles) and the members of departments, of the company. */
export interface MessageRecipients {
  userIds?: string[];
  groupIds?: string[];
  departmentIds?: string[];
}

export interface TemplatedMessage {
  companyId: string;
  /** A template's code in that company (e.g. `lead.assigned`); a missing or disabled one answers 101. */
  templateCode: string;
  /** Values of the `${name}` placeholders; plain values, escaped into the HTML body. */
  data: TemplateData;
  to: MessageRecipients;
  /** The user the message is from; omitted: the system (shown as 系统). */
  senderId?: string | null;
  /** What the notice opens (spec §2), e.g. `{ openType: 'url', openPage: '/crm/lead', busId: lead.id }`. */
  link?: { openType: OpenType | null; openPage: string | null; busId?: string | null };
}

/** A stored message and whom it was for. */
export type SentMessage = MessageRecord & { recipientId: string };

/**
 * Stores one message per recipient from a template, in `db` (pass your transaction to make the
 * message part of it), and answers them. Push them with `pushMessages` after the commit.
 */
export async function createTemplatedMessages(db: Kysely<DB>, input: TemplatedMessage): Promise<SentMessage[]> {
  const template = await repo.findTemplateByCode(db, input.companyId, input.templateCode);
  if (!template || !template.enabled) throw new BizError(MessageText.templateMissing);
  const recipients = await repo.resolveRecipients(db, input.companyId, input.to);
  const ids = await repo.insertMessages(db, input.companyId, recipients, {
    title: fillText(template.title, input.data),
    content: fillHtml(template.body, input.data),
    priority: template.priority,
    openType: input.link?.openType ?? null,
    openPage: input.link?.openType ? (input.link.openPage ?? null) : null,
    busId: input.link?.busId ?? null,
    templateCode: template.code,
    senderId: input.senderId ?? null,
  });
  return (await repo.findMessagesByIds(db, ids)).map(toRecord);
}

/** Tells each recipient's browsers (live push, kind 'message'). A failed push loses nothing: the bell fetches on reconnect. */
export async function pushMessages(push: PushBus, messages: SentMessage[]): Promise<void> {
  await Promise.all(
    messages.map((m) => push.publish({ scope: 'user', userId: m.recipientId }, { kind: 'message', payload: pushPayloadOf(m) }).catch(() => undefined)),
  );
}

/**
 * The send API: a templated message to users, roles and departments of a company, stored and pushed.
 * Call it after your own transaction has committed (or use createTemplatedMessages + pushMessages).
 */
export async function sendTemplatedMessage(db: Kysely<DB>, push: PushBus, input: TemplatedMessage): Promise<SentMessage[]> {
  const records = await db.transaction().execute((trx) => createTemplatedMessages(trx, input));
  await pushMessages(push, records);
  return records;
}

function pushPayloadOf(m: MessageRecord): LivePushPayload {
  return {
    id: m.id,
    msgCategory: '2',
    title: m.titile,
    content: plainExcerpt(m.msgContent),
    priority: m.priority,
    openType: m.openType,
    openPage: m.openPage,
    busId: m.busId,
    name: m.sender,
    createTime: m.sendTime,
  };
}

// ---- 消息模板 --------------------------------------------------------------------------------------

/** The kit's options for 消息模板: a company's codes are unique; a stored body is sanitised HTML. */
export const templateCrudOptions: CrudOptions = {
  unique: [{ field: 'code', message: MessageText.codeTaken }],
  beforeWrite: async (_trx, _session, values) => {
    if (typeof values.body === 'string') values.body = sanitizeStoredHtml(values.body);
  },
  present: (record) => ({ ...record, createTime: record.createdAt }),
};

/** Fills the template with `data` and sends it to the caller only. */
export async function testSend(db: Kysely<DB>, push: PushBus, session: SessionInfo, id: string, data: TemplateData): Promise<MessageRecord> {
  const template = await repo.findTemplate(db, session.companyId, id);
  if (!template) throw new NotFound();
  const records = await db.transaction().execute(async (trx) => {
    const ids = await repo.insertMessages(trx, session.companyId, [session.userId], {
      title: fillText(template.title, data),
      content: fillHtml(template.body, data),
      priority: template.priority,
      openType: null,
      openPage: null,
      busId: null,
      templateCode: template.code,
      senderId: session.userId,
    });
    return (await repo.findMessagesByIds(trx, ids)).map(toRecord);
  });
  await pushMessages(push, records);
  return stripRecipient(records[0]!);
}

// ---- 消息记录 (the caller's own) -------------------------------------------------------------------

export async function pageMyMessages(db: Kysely<DB>, session: SessionInfo, q: MessageRecordListQuery): Promise<PageResult<MessageRecord>> {
  const { rows, total } = await repo.pageMessages(db, session.companyId, session.userId, q);
  return toPageResult(rows.map((r) => stripRecipient(toRecord(r))), total, q);
}

export async function myMessage(db: Kysely<DB>, session: SessionInfo, id: string): Promise<MessageRecord> {
  const row = await repo.findMessage(db, session.companyId, session.userId, id);
  if (!row) throw new NotFound();
  return stripRecipient(toRecord(row));
}

export async function markRead(db: Kysely<DB>, session: SessionInfo, ids: string[]): Promise<{ updated: number }> {
  return { updated: await repo.markMessagesRead(db, session.companyId, session.userId, [...new Set(ids)]) };
}

/** One message of the caller read (the bell); a message that is not the caller's answers 404. */
export async function markOneRead(db: Kysely<DB>, session: SessionInfo, id: string): Promise<void> {
  if (!(await repo.findMessage(db, session.companyId, session.userId, id))) throw new NotFound();
  await repo.markMessagesRead(db, session.companyId, session.userId, [id]);
}

export async function readAll(db: Kysely<DB>, session: SessionInfo): Promise<{ updated: number }> {
  return { updated: await repo.markMessagesRead(db, session.companyId, session.userId) };
}

/** The bell's second tab: the caller's newest unread messages and their count. */
export async function unreadForBell(db: Kysely<DB>, session: SessionInfo, limit: number): Promise<{ items: NoticeItem[]; total: number }> {
  const { rows, total } = await repo.unreadMessages(db, session.companyId, session.userId, limit);
  return {
    items: rows.map((r) => {
      const m = toRecord(r);
      return {
        id: m.id,
        msgCategory: '2' as const,
        titile: m.titile,
        priority: m.priority,
        openType: m.openType,
        openPage: m.openPage,
        busId: m.busId,
        sender: m.sender,
        sendTime: m.sendTime,
        createTime: m.sendTime,
      };
    }),
    total,
  };
}

function toRecord(row: repo.MessageRow): SentMessage {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    titile: row.title,
    msgContent: row.content,
    priority: row.priority as Priority,
    openType: row.open_type,
    openPage: row.open_page,
    busId: row.bus_id,
    templateCode: row.template_code,
    sender: row.sender_name ?? MessageText.systemSender,
    sendTime: formatDateTime(row.send_time),
    readFlag: row.read_time ? '1' : '0',
    readTime: row.read_time ? formatDateTime(row.read_time) : null,
  };
}

function stripRecipient(record: MessageRecord & { recipientId?: string }): MessageRecord {
  const { recipientId: _recipientId, ...rest } = record;
  return rest;
}
