import { z } from 'zod';
import { dateSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema, crmMoneySchema } from '../crm/common.js';
import { NURSE_ASSIGNMENT_STATUSES } from './nurse-assignment.state.js';
import { NURSE_SERVICE_FORMS, NurseAssignmentText } from './nurse-assignment.text.js';

export const nurseAssignmentStatusSchema = z.enum(NURSE_ASSIGNMENT_STATUSES, { message: '派工状态不正确' });
const serviceFormSchema = z.enum(NURSE_SERVICE_FORMS, { message: '请选择服务形式!' });

/** 派工单 as lists and the detail show it; dates `YYYY-MM-DD`, end dates exclusive (the 下户 day). */
export const nurseAssignmentSchema = z.object({
  id: z.string(),
  assignmentNo: z.string(),
  nurseId: z.string(),
  nurseName: z.string().nullable(),
  nurseNo: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  serviceForm: z.string(),
  address: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  days: z.number().int(),
  dailyRate: z.string(),
  actualStart: z.string().nullable(),
  actualEnd: z.string().nullable(),
  status: nurseAssignmentStatusSchema,
  replacesId: z.string().nullable(),
  replacesNo: z.string().nullable(),
  cancelReason: z.string().nullable(),
  remark: z.string(),
  auditedAt: z.string().nullable(),
  /** Who created it: the page leaves 审核 off one's own 派工 (四眼原则, docs/money.md). */
  createdBy: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NurseAssignment = z.infer<typeof nurseAssignmentSchema>;

export const NURSE_ASSIGNMENT_SORT_COLUMNS = ['startDate', 'createdAt', 'assignmentNo'] as const;

const uuidFilter = (message: string) => z.uuid({ message }).optional();
const dateFilter = crmDateSchema('日期不正确').optional();
export const nurseAssignmentListQuerySchema = pageQuerySchema.extend({
  column: z.enum(NURSE_ASSIGNMENT_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  storeId: uuidFilter('门店不正确'),
  status: nurseAssignmentStatusSchema.optional(),
  nurseId: uuidFilter('月嫂不正确'),
  /** The nurse's name or number (contains). */
  nurseName: z.string().trim().max(50).optional(),
  /** The customer's name or the order's number or the assignment's (contains). */
  keyword: z.string().trim().max(64).optional(),
  serviceForm: z.enum(NURSE_SERVICE_FORMS, { message: '服务形式不正确' }).optional(),
  /** Period: assignments whose planned days touch [from, to] (inclusive). */
  from: dateFilter,
  to: dateFilter,
});
export type NurseAssignmentListQuery = z.infer<typeof nurseAssignmentListQuerySchema>;
export const nurseAssignmentExportQuerySchema = nurseAssignmentListQuerySchema.omit({ pageNo: true, pageSize: true });
export const nurseAssignmentPageSchema = pageResultSchema(nurseAssignmentSchema);

const days = z.number({ message: '服务天数必须是1到365之间的整数' }).int('服务天数必须是1到365之间的整数').min(1, '服务天数必须是1到365之间的整数').max(365, '服务天数必须是1到365之间的整数');

/** 新增/编辑派工: an order of the caller's scope, or (到家 only) a customer without one; `days` from the start date. */
export const nurseAssignmentFormSchema = z.object({
  nurseId: z.uuid({ message: '请选择月嫂!' }),
  orderId: z.uuid({ message: '订单不正确' }).nullable().default(null),
  customerId: z.uuid({ message: '客户不正确' }).nullable().default(null),
  serviceForm: serviceFormSchema,
  address: z.string().trim().max(200, '服务地址不能超过200个字符').default(''),
  startDate: dateSchema('开始日期', { window: 'business', message: '请选择开始日期!' }),
  days,
  dailyRate: crmMoneySchema('请输入正确的日薪（最多两位小数）'),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
});
export type NurseAssignmentForm = z.input<typeof nurseAssignmentFormSchema>;
export type NurseAssignmentFormValues = z.output<typeof nurseAssignmentFormSchema>;

export const nurseAssignmentEditSchema = nurseAssignmentFormSchema.extend({ id: z.uuid({ message: '缺少派工单ID' }), version: z.number().int().min(1) });
export type NurseAssignmentEdit = z.input<typeof nurseAssignmentEditSchema>;

export const nurseAssignmentActionSchema = z.object({ id: z.uuid({ message: '缺少派工单ID' }), version: z.number().int().min(1) });
export type NurseAssignmentAction = z.infer<typeof nurseAssignmentActionSchema>;

/** 上户: the day she started (today when left out). */
export const nurseAssignmentStartSchema = nurseAssignmentActionSchema.extend({ actualStart: dateSchema('实际上户日期', { window: 'business' }).optional() });
/** 下户: the day she left (today when left out), not before 上户. */
export const nurseAssignmentFinishSchema = nurseAssignmentActionSchema.extend({ actualEnd: dateSchema('实际下户日期', { window: 'business' }).optional() });
export const nurseAssignmentCancelSchema = nurseAssignmentActionSchema.extend({
  reason: z.string({ error: '请输入取消原因!' }).trim().min(1, '请输入取消原因!').max(500, '取消原因不能超过500个字符'),
});
/** 换人 mid-service: the old one finishes on `swapDate` (today when left out), the new nurse starts that day to the planned end. */
export const nurseAssignmentSwapSchema = nurseAssignmentActionSchema.extend({
  nurseId: z.uuid({ message: NurseAssignmentText.swapNurseRequired }),
  swapDate: dateSchema('换人日期', { window: 'business' }).optional(),
  dailyRate: crmMoneySchema('请输入正确的日薪（最多两位小数）').optional(),
  reason: z.string().trim().max(500, NurseAssignmentText.swapReasonTooLong).default(''),
});
export type NurseAssignmentSwap = z.input<typeof nurseAssignmentSwapSchema>;

/** An order the form may pick (in the caller's order scope). */
export const nurseAssignmentOrderOptionSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  status: z.string(),
  plannedCheckIn: z.string().nullable(),
  days: z.number().int().nullable(),
});
export type NurseAssignmentOrderOption = z.infer<typeof nurseAssignmentOrderOptionSchema>;
export const nurseAssignmentOrderOptionsQuerySchema = z.object({ keyword: z.string().trim().max(50).default(''), storeId: uuidFilter('门店不正确') });

/** A nurse the form may pick (not 离职). */
export const nurseAssignmentNurseOptionSchema = z.object({ id: z.string(), name: z.string(), nurseNo: z.string(), level: z.string(), serviceType: z.string(), practiceType: z.string(), status: z.string(), storeId: z.string().nullable() });
export type NurseAssignmentNurseOption = z.infer<typeof nurseAssignmentNurseOptionSchema>;
