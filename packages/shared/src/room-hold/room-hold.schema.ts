import { z } from 'zod';
import { dateSchema, dateTimeSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema, crmMoneySchema } from '../crm/common.js';
import { reservationListFilters, reservationRowFields } from '../crm/reservation.schema.js';
import { ROOM_HOLD_STATUSES } from './room-hold.state.js';

export const RoomHoldText = {
  added: '订房预约成功！',
  assigned: '排房成功',
  converted: '已转为订单',
  cancelled: '订房预约已取消',
  roomOrTypeRequired: '请选择房型或房间',
  storeMissing: '门店不存在或已停用',
  roomTypeMissing: '所选房型不属于所选门店或已停用',
  roomMissing: '所选房间不属于所选门店',
  roomNotOfType: '所选房间不是所选房型',
  roomUnavailable: (roomNo: string, status: string) => `房间「${roomNo}」当前为「${status}」，不能预订`,
  methodRequired: '请选择定金支付方式!',
  paidAtRequired: '请选择定金支付时间!',
  reasonRequired: '请输入取消原因!',
  checkInPast: '预计入住日期不能早于今天',
  outOfScope: '所选门店不在您的数据权限范围内',
} as const;

/** Methods a deposit is paid by (the payment_method dictionary without the 抵扣 offsets). */
export const DEPOSIT_METHODS = ['cash', 'pos', 'wechat', 'alipay', 'transfer'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

export const roomHoldStatusSchema = z.enum(ROOM_HOLD_STATUSES, { message: '订房预约状态不正确' });

/** 订房 hold as the 预约 page's 订房 tab and the customer's 360 page show it. */
export const roomHoldSchema = z.object({
  ...reservationRowFields,
  status: roomHoldStatusSchema,
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  plannedCheckIn: z.string(),
  days: z.number().int(),
  roomTypeId: z.string().nullable(),
  roomTypeName: z.string().nullable(),
  roomId: z.string().nullable(),
  roomNo: z.string().nullable(),
  depositAmount: z.string(),
  depositPaymentId: z.string().nullable(),
  orderId: z.string().nullable(),
});
export type RoomHold = z.infer<typeof roomHoldSchema>;

export const ROOM_HOLD_SORT_COLUMNS = ['plannedCheckIn', 'createdAt', 'reservationNo'] as const;

const dateFilter = crmDateSchema('日期不正确').optional();
export const roomHoldListQuerySchema = pageQuerySchema.extend({
  ...reservationListFilters,
  column: z.enum(ROOM_HOLD_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  /** The customer's name (contains) … */
  customerName: z.string().trim().max(50).optional(),
  /** … or phone (prefix). */
  customerPhone: z.string().trim().max(20).optional(),
  status: roomHoldStatusSchema.optional(),
  /** Planned check-in range (inclusive). */
  checkInFrom: dateFilter,
  checkInTo: dateFilter,
});
export type RoomHoldListQuery = z.infer<typeof roomHoldListQuerySchema>;
export const roomHoldPageSchema = pageResultSchema(roomHoldSchema);

const money = crmMoneySchema('定金必须是最多两位小数的金额');

/**
 * 订房 for a customer: a room type (待排房) or a room (已预订, held on the room board), and the deposit
 * taken, recorded as a payment awaiting finance's audit.
 */
export const roomHoldCreateSchema = z
  .object({
    customerId: z.uuid({ message: '请选择客户!' }),
    storeId: z.uuid({ message: '请选择门店!' }),
    roomTypeId: z.uuid({ message: '房型不正确' }).nullable().default(null),
    roomId: z.uuid({ message: '房间不正确' }).nullable().default(null),
    plannedCheckIn: dateSchema('预计入住日期', { window: 'business', message: '请选择预计入住日期!' }),
    days: z.number({ message: '请输入入住天数!' }).int('入住天数必须是1到365之间的整数').min(1, '入住天数必须是1到365之间的整数').max(365, '入住天数必须是1到365之间的整数'),
    depositAmount: money.default('0'),
    depositMethod: z.enum(DEPOSIT_METHODS, { message: '定金支付方式不正确' }).nullable().default(null),
    /** `YYYY-MM-DD HH:mm[:ss]` (Asia/Shanghai). */
    depositPaidAt: dateTimeSchema('定金支付时间', { window: 'business' }).nullable().default(null),
    depositPayer: z.string().trim().max(50, '付款人不能超过50个字符').default(''),
    remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.roomTypeId && !v.roomId) ctx.addIssue({ code: 'custom', path: ['roomTypeId'], message: RoomHoldText.roomOrTypeRequired });
    if (Number(v.depositAmount) > 0) {
      if (!v.depositMethod) ctx.addIssue({ code: 'custom', path: ['depositMethod'], message: RoomHoldText.methodRequired });
      if (!v.depositPaidAt) ctx.addIssue({ code: 'custom', path: ['depositPaidAt'], message: RoomHoldText.paidAtRequired });
    }
  });
export type RoomHoldCreate = z.infer<typeof roomHoldCreateSchema>;

const action = { id: z.uuid({ message: '缺少订房预约ID' }), version: z.number().int().min(1) };

/** 排房: a room for a 待排房 hold (of its store and, when it named one, its room type). */
export const roomHoldAssignSchema = z.object({ ...action, roomId: z.uuid({ message: '请选择房间!' }) });
export type RoomHoldAssign = z.infer<typeof roomHoldAssignSchema>;

/** 转订单: the order's product and price; customer, store, room type, check-in and days come from the hold. */
export const roomHoldConvertSchema = z.object({
  ...action,
  productId: z.uuid({ message: '请选择产品!' }),
  dealPrice: crmMoneySchema('成交价必须是最多两位小数的金额'),
  consultantId: z.uuid({ message: '顾问不正确' }).nullable().default(null),
  channelId: z.uuid({ message: '合作渠道不正确' }).nullable().default(null),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
});
export type RoomHoldConvert = z.infer<typeof roomHoldConvertSchema>;
export const roomHoldConvertResultSchema = z.object({ hold: roomHoldSchema, orderId: z.string(), orderNo: z.string() });

export const roomHoldCancelSchema = z.object({ ...action, reason: z.string().trim().min(1, RoomHoldText.reasonRequired).max(500, '取消原因不能超过500个字符') });
export type RoomHoldCancel = z.infer<typeof roomHoldCancelSchema>;
