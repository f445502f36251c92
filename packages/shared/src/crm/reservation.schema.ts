import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema, crmDateTimeSchema } from './common.js';
import { RESERVATION_KINDS, VISIT_STATUSES } from './reservation.state.js';

export const ReservationText = {
  added: '预约成功！',
  edited: '编辑成功!',
  arrived: '已标记为已到店',
  noShow: '已标记为未到店',
  cancelled: '预约已取消',
  subjectRequired: '请选择线索或客户',
  subjectBoth: '线索和客户只能选择一个',
  storeMissing: '门店不存在或已停用',
  receptionistMissing: '接待人不是本公司的在职用户',
  past: '预约时间不能早于当前时间',
  notYet: '预约时间未到，不能标记为未到店',
  rangeTooLong: '日历最多查询42天',
  rangeOrder: '结束日期不能早于开始日期',
  /** A lead or customer already has a visit waiting. */
  pendingExists: (no: string, at: string) => `已有待到店的参观预约：${no}（${at}）`,
} as const;

export const reservationKindSchema = z.enum(RESERVATION_KINDS, { message: '预约类型不正确' });
export const visitStatusSchema = z.enum(VISIT_STATUSES, { message: '预约状态不正确' });

/** The fields every row of the reservations table shows, a 参观 visit or a 订房 hold (see room-hold.schema). */
export const reservationRowFields = {
  id: z.string(),
  reservationNo: z.string(),
  customerId: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  remark: z.string(),
  closedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** 预约 (参观 visit) as lists and the calendar show it; the subject is a lead or a customer. */
export const reservationSchema = z.object({
  ...reservationRowFields,
  kind: reservationKindSchema,
  status: visitStatusSchema,
  leadId: z.string().nullable(),
  /** The lead's or customer's name and phone. */
  subjectName: z.string().nullable(),
  subjectPhone: z.string().nullable(),
  /** Visit time, `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai). */
  at: z.string().nullable(),
  visitors: z.number().int(),
  receptionistId: z.string().nullable(),
  receptionistName: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const RESERVATION_SORT_COLUMNS = ['at', 'createdAt', 'reservationNo'] as const;

const dateFilter = crmDateSchema('日期不正确').optional();
/** The list filters a visit and a hold share. */
export const reservationListFilters = {
  reservationNo: z.string().trim().max(64).optional(),
  storeId: z.uuid({ message: '门店不正确' }).optional(),
  customerId: z.uuid({ message: '客户不正确' }).optional(),
  /** Booking date range (inclusive, Asia/Shanghai). */
  createdFrom: dateFilter,
  createdTo: dateFilter,
};
export const reservationListQuerySchema = pageQuerySchema.extend({
  ...reservationListFilters,
  column: z.enum(RESERVATION_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  /** The lead's or customer's name (contains) … */
  subjectName: z.string().trim().max(50).optional(),
  /** … or phone (prefix). */
  subjectPhone: z.string().trim().max(20).optional(),
  status: visitStatusSchema.optional(),
  ownerId: z.uuid({ message: '负责人不正确' }).optional(),
  receptionistId: z.uuid({ message: '接待人不正确' }).optional(),
  leadId: z.uuid({ message: '线索不正确' }).optional(),
  /** Visit date range (inclusive, Asia/Shanghai). */
  dateFrom: dateFilter,
  dateTo: dateFilter,
});
export type ReservationListQuery = z.infer<typeof reservationListQuerySchema>;
export const reservationPageSchema = pageResultSchema(reservationSchema);

/** The calendar: every visit of the range (a day or a week; at most 42 days), oldest first. */
export const reservationCalendarQuerySchema = z
  .object({
    from: crmDateSchema('开始日期不正确'),
    to: crmDateSchema('结束日期不正确'),
    storeId: z.uuid({ message: '门店不正确' }).optional(),
    status: visitStatusSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const days = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: ReservationText.rangeOrder });
    else if (days > 41) ctx.addIssue({ code: 'custom', path: ['to'], message: ReservationText.rangeTooLong });
  });
export type ReservationCalendarQuery = z.infer<typeof reservationCalendarQuerySchema>;

const fields = {
  storeId: z.uuid({ message: '请选择门店!' }),
  at: crmDateTimeSchema('请选择正确的预约时间!'),
  visitors: z.number({ message: '到访人数必须是1到20之间的整数' }).int('到访人数必须是1到20之间的整数').min(1, '到访人数必须是1到20之间的整数').max(20, '到访人数必须是1到20之间的整数').default(1),
  receptionistId: z.uuid({ message: '接待人不正确' }).nullable().default(null),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
};

/** Book a 参观 for a lead (moves it to 已预约参观) or a customer. */
export const reservationCreateSchema = z
  .object({ leadId: z.uuid({ message: '线索不正确' }).nullable().default(null), customerId: z.uuid({ message: '客户不正确' }).nullable().default(null), ...fields })
  .superRefine((v, ctx) => {
    if (!v.leadId && !v.customerId) ctx.addIssue({ code: 'custom', path: ['leadId'], message: ReservationText.subjectRequired });
    if (v.leadId && v.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: ReservationText.subjectBoth });
  });
export type ReservationCreate = z.infer<typeof reservationCreateSchema>;

/** Reschedule a 待到店 visit. */
export const reservationEditSchema = z.object({ id: z.uuid({ message: '缺少预约ID' }), version: z.number().int().min(1), ...fields });
export type ReservationEdit = z.infer<typeof reservationEditSchema>;

export const reservationActionSchema = z.object({ id: z.uuid({ message: '缺少预约ID' }), version: z.number().int().min(1) });
export type ReservationAction = z.infer<typeof reservationActionSchema>;
export const reservationCancelSchema = reservationActionSchema.extend({
  reason: z.string().trim().max(500, '取消原因不能超过500个字符').default(''),
});
export type ReservationCancel = z.infer<typeof reservationCancelSchema>;
