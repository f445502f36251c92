import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { defineResource, field, type RecordOf } from '../resource/index.js';

export const AnnouncementText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  published: '发布成功',
  revoked: '撤销成功',
  read: '操作成功',
  notEditable: '已发布的通告不能修改，请先撤销',
  notPublishable: '该通告已发布',
  notRevocable: '只有已发布的通告可以撤销',
  notDeletable: '已发布的通告不能删除，请先撤销',
  audienceMissing: '请选择接收对象!',
  unknownDepartment: '所选部门不存在',
  unknownUser: '所选用户不存在',
} as const;

/** Priority of a notice (spec §2): L 一般消息 (blue), M 重要消息 (orange), H 紧急消息 (red). */
export const PRIORITIES = ['L', 'M', 'H'] as const;
export const prioritySchema = z.enum(PRIORITIES, { message: '请选择优先级!' });
export type Priority = z.infer<typeof prioritySchema>;
export const PriorityLabel: Record<Priority, { text: string; color: string }> = {
  L: { text: '一般消息', color: 'blue' },
  M: { text: '重要消息', color: 'orange' },
  H: { text: '紧急消息', color: 'red' },
};

/**
 * How a notice opens (spec §2): 'url' — `openPage` is a path of this app (the notice modal's 去处理
 * goes there); 'component' — `openPage` is a page key (`module/Page`) opened as a dynamic page with
 * `busId`. Null: the detail dialog only.
 */
export const OPEN_TYPES = ['url', 'component'] as const;
export const openTypeSchema = z.enum(OPEN_TYPES, { message: '请选择打开方式!' });
export type OpenType = z.infer<typeof openTypeSchema>;

/** Who an announcement is addressed to: everyone of the company, the members of departments (and of the departments below them), or named users. */
export const AUDIENCE_TYPES = ['all', 'departments', 'users'] as const;
export const audienceTypeSchema = z.enum(AUDIENCE_TYPES, { message: '请选择接收对象!' });
export type AudienceType = z.infer<typeof audienceTypeSchema>;
export const AudienceTypeLabel: Record<AudienceType, string> = { all: '全体用户', departments: '指定部门', users: '指定用户' };

export const ANNOUNCEMENT_STATUSES = ['draft', 'published', 'revoked'] as const;
export const announcementStatusSchema = z.enum(ANNOUNCEMENT_STATUSES);
export type AnnouncementStatus = z.infer<typeof announcementStatusSchema>;
export const AnnouncementStatusLabel: Record<AnnouncementStatus, string> = { draft: '未发布', published: '已发布', revoked: '已撤销' };

/** '1' 通知公告 (announcements), '2' 系统消息 (personal messages): the two tabs of the bell. */
export const MSG_CATEGORIES = ['1', '2'] as const;
export const msgCategorySchema = z.enum(MSG_CATEGORIES);
export type MsgCategory = z.infer<typeof msgCategorySchema>;

/** A page path of this app (`/crm/lead`, with an optional query) or a page key (`crm/LeadDetail`). */
const openPageSchema = z
  .string()
  .trim()
  .max(255, '打开页面不能超过255个字符')
  .regex(/^\/?[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&%.]*)?$/, '打开页面只能是本系统的页面路径')
  .refine((value) => !value.startsWith('//'), '打开页面只能是本系统的页面路径');

/** 系统通告: one definition of the record, the list's filters and sorts, and the compose form's rules. */
export const announcementResource = defineResource({
  name: 'announcement',
  table: 'announcement',
  label: '通告',
  // In the compose form's and the table's order.
  fields: {
    /** The title (spelled so, spec §3). Plain text. */
    titile: field.text('标题', { required: true, column: 'title' }),
    priority: { ...field.enum('优先级', 'msg_priority', PRIORITIES, { sort: true }), input: prioritySchema.default('L') },
    audienceType: field.value('接收对象', audienceTypeSchema.default('all'), audienceTypeSchema, { list: true, required: true }),
    departmentIds: field.value('接收部门', z.array(z.uuid({ message: '部门ID不正确' })).max(500).default([]), z.array(z.string()), { stored: false, required: true }),
    userIds: field.value('接收用户', z.array(z.uuid({ message: '用户ID不正确' })).max(2000).default([]), z.array(z.string()), { stored: false, required: true }),
    /** Names of the addressed departments or users, for display. */
    audienceNames: field.readOnly(field.value('接收对象名称', z.array(z.string()), z.array(z.string()), { stored: false })),
    status: field.readOnly(field.value('状态', announcementStatusSchema, announcementStatusSchema, { list: true, search: 'eq' })),
    /** Who published it (first name); null while a draft. */
    sender: field.readOnly(field.value('发布人', z.string().nullable(), z.string().nullable(), { list: true, stored: false })),
    sendTime: field.datetime('发布时间', { sort: true }),
    revokeTime: field.datetime('撤销时间', { list: false }),
    /** Recipients who have read it. */
    readCount: field.readOnly(field.value('已读人数', z.number().int(), z.number().int(), { list: true, stored: false })),
    createTime: field.datetime('创建时间', { nullable: false, sort: true, column: 'created_at' }),
    openType: field.value('打开方式', openTypeSchema.nullable().default(null), openTypeSchema.nullable(), { nullable: true }),
    openPage: field.value('打开页面', openPageSchema.nullable().default(null), z.string().nullable(), { nullable: true, required: true }),
    busId: field.value('业务ID', z.string().trim().max(64, '业务ID不能超过64个字符').nullable().default(null), z.string().nullable(), { nullable: true }),
    /** HTML; sanitised on save (script, event handlers and javascript: links are removed). */
    msgContent: {
      ...field.textarea('内容', { required: true, column: 'content', list: false, export: false, max: 100_000 }),
      input: z.string({ error: '请输入内容!' }).min(1, '请输入内容!').max(100_000, '内容过长'),
    },
  },
  rules: [
    { check: (v) => v.audienceType !== 'departments' || v.departmentIds.length > 0, message: '请选择接收部门!', path: 'departmentIds' },
    { check: (v) => v.audienceType !== 'users' || v.userIds.length > 0, message: '请选择接收用户!', path: 'userIds' },
    { check: (v) => !v.openType || Boolean(v.openPage), message: '请输入打开页面!', path: 'openPage' },
    { check: (v) => v.openType !== 'url' || !v.openPage || v.openPage.startsWith('/'), message: '页面路径须以 / 开头', path: 'openPage' },
  ],
  defaultSort: { key: 'createTime', order: 'desc' },
});

export type Announcement = RecordOf<typeof announcementResource>;
export const announcementSchema = announcementResource.record;
export const announcementCreateSchema = announcementResource.create;

/** publish / revoke / delete: the id and the version the page showed. */
export const announcementActionSchema = z.object({ id: z.uuid({ message: '缺少通告ID' }), version: z.number().int().min(1) });

/** One recipient of a published announcement with their read state (阅读记录). */
export const announcementReadRecordSchema = z.object({
  userId: z.string(),
  username: z.string(),
  realname: z.string(),
  departmentName: z.string().nullable(),
  /** '1' read, '0' unread. */
  readFlag: z.enum(['0', '1']),
  readTime: z.string().nullable(),
});
export type AnnouncementReadRecord = z.infer<typeof announcementReadRecordSchema>;

export const announcementReadRecordQuerySchema = pageQuerySchema.extend({
  anntId: z.uuid({ message: '缺少通告ID' }),
  readFlag: z.enum(['0', '1']).optional(),
  column: z.enum(['username', 'readTime'], { message: '不支持的排序字段' }).optional(),
});
export const announcementReadRecordPageSchema = pageResultSchema(announcementReadRecordSchema);

/** Departments and users an announcement may address, for the compose form's pickers. */
export const audienceOptionsQuerySchema = z.object({
  /** Matches username or name; the users of `userIds` are always included (to label a saved selection). */
  keyword: z.string().trim().max(64).optional(),
  userIds: z.array(z.uuid()).max(2000).optional(),
});
export const audienceOptionsSchema = z.object({
  departments: z.array(z.object({ id: z.string(), parentId: z.string().nullable(), name: z.string() })),
  users: z.array(z.object({ id: z.string(), username: z.string(), firstName: z.string(), departmentName: z.string().nullable() })),
});
export type AudienceOptions = z.infer<typeof audienceOptionsSchema>;
