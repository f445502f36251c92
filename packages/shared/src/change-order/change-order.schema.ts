import { z } from 'zod';
import { dateSchema } from '../validation/date-rule.js';
import { crmDateSchema } from '../crm/common.js';
import { DictEnums } from '../dict/dict.enums.js';
import { defineResource, field, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { CHANGE_ORDER_KINDS, CHANGE_ORDER_STATUSES } from './change-order.state.js';

export const ChangeOrderText = {
  added: '变更单已保存',
  submitted: '变更单已提交审批',
  decided: '审批已提交',
  deleted: '删除成功!',
  cancelled: '订单已取消',
  orderMissing: '订单不存在或无权操作',
  orderNotLive: (status: string) => `订单当前状态为「${status}」，不能办理变更`,
  refundTooMuch: (max: string) => `退款金额不能超过已收金额 ${max} 元`,
  noStay: '该订单尚未排房，不能换房',
  sameRoom: '新房间与当前房间相同',
  roomMissing: '所选房间不是本门店的房间',
  sameProduct: '升级的产品与订单当前产品相同',
  productNotSold: '所选产品不在订单门店销售',
  notEffectiveDate: '换房日期须在入住期间内',
  waitingStep: (label: string) => `该变更单当前等待「${label}」`,
  commentRequired: '驳回时请填写意见',
  applyFailed: (message: string) => `变更单未能执行：${message}`,
  adjustReceivableMissing: '所选应收不属于该订单',
  adjustSameAmount: '调整后金额与当前应收金额相同',
  adjustBelowTaken: (taken: string) => `调整后金额不能低于该应收已收及待审核金额 ${taken} 元`,
  adjustOrderState: (status: string) => `订单当前状态为「${status}」，不能调账`,
  roomCutBlocked: (pending: string) => `该订单有待审核收款 ${pending} 元，请先审核或驳回后再办理换房`,
} as const;

const optionalReference = (label: string) => field.value(label, z.uuid({ message: `${label}不正确` }).nullable().default(null), z.string().nullable(), { list: true, export: false, search: 'eq', nullable: true });
const readOnlyReference = (label: string) => field.readOnly(optionalReference(label));

/**
 * 变更单: read through the kit (list, filters, export); written only by this module's actions (add
 * per kind with the amount computed by the server, submit, approvals).
 */
export const changeOrderResource = defineResource({
  name: 'change_order',
  table: 'change_order',
  label: '变更单',
  fields: {
    changeNo: field.readOnly(field.text('变更单号', { search: 'prefix', sort: true })),
    orderId: readOnlyReference('订单'),
    reservationId: readOnlyReference('订房预约'),
    customerId: readOnlyReference('客户'),
    storeId: readOnlyReference('门店'),
    kind: field.readOnly(field.enum('变更类型', 'change_order_kind', CHANGE_ORDER_KINDS, { sort: true })),
    days: field.readOnly(field.int('续住天数', { list: false })),
    fromRoomId: readOnlyReference('原房间'),
    toRoomId: readOnlyReference('新房间'),
    fromProductId: readOnlyReference('原产品'),
    toProductId: readOnlyReference('新产品'),
    toProductVersionId: field.readOnly(field.value('新产品版本', z.string().nullable(), z.string().nullable(), { nullable: true })),
    effectiveDate: field.readOnly(field.date('换房日期', { list: false })),
    amountDelta: field.readOnly(field.money('变更金额', { sort: true })),
    /** 续住 / 升级: the line's reference price and its discount (参考价 − 变更金额); the order's deal stays as signed. */
    referenceDelta: field.readOnly(field.money('变更参考价', { list: false })),
    discountDelta: field.readOnly(field.money('变更优惠', { list: false })),
    reason: field.readOnly(field.textarea('变更原因')),
    status: field.readOnly(field.enum('状态', 'change_order_status', CHANGE_ORDER_STATUSES, { sort: true })),
    approvalStep: field.readOnly(field.int('审批步骤', { list: false })),
    submittedAt: field.datetime('提交时间', { sort: true }),
    decidedAt: field.datetime('审批时间'),
    appliedAt: field.datetime('执行时间'),
    receivableId: field.readOnly(field.value('应收', z.string().nullable(), z.string().nullable(), { nullable: true })),
    refundPaymentId: field.readOnly(field.value('退款单', z.string().nullable(), z.string().nullable(), { nullable: true })),
    /** Who raised it: the pages leave 审批 off one's own change orders (四眼原则, docs/money.md). */
    createdBy: field.readOnly(field.value('创建人', z.string().nullable(), z.string().nullable(), { nullable: true })),
  },
  defaultSort: { key: 'createdAt', order: 'desc' },
  derived: {
    orderNo: z.string().nullable(),
    customerName: z.string().nullable(),
    storeName: z.string().nullable(),
    fromRoomNo: z.string().nullable(),
    toRoomNo: z.string().nullable(),
    fromProductName: z.string().nullable(),
    toProductName: z.string().nullable(),
    /** Steps of its chain (1, or 2 with 财务审批). */
    approvalSteps: z.number().int(),
  },
});

export type ChangeOrder = RecordOf<typeof changeOrderResource>;

/** The list's filters: the resource's, plus 创建日期 from/to and an order no or customer name. */
export const changeOrderListQuerySchema = changeOrderResource.listQuery.extend({
  createdFrom: crmDateSchema('开始日期不正确').optional(),
  createdTo: crmDateSchema('结束日期不正确').optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type ChangeOrderListQuery = ListQueryOf<typeof changeOrderResource> & { createdFrom?: string; createdTo?: string; keyword?: string };

const orderId = z.uuid({ message: '请选择订单!' });
const reason = z.string().trim().max(500, '变更原因不能超过500个字符').default('');

/** 新增变更单: the order and the kind's own fields; the amount is the server's. */
export const changeOrderAddSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('extend'), orderId, days: z.number({ message: '请输入续住天数!' }).int('续住天数必须是整数').min(1, '续住天数至少为1天').max(365, '续住天数不能大于365'), reason }),
    z.object({ kind: z.literal('change_room'), orderId, toRoomId: z.uuid({ message: '请选择新房间!' }), effectiveDate: dateSchema('换房日期', { window: 'business', message: '请选择换房日期!' }), reason }),
    z.object({ kind: z.literal('upgrade'), orderId, toProductId: z.uuid({ message: '请选择升级产品!' }), reason }),
    z.object({
      kind: z.literal('refund'),
      orderId,
      amount: z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v) && Number(v) > 0, '退款金额必须是大于0、最多两位小数的金额'),
      reason: z.string({ error: '请输入退款原因!' }).trim().min(1, '请输入退款原因!').max(500, '变更原因不能超过500个字符'),
    }),
    // 调账: one receivable of the order to a new amount (its difference is the change order's amount).
    z.object({
      kind: z.literal('adjust'),
      orderId,
      receivableId: z.uuid({ message: '请选择要调整的应收!' }),
      amount: z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), '调整后金额必须是最多两位小数的非负金额'),
      reason: z.string({ error: '请输入调账原因!' }).trim().min(1, '请输入调账原因!').max(500, '变更原因不能超过500个字符'),
    }),
  ],
  { error: '请选择变更类型!' },
);
export type ChangeOrderAdd = z.input<typeof changeOrderAddSchema>;
export type ChangeOrderAddParsed = z.output<typeof changeOrderAddSchema>;

/** What the add form shows before saving. */
export const changeOrderQuoteSchema = z.object({
  amountDelta: z.string(),
  /** 续住 / 升级: the line's reference price and discount ('0.00' for other kinds). */
  referenceDelta: z.string(),
  discountDelta: z.string(),
  approvalSteps: z.number().int(),
  /** How it was computed, in words (按成交价每晚 … / 按财务定价 …). */
  basis: z.string(),
  orderNo: z.string(),
  fromRoomId: z.string().nullable(),
  fromRoomNo: z.string().nullable(),
});
export type ChangeOrderQuote = z.infer<typeof changeOrderQuoteSchema>;

export const changeOrderVersionSchema = z.object({ id: z.uuid({ message: '缺少ID' }), version: z.number().int().min(1) });

export const changeOrderDecisionSchema = z
  .object({
    id: z.uuid({ message: '缺少ID' }),
    version: z.number().int().min(1).optional(),
    decision: z.enum(['approved', 'rejected'], { message: '请选择审批结果' }),
    comment: z.string().trim().max(500, '审批意见不能超过500个字符').default(''),
  })
  .refine((v) => v.decision === 'approved' || v.comment.length > 0, { message: '驳回时请填写意见', path: ['comment'] });
export type ChangeOrderDecision = z.input<typeof changeOrderDecisionSchema>;

export const changeOrderApprovalSchema = z.object({
  step: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  comment: z.string(),
  approverName: z.string(),
  decidedAt: z.string(),
});
export type ChangeOrderApproval = z.infer<typeof changeOrderApprovalSchema>;

/** 取消订单: why, and the version of the order the user saw. */
export const orderCancelSchema = z.object({
  id: z.uuid({ message: '缺少订单ID' }),
  version: z.number().int().min(1).optional(),
  reason: z.string().trim().min(1, '请输入取消原因!').max(500, '取消原因不能超过500个字符'),
});
export type OrderCancel = z.input<typeof orderCancelSchema>;
export const orderCancelResultSchema = z.object({ orderId: z.string(), refundChangeOrderId: z.string().nullable(), refundAmount: z.string() });

export const changeOrderKindOptions = DictEnums.change_order_kind.items;
