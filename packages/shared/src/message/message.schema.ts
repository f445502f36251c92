import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { msgCategorySchema, openTypeSchema, PRIORITIES, prioritySchema } from './announcement.schema.js';

export const MessageText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  allRead: '已全部标记为已读',
  read: '操作成功',
  testSent: '测试消息已发送',
  codeTaken: '模板编码已存在',
  templateMissing: '消息模板不存在或已停用',
  noRecipients: '没有可接收消息的用户',
  /** Sender shown for messages that no user sent (sent by a module of the system). */
  systemSender: '系统',
} as const;

/**
 * What the bell's popover lists and the notice modal shows (spec §2, §3 Notice), for an
 * announcement (msgCategory '1') or a personal message (msgCategory '2').
 */
export const noticeSchema = z.object({
  id: z.string(),
  msgCategory: msgCategorySchema,
  /** Plain text: show it as text, never as HTML. */
  titile: z.string(),
  /** Sanitised HTML (render through DOMPurify as well). */
  msgContent: z.string(),
  priority: prioritySchema,
  openType: openTypeSchema.nullable(),
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  sender: z.string(),
  sendTime: z.string(),
  /** '1' read (spec §3). */
  readFlag: z.enum(['0', '1']),
});
export type Notice = z.infer<typeof noticeSchema>;

/** A bell item: a notice without its body (the modal fetches it through queryById). */
export const noticeItemSchema = noticeSchema.omit({ msgContent: true, readFlag: true }).extend({
  /** = sendTime; the popover shows it with 发布 (spec §3 Announcement.createTime). */
  createTime: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

/** The bell: the caller's unread announcements and messages, newest first, with the unread totals. */
export const noticeListSchema = z.object({
  anntMsgList: z.array(noticeItemSchema),
  anntMsgTotal: z.number().int(),
  sysMsgList: z.array(noticeItemSchema),
  sysMsgTotal: z.number().int(),
});
export type NoticeList = z.infer<typeof noticeListSchema>;

export const NOTICE_LIST_MAX = 50;
export const noticeListQuerySchema = z.object({
  /** Items per tab (the totals count them all). */
  pageSize: z.coerce.number().int().min(1).max(NOTICE_LIST_MAX).default(10),
});

/** Marks one notice read for the caller (spec §7 `editByAnntIdAndUserId`: anntId). */
export const markNoticeReadSchema = z.object({
  anntId: z.uuid({ message: '缺少通告ID' }),
  /** '1' (default) an announcement, '2' a personal message. */
  msgCategory: msgCategorySchema.default('1'),
});

export const queryByIdSchema = z.object({ id: z.uuid({ message: 'ID不正确' }) });

// ---- 消息模板 -------------------------------------------------------------------------------------

/** Delivery channels; only in-app messages (站内消息) are delivered for now. */
export const MESSAGE_CHANNELS = ['system'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS, { message: '请选择发送渠道!' });
export type MessageChannel = z.infer<typeof messageChannelSchema>;
export const MessageChannelLabel: Record<MessageChannel, string> = { system: '站内消息' };

/** `${name}` placeholders of a template: letters, digits, `_` and `.`. */
export const PLACEHOLDER_PATTERN = /\$\{([A-Za-z_][A-Za-z0-9_.]*)\}/g;

/** The distinct placeholder names used in a text, in order of first use. */
export function placeholdersOf(...texts: string[]): string[] {
  const names: string[] = [];
  for (const text of texts) for (const match of text.matchAll(PLACEHOLDER_PATTERN)) if (!names.includes(match[1]!)) names.push(match[1]!);
  return names;
}

/** A required text whose absence is named like its emptiness (请输入…!). */
const requiredText = (label: string, max: number) => z.string({ error: `请输入${label}!` }).trim().min(1, `请输入${label}!`).max(max, `${label}不能超过${max}个字符`);

/** 消息模板: `${name}` placeholders in title and body; code unique per company. */
export const messageTemplateResource = defineResource({
  name: 'messageTemplate',
  table: 'message_template',
  label: '模板',
  fields: {
    code: { ...field.code('模板编码', { required: true, max: 64 }), input: requiredText('模板编码', 64).regex(/^[A-Za-z0-9_.-]+$/, '模板编码只能包含字母、数字、_、. 和 -') },
    name: { ...field.text('模板名称', { required: true, sort: true }), input: requiredText('模板名称', 100) },
    channel: { ...field.enum('发送渠道', 'message_channel', MESSAGE_CHANNELS, { search: false }), input: messageChannelSchema.default('system') },
    /** Plain text with `${name}` placeholders. */
    title: { ...field.text('模板标题', { required: true, max: 200, search: false }), input: requiredText('模板标题', 200) },
    /** Sanitised HTML with `${name}` placeholders; filled values are HTML-escaped. */
    body: { ...field.textarea('模板内容', { max: 20_000, list: false, export: false }), input: z.string({ error: '请输入模板内容!' }).min(1, '请输入模板内容!').max(20_000, '模板内容过长') },
    priority: { ...field.enum('优先级', 'msg_priority', PRIORITIES, { search: false }), input: prioritySchema.default('L') },
    enabled: field.bool('状态', { search: false }),
  },
  defaultSort: { key: 'createdAt', order: 'desc' },
  derived: { createTime: z.string() },
});

export type MessageTemplate = RecordOf<typeof messageTemplateResource>;
export const messageTemplateSchema = messageTemplateResource.record;
export const messageTemplateCreateSchema = messageTemplateResource.create;
export type MessageTemplateCreate = CreateOf<typeof messageTemplateResource>;
export type MessageTemplateEdit = EditOf<typeof messageTemplateResource>;
export type MessageTemplateListQuery = ListQueryOf<typeof messageTemplateResource>;

/** Values for a template's placeholders: plain strings or numbers, never markup that is kept. */
export const templateDataSchema = z.record(z.string().max(64), z.union([z.string().max(2000), z.number()])).default({});
export type TemplateData = z.infer<typeof templateDataSchema>;

/** Sends the template, filled with `data`, to the caller as a test. */
export const messageTemplateTestSendSchema = z.object({
  id: z.uuid({ message: '缺少模板ID' }),
  data: templateDataSchema,
});

// ---- 消息记录 (my messages) ---------------------------------------------------------------------------

export const messageRecordSchema = z.object({
  id: z.string(),
  titile: z.string(),
  /** Sanitised HTML. */
  msgContent: z.string(),
  priority: prioritySchema,
  openType: openTypeSchema.nullable(),
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  templateCode: z.string().nullable(),
  sender: z.string(),
  sendTime: z.string(),
  readFlag: z.enum(['0', '1']),
  readTime: z.string().nullable(),
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

export const messageRecordListQuerySchema = pageQuerySchema.extend({
  column: z.enum(['sendTime'], { message: '不支持的排序字段' }).optional(),
  titile: z.string().trim().max(100).optional(),
  /** '0' unread only, '1' read only. */
  readFlag: z.enum(['0', '1']).optional(),
  priority: prioritySchema.optional(),
});
export type MessageRecordListQuery = z.infer<typeof messageRecordListQuerySchema>;
export const messageRecordPageSchema = pageResultSchema(messageRecordSchema);

// ---- live push ---------------------------------------------------------------------------------------

/**
 * The payload of a pushed 'notice' or 'message' event (spec §3 Live push message). Small and safe to
 * show as text: `content` is a plain-text excerpt; the full notice comes from queryById.
 */
export const livePushPayloadSchema = z.object({
  id: z.string(),
  msgCategory: msgCategorySchema,
  title: z.string(),
  content: z.string(),
  priority: prioritySchema,
  openType: openTypeSchema.nullable(),
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  /** The sender's name. */
  name: z.string(),
  createTime: z.string(),
});
export type LivePushPayload = z.infer<typeof livePushPayloadSchema>;
