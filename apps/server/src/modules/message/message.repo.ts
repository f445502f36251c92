import type { Kysely } from 'kysely';
import type { MessageRecordListQuery, Priority } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

// ---- templates ----------------------------------------------------------------------------------

const templateColumns = ['t.id', 't.code', 't.name', 't.channel', 't.title', 't.body', 't.priority', 't.enabled', 't.created_at', 't.version'] as const;

function templates(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('message_template as t').where('t.company_id', '=', companyId);
}

export type TemplateRow = Awaited<ReturnType<typeof findTemplate>> & object;

export function findTemplate(db: Kysely<DB>, companyId: string, id: string) {
  return templates(db, companyId).select(templateColumns).where('t.id', '=', id).executeTakeFirst();
}

export function findTemplateByCode(db: Kysely<DB>, companyId: string, code: string) {
  return templates(db, companyId).select(templateColumns).where('t.code', '=', code).executeTakeFirst();
}

// ---- recipients ---------------------------------------------------------------------------------

/** Enabled users of the company named directly, through a group (role) of the company, or through a department of it. */
export async function resolveRecipients(
  db: Kysely<DB>,
  companyId: string,
  to: { userIds?: string[]; groupIds?: string[]; departmentIds?: string[] },
): Promise<string[]> {
  const userIds = to.userIds ?? [];
  const groupIds = to.groupIds ?? [];
  const departmentIds = to.departmentIds ?? [];
  if (!userIds.length && !groupIds.length && !departmentIds.length) return [];
  const rows = await db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', (j) => j.onRef('uc.user_id', '=', 'u.id').on('uc.company_id', '=', companyId))
    .select('u.id')
    .where('u.status', '=', 'enabled')
    .where((eb) => {
      const any = [];
      if (userIds.length) any.push(eb('u.id', 'in', userIds));
      if (groupIds.length) {
        any.push(
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('user_security_group as ug')
              .innerJoin('security_group as g', 'g.id', 'ug.group_id')
              .select('ug.user_id')
              .where('g.company_id', '=', companyId)
              .where('g.id', 'in', groupIds),
          ),
        );
      }
      if (departmentIds.length) {
        any.push(
          eb(
            'u.id',
            'in',
            eb
              .selectFrom('user_department as ud')
              .innerJoin('department as d', 'd.id', 'ud.department_id')
              .select('ud.user_id')
              .where('d.company_id', '=', companyId)
              .where('d.id', 'in', departmentIds),
          ),
        );
      }
      return eb.or(any);
    })
    .orderBy('u.id')
    .execute();
  return rows.map((r) => r.id);
}

// ---- messages -----------------------------------------------------------------------------------

export interface MessageValues {
  title: string;
  content: string;
  priority: Priority;
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
  templateCode: string | null;
  senderId: string | null;
}

export async function insertMessages(db: Kysely<DB>, companyId: string, recipientIds: string[], values: MessageValues): Promise<string[]> {
  if (!recipientIds.length) return [];
  const rows = await db
    .insertInto('message')
    .values(
      recipientIds.map((recipientId) => ({
        company_id: companyId,
        recipient_id: recipientId,
        title: values.title,
        content: values.content,
        priority: values.priority,
        open_type: values.openType,
        open_page: values.openPage,
        bus_id: values.busId,
        template_code: values.templateCode,
        sender_id: values.senderId,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const messageColumns = [
  'm.id',
  'm.recipient_id',
  'm.title',
  'm.content',
  'm.priority',
  'm.open_type',
  'm.open_page',
  'm.bus_id',
  'm.template_code',
  'm.send_time',
  'm.read_time',
  's.first_name as sender_name',
] as const;

function messagesOf(db: Kysely<DB>, companyId: string, userId: string) {
  return db
    .selectFrom('message as m')
    .leftJoin('app_user as s', 's.id', 'm.sender_id')
    .where('m.company_id', '=', companyId)
    .where('m.recipient_id', '=', userId);
}

export type MessageRow = Awaited<ReturnType<typeof findMessage>> & object;

export function findMessage(db: Kysely<DB>, companyId: string, userId: string, id: string) {
  return messagesOf(db, companyId, userId).select(messageColumns).where('m.id', '=', id).executeTakeFirst();
}

export function findMessagesByIds(db: Kysely<DB>, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('message as m').leftJoin('app_user as s', 's.id', 'm.sender_id').select(messageColumns).where('m.id', 'in', ids).execute();
}

export async function pageMessages(db: Kysely<DB>, companyId: string, userId: string, q: MessageRecordListQuery): Promise<{ rows: MessageRow[]; total: number }> {
  let query = messagesOf(db, companyId, userId);
  if (q.titile) query = query.where('m.title', 'ilike', `%${escapeLike(q.titile)}%`);
  if (q.readFlag === '0') query = query.where('m.read_time', 'is', null);
  if (q.readFlag === '1') query = query.where('m.read_time', 'is not', null);
  if (q.priority) query = query.where('m.priority', '=', q.priority);
  return pageWithCappedCount(db, query.select(messageColumns).orderBy('m.send_time', q.order ?? 'desc').orderBy('m.id'), query, q);
}

/** The newest unread messages and how many are unread. */
export async function unreadMessages(db: Kysely<DB>, companyId: string, userId: string, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
  const query = messagesOf(db, companyId, userId).where('m.read_time', 'is', null);
  const [rows, count] = await Promise.all([
    query.select(messageColumns).orderBy('m.send_time', 'desc').orderBy('m.id').limit(limit).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Marks the user's unread messages read (only `ids` when given); answers how many changed. */
export async function markMessagesRead(db: Kysely<DB>, companyId: string, userId: string, ids?: string[]): Promise<number> {
  let query = db
    .updateTable('message')
    .set({ read_time: new Date() })
    .where('company_id', '=', companyId)
    .where('recipient_id', '=', userId)
    .where('read_time', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
