import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

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

/** An announcement (系统通告) as the administration page sees it. */
export const announcementSchema = z.object({
  id: z.string(),
  /** The title (spelled so, spec §3). Plain text. */
  titile: z.string(),
  /** Sanitised HTML. */
  msgContent: z.string(),
  priority: prioritySchema,
  openType: openTypeSchema.nullable(),
  openPage: z.string().nullable(),
  busId: z.string().nullable(),
  audienceType: audienceTypeSchema,
  departmentIds: z.array(z.string()),
  userIds: z.array(z.string()),
  /** Names of the addressed departments or users, for display. */
  audienceNames: z.array(z.string()),
  status: announcementStatusSchema,
  /** Who published it (first name); null while a draft. */
  sender: z.string().nullable(),
  sendTime: z.string().nullable(),
  revokeTime: z.string().nullable(),
  /** Recipients who have read it. */
  readCount: z.number().int(),
  createTime: z.string(),
  version: z.number().int(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const ANNOUNCEMENT_SORT_COLUMNS = ['createTime', 'sendTime', 'priority'] as const;

export const announcementListQuerySchema = pageQuerySchema.extend({
  column: z.enum(ANNOUNCEMENT_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  titile: z.string().trim().max(100).optional(),
  priority: prioritySchema.optional(),
  status: announcementStatusSchema.optional(),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;
export const announcementPageSchema = pageResultSchema(announcementSchema);

const announcementFields = z.object({
  titile: z.string({ error: '请输入标题!' }).trim().min(1, '请输入标题!').max(100, '标题不能超过100个字符'),
  /** HTML; sanitised on save (script, event handlers and javascript: links are removed). */
  msgContent: z.string({ error: '请输入内容!' }).min(1, '请输入内容!').max(100_000, '内容过长'),
  priority: prioritySchema.default('L'),
  openType: openTypeSchema.nullable().default(null),
  openPage: openPageSchema.nullable().default(null),
  busId: z.string().trim().max(64, '业务ID不能超过64个字符').nullable().default(null),
  audienceType: audienceTypeSchema.default('all'),
  departmentIds: z.array(z.uuid({ message: '部门ID不正确' })).max(500).default([]),
  userIds: z.array(z.uuid({ message: '用户ID不正确' })).max(2000).default([]),
});

function checkAnnouncement(value: z.infer<typeof announcementFields>, ctx: z.RefinementCtx) {
  if (value.audienceType === 'departments' && value.departmentIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['departmentIds'], message: '请选择接收部门!' });
  }
  if (value.audienceType === 'users' && value.userIds.length === 0) ctx.addIssue({ code: 'custom', path: ['userIds'], message: '请选择接收用户!' });
  if (value.openType && !value.openPage) ctx.addIssue({ code: 'custom', path: ['openPage'], message: '请输入打开页面!' });
  if (value.openType === 'url' && value.openPage && !value.openPage.startsWith('/')) {
    ctx.addIssue({ code: 'custom', path: ['openPage'], message: '页面路径须以 / 开头' });
  }
}

export const announcementCreateSchema = announcementFields.superRefine(checkAnnouncement);
export type AnnouncementCreate = z.infer<typeof announcementCreateSchema>;

export const announcementEditSchema = announcementFields
  .extend({ id: z.uuid({ message: '缺少通告ID' }), version: z.number().int().min(1) })
  .superRefine(checkAnnouncement);
export type AnnouncementEdit = z.infer<typeof announcementEditSchema>;

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
