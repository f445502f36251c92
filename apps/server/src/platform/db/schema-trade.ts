import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

// Kysely types of the transactions' tables (migrations 0019–0025). Money columns are numeric(14, 2):
// read as strings (exact), written as strings or numbers.

type Money = ColumnType<string, string | number | undefined, string | number>;
type Dated = ColumnType<string, string, string>;
type DatedOrNull = ColumnType<string | null, string | null | undefined, string | null>;
type Texts = ColumnType<string[], string[] | undefined, string[]>;
type Json<T> = ColumnType<T, string | T, string | T>;
type JsonDefault<T> = ColumnType<T, string | T | undefined, string | T>;

export type OrderStatusValue = 'draft' | 'pending_audit' | 'confirmed' | 'checked_in' | 'checked_out' | 'settled' | 'cancelled';

/** 订单 (0019). */
export interface SalesOrderTable extends Audited {
  id: Generated<string>;
  company_id: string;
  order_no: string;
  customer_id: string;
  store_id: string;
  product_id: string;
  product_version_id: string;
  product_snapshot: Json<unknown>;
  room_type_id: string | null;
  days: Generated<number>;
  planned_check_in: DatedOrNull;
  planned_check_out: DatedOrNull;
  reference_price: Money;
  floor_price: Money;
  deal_price: Money;
  discount: Money;
  consultant_id: string | null;
  channel_id: string | null;
  reservation_id: string | null;
  deposit_applied: Money;
  status: ColumnType<OrderStatusValue, OrderStatusValue | undefined, OrderStatusValue>;
  remark: Generated<string>;
  approved_by: string | null;
  approved_at: Date | null;
  approval_remark: Generated<string>;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  settled_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

export type ReceivableStatusValue = 'unpaid' | 'partial' | 'paid';

/** 应收 (0020). */
export interface ReceivableTable extends Audited {
  id: Generated<string>;
  company_id: string;
  order_id: string;
  contract_id: string | null;
  customer_id: string;
  store_id: string;
  item: string;
  due_date: Dated;
  amount: Money;
  received: Money;
  due_before_check_in: Generated<boolean>;
  status: ColumnType<ReceivableStatusValue, ReceivableStatusValue | undefined, ReceivableStatusValue>;
  change_order_id: string | null;
  remark: Generated<string>;
  /** What a cancellation closed unpaid (0033_ledger_rules). */
  written_off: Money;
  /** The Shanghai day the overdue reminder last went out. */
  reminded_on: DatedOrNull;
}

export type PaymentStatusValue = 'pending_audit' | 'audited' | 'rejected';

/** 收款 (0020). */
export interface PaymentTable extends Audited {
  id: Generated<string>;
  company_id: string;
  payment_no: string;
  customer_id: string;
  store_id: string;
  order_id: string | null;
  reservation_id: string | null;
  method: string;
  amount: Money;
  unapplied: Money;
  paid_at: ColumnType<Date, Date | string | undefined, Date | string>;
  payer: Generated<string>;
  bank_ref: Generated<string>;
  invoice_no: Generated<string>;
  attachments: Texts;
  status: ColumnType<PaymentStatusValue, PaymentStatusValue | undefined, PaymentStatusValue>;
  reversal_of: string | null;
  change_order_id: string | null;
  audited_by: string | null;
  audited_at: Date | null;
  reject_reason: string | null;
  remark: Generated<string>;
}

export interface PaymentAllocationTable {
  id: Generated<string>;
  company_id: string;
  payment_id: string;
  receivable_id: string;
  amount: Money;
  created_at: Generated<Date>;
}

/** 欠款授权 (0020). */
export interface DebtAuthorizationTable {
  id: Generated<string>;
  company_id: string;
  order_id: string;
  amount: Money;
  reason: string;
  authorized_by: string;
  authorized_at: Generated<Date>;
  revoked_by: string | null;
  revoked_at: Date | null;
}

export type RoomStayStatusValue = 'held' | 'booked' | 'in_house' | 'ended' | 'cancelled';

/** 住房安排 (0021): end_date is the check-out day (exclusive). */
export interface RoomStayTable extends Audited {
  id: Generated<string>;
  company_id: string;
  store_id: string;
  room_id: string;
  order_id: string | null;
  reservation_id: string | null;
  customer_id: string;
  start_date: Dated;
  end_date: Dated;
  status: ColumnType<RoomStayStatusValue, RoomStayStatusValue | undefined, RoomStayStatusValue>;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
}

/** 合同模板 (0022). */
export interface ContractTemplateTable extends Audited {
  id: Generated<string>;
  company_id: string;
  name: string;
  type: string;
  content: Generated<string>;
  enabled: Generated<boolean>;
  remark: Generated<string>;
}

export type ContractStatusValue = 'pending_sign' | 'pending_audit' | 'effective' | 'ended' | 'voided' | 'terminated';

/** 合同 (0022). */
export interface ContractTable extends Audited {
  id: Generated<string>;
  company_id: string;
  contract_no: string;
  order_id: string;
  customer_id: string;
  store_id: string;
  /** 甲方 as generated (0035). */
  /** A 补充协议: the 续住 / 升级 it was produced for (0037); null for the order's main contract. */
  change_order_id: Generated<string | null>;
  party_a: Generated<string>;
  template_id: string | null;
  type: string;
  signed_at: Date | null;
  signer_id: string | null;
  amount: Money;
  first_payment: Money;
  terms: Generated<string>;
  attachments: Texts;
  status: ColumnType<ContractStatusValue, ContractStatusValue | undefined, ContractStatusValue>;
  audited_by: string | null;
  audited_at: Date | null;
  close_reason: string | null;
  closed_at: Date | null;
  remark: Generated<string>;
}

export type ChangeOrderKindValue = 'extend' | 'change_room' | 'upgrade' | 'refund' | 'adjust';
export type ChangeOrderStatusValue = 'draft' | 'pending_audit' | 'approved' | 'rejected';

/** 变更单 (0023). */
export interface ChangeOrderTable extends Audited {
  id: Generated<string>;
  company_id: string;
  change_no: string;
  order_id: string | null;
  reservation_id: string | null;
  customer_id: string;
  store_id: string;
  kind: ChangeOrderKindValue;
  days: Generated<number>;
  from_room_id: string | null;
  to_room_id: string | null;
  from_product_id: string | null;
  to_product_id: string | null;
  to_product_version_id: string | null;
  effective_date: DatedOrNull;
  amount_delta: Money;
  reason: Generated<string>;
  status: ColumnType<ChangeOrderStatusValue, ChangeOrderStatusValue | undefined, ChangeOrderStatusValue>;
  approval_step: Generated<number>;
  submitted_at: Date | null;
  decided_at: Date | null;
  applied_at: Date | null;
  receivable_id: string | null;
  refund_payment_id: string | null;
  /** How much applying it moved the plan beyond the deal price (0033_ledger_rules). */
  plan_delta: Money;
  /** 续住 / 升级: the line's reference price and discount (reference − amount_delta); 0 for other kinds. */
  reference_delta: Money;
  discount_delta: Money;
}

export interface ChangeOrderApprovalTable {
  id: Generated<string>;
  company_id: string;
  change_order_id: string;
  step: number;
  approver_id: string;
  decision: 'approved' | 'rejected';
  comment: Generated<string>;
  decided_at: Generated<Date>;
}

export type ServiceOrderStatusValue = 'pending' | 'dispatched' | 'in_service' | 'completed' | 'cancelled';

/** 服务单 (0024). */
export interface ServiceOrderTable extends Audited {
  id: Generated<string>;
  company_id: string;
  service_no: string;
  order_id: string;
  customer_id: string;
  store_id: string;
  subject: ColumnType<'mother' | 'baby', 'mother' | 'baby' | undefined, 'mother' | 'baby'>;
  baby_id: string | null;
  service_item: string;
  source: ColumnType<'package' | 'extra', 'package' | 'extra' | undefined, 'package' | 'extra'>;
  quantity: Generated<number>;
  scheduled_at: ColumnType<Date, Date | string, Date | string>;
  executor_id: string | null;
  nurse_id: string | null;
  status: ColumnType<ServiceOrderStatusValue, ServiceOrderStatusValue | undefined, ServiceOrderStatusValue>;
  result: Generated<string>;
  consumables: JsonDefault<{ name: string; quantity: number }[]>;
  started_at: Date | null;
  completed_at: Date | null;
  cancel_reason: string | null;
  remark: Generated<string>;
}

export interface TradeTables {
  sales_order: SalesOrderTable;
  receivable: ReceivableTable;
  payment: PaymentTable;
  payment_allocation: PaymentAllocationTable;
  debt_authorization: DebtAuthorizationTable;
  room_stay: RoomStayTable;
  contract_template: ContractTemplateTable;
  contract: ContractTable;
  change_order: ChangeOrderTable;
  change_order_approval: ChangeOrderApprovalTable;
  service_order: ServiceOrderTable;
}
