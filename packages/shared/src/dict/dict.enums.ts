/**
 * Code-defined enums (枚举): value lists whose values the code acts on — state machines and kinds
 * that decide behaviour. They are served by `getDictItems/{code}` like dictionaries, shown read-only
 * on the 枚举 page, and never edited by administrators (a new state needs code, not a new row).
 * Business schemas take their values from here (`enumValues('order_status')` for `z.enum`).
 */
export interface DictEnumItem<V extends string = string> {
  value: V;
  label: string;
  /** Tag colour (antd preset name). */
  color: string;
}

export interface DictEnum<V extends string = string> {
  code: string;
  name: string;
  items: readonly DictEnumItem<V>[];
}

function defineEnum<const V extends string>(code: string, name: string, items: readonly DictEnumItem<V>[]): DictEnum<V> {
  return { code, name, items };
}

export const DictEnums = {
  lead_status: defineEnum('lead_status', '线索状态', [
    { value: 'pending', label: '待跟进', color: 'blue' },
    { value: 'following', label: '跟进中', color: 'processing' },
    { value: 'visit_booked', label: '已预约参观', color: 'cyan' },
    { value: 'converted', label: '已转化', color: 'green' },
    { value: 'lost', label: '已流失', color: 'volcano' },
    { value: 'invalid', label: '无效', color: 'default' },
  ]),
  customer_status: defineEnum('customer_status', '客户状态', [
    { value: 'intention', label: '意向客户', color: 'blue' },
    { value: 'contract_unaudited', label: '已签合同未审核', color: 'orange' },
    { value: 'contract_audited', label: '已签合同未入住', color: 'gold' },
    { value: 'room_booked', label: '已订房', color: 'cyan' },
    { value: 'checked_in', label: '已入住', color: 'green' },
    { value: 'checked_out_unsettled', label: '已退房未结账', color: 'volcano' },
    { value: 'checked_out_settled', label: '已退房已结账', color: 'geekblue' },
    { value: 'lost', label: '流失客户', color: 'default' },
    { value: 'walk_in', label: '散客', color: 'purple' },
  ]),
  reservation_kind: defineEnum('reservation_kind', '预约类型', [
    { value: 'visit', label: '参观', color: 'blue' },
    { value: 'room_hold', label: '订房', color: 'purple' },
  ]),
  visit_status: defineEnum('visit_status', '参观预约状态', [
    { value: 'pending', label: '待到店', color: 'blue' },
    { value: 'arrived', label: '已到店', color: 'green' },
    { value: 'no_show', label: '未到店', color: 'orange' },
    { value: 'cancelled', label: '已取消', color: 'default' },
  ]),
  room_hold_status: defineEnum('room_hold_status', '订房预约状态', [
    { value: 'pending', label: '待排房', color: 'blue' },
    { value: 'booked', label: '已预订', color: 'cyan' },
    { value: 'converted', label: '已转订单', color: 'green' },
    { value: 'cancelled', label: '已取消', color: 'default' },
  ]),
  mode_type: defineEnum('mode_type', '经营模式', [
    { value: 'hospital', label: '会所模式', color: 'blue' },
    { value: 'home', label: '到家模式', color: 'green' },
  ]),
  room_status: defineEnum('room_status', '房间状态', [
    { value: 'free', label: '空闲', color: 'green' },
    { value: 'reserved', label: '已预订', color: 'blue' },
    { value: 'occupied', label: '在住', color: 'red' },
    { value: 'checking_out', label: '预退房', color: 'orange' },
    { value: 'dirty', label: '脏房', color: 'gold' },
    { value: 'repair', label: '维修', color: 'purple' },
    { value: 'disabled', label: '停用', color: 'default' },
  ]),
  order_status: defineEnum('order_status', '订单状态', [
    { value: 'draft', label: '草稿', color: 'default' },
    { value: 'pending_audit', label: '待审核', color: 'orange' },
    { value: 'confirmed', label: '已确认', color: 'blue' },
    { value: 'checked_in', label: '已入住', color: 'green' },
    { value: 'checked_out', label: '已退房', color: 'cyan' },
    { value: 'settled', label: '已结账', color: 'geekblue' },
    { value: 'cancelled', label: '已取消', color: 'default' },
  ]),
  contract_status: defineEnum('contract_status', '合同状态', [
    { value: 'pending_sign', label: '待签署', color: 'blue' },
    { value: 'pending_audit', label: '待审核', color: 'orange' },
    { value: 'effective', label: '已生效', color: 'green' },
    { value: 'ended', label: '已结束', color: 'default' },
    { value: 'voided', label: '已作废', color: 'red' },
    { value: 'terminated', label: '已终止', color: 'volcano' },
  ]),
  receivable_status: defineEnum('receivable_status', '应收状态', [
    { value: 'unpaid', label: '未收', color: 'red' },
    { value: 'partial', label: '部分收款', color: 'orange' },
    { value: 'paid', label: '已收清', color: 'green' },
  ]),
  payment_status: defineEnum('payment_status', '收款状态', [
    { value: 'pending_audit', label: '待审核', color: 'orange' },
    { value: 'audited', label: '已审核', color: 'green' },
    { value: 'rejected', label: '已驳回', color: 'red' },
  ]),
  change_order_kind: defineEnum('change_order_kind', '变更类型', [
    { value: 'extend', label: '续住', color: 'blue' },
    { value: 'change_room', label: '换房', color: 'cyan' },
    { value: 'upgrade', label: '升级', color: 'purple' },
    { value: 'refund', label: '退款', color: 'red' },
    { value: 'adjust', label: '调账', color: 'gold' },
  ]),
  change_order_status: defineEnum('change_order_status', '变更单状态', [
    { value: 'draft', label: '待提交', color: 'default' },
    { value: 'pending_audit', label: '待审核', color: 'orange' },
    { value: 'approved', label: '已通过', color: 'green' },
    { value: 'rejected', label: '已驳回', color: 'red' },
  ]),
  service_source: defineEnum('service_source', '服务来源', [
    { value: 'package', label: '套餐内', color: 'blue' },
    { value: 'extra', label: '加购', color: 'orange' },
  ]),
  service_order_status: defineEnum('service_order_status', '服务单状态', [
    { value: 'pending', label: '待派工', color: 'default' },
    { value: 'dispatched', label: '已派工', color: 'blue' },
    { value: 'in_service', label: '服务中', color: 'processing' },
    { value: 'completed', label: '已完成', color: 'green' },
    { value: 'cancelled', label: '已取消', color: 'default' },
  ]),
  nurse_status: defineEnum('nurse_status', '月嫂状态', [
    { value: 'active', label: '在职', color: 'green' },
    { value: 'on_duty', label: '上户中', color: 'blue' },
    { value: 'resting', label: '休息', color: 'orange' },
    { value: 'left', label: '离职', color: 'default' },
  ]),
  nurse_assignment_status: defineEnum('nurse_assignment_status', '月嫂派工状态', [
    { value: 'pending_audit', label: '待审核', color: 'orange' },
    { value: 'dispatched', label: '已派工', color: 'blue' },
    { value: 'in_service', label: '服务中', color: 'processing' },
    { value: 'completed', label: '已完成', color: 'green' },
    { value: 'cancelled', label: '已取消', color: 'default' },
  ]),
  number_date_pattern: defineEnum('number_date_pattern', '编码日期格式', [
    { value: 'none', label: '无日期', color: 'default' },
    { value: 'YYYY', label: '年（2025）', color: 'blue' },
    { value: 'YYYYMM', label: '年月（202501）', color: 'blue' },
    { value: 'YYYYMMDD', label: '年月日（20250131）', color: 'blue' },
    { value: 'YYMM', label: '短年月（2501）', color: 'cyan' },
    { value: 'YYMMDD', label: '短年月日（250131）', color: 'cyan' },
  ]),
  number_reset_period: defineEnum('number_reset_period', '流水号重置周期', [
    { value: 'never', label: '不重置', color: 'default' },
    { value: 'year', label: '每年', color: 'blue' },
    { value: 'month', label: '每月', color: 'cyan' },
    { value: 'day', label: '每日', color: 'green' },
  ]),
} as const;

export type DictEnumCode = keyof typeof DictEnums;
export type DictEnumValue<C extends DictEnumCode> = (typeof DictEnums)[C]['items'][number]['value'];

export const DICT_ENUM_CODES = Object.keys(DictEnums) as DictEnumCode[];

export function isDictEnumCode(code: string): code is DictEnumCode {
  return Object.prototype.hasOwnProperty.call(DictEnums, code);
}

/** The values of an enum as a non-empty tuple, for `z.enum(enumValues('order_status'))`. */
export function enumValues<C extends DictEnumCode>(code: C): [DictEnumValue<C>, ...DictEnumValue<C>[]] {
  return DictEnums[code].items.map((i) => i.value) as [DictEnumValue<C>, ...DictEnumValue<C>[]];
}

/** The label of an enum value, or the value itself when it is not one of the enum's. */
export function enumLabel(code: DictEnumCode, value: string): string {
  return (DictEnums[code].items as readonly DictEnumItem[]).find((i) => i.value === value)?.label ?? value;
}
