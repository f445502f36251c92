// Kysely types of the daily facts behind reports, BI and screens (migrations 0027, 0032 and 0034, module report-facts).
import type { ColumnType, Generated } from 'kysely';

type Day = ColumnType<string, string, string>;
type Sum = ColumnType<string, string | number, string | number>;

/** 订单 facts: sales_order not 草稿 by created day and its dimensions. */
export interface FactOrderDayTable {
  company_id: string;
  store_id: string;
  day: Day;
  consultant_id: string | null;
  channel_id: string | null;
  lead_channel_id: string | null;
  product_id: string;
  product_kind: string;
  room_type_id: string | null;
  orders: number;
  deal_total: Sum;
  reference_total: Sum;
  discount_total: Sum;
  cancelled: number;
}

/** 收款 facts: audited payments by paid day, method and receivable item (`unapplied` for the rest). */
export interface FactPaymentDayTable {
  company_id: string;
  store_id: string;
  day: Day;
  method: string;
  item: string;
  received: Sum;
  refunded: Sum;
  /** Each payment once, on its first item. */
  payments: number;
  /** Each payment once per item it touches. */
  item_payments: Generated<number>;
}

/** 应收 facts by due day and item. */
export interface FactReceivableDayTable {
  company_id: string;
  store_id: string;
  day: Day;
  item: string;
  amount: Sum;
  received: Sum;
  receivables: number;
}

/** 间夜 facts: nights occupied by room type. */
export interface FactRoomNightDayTable {
  company_id: string;
  store_id: string;
  room_type_id: string;
  day: Day;
  occupied: number;
}

/** 服务 facts: service orders completed by day, item and source. */
export interface FactServiceDayTable {
  company_id: string;
  store_id: string;
  day: Day;
  item: string;
  source: string;
  completed: number;
}

/** 漏斗 facts: leads, visits, orders and check-ins by day and lead channel (a lead may have no store). */
export interface FactFunnelDayTable {
  company_id: string;
  store_id: string | null;
  day: Day;
  lead_channel_id: string | null;
  leads: number;
  visits: number;
  orders: number;
  check_ins: number;
}

/** 订单服务 facts: orders checked in by check-in day, their package allowance and completed services' use. */
export interface FactServeDayTable {
  company_id: string;
  store_id: string;
  day: Day;
  orders: number;
  allowance: Sum;
  package_used: Sum;
  extra_used: Sum;
}

/** The (company, fact, day) pairs a change touched, recomputed on the next read or by the job. */
export interface FactDirtyDayTable {
  company_id: string;
  fact: string;
  day: Day;
}

export interface ReportTables {
  fact_order_day: FactOrderDayTable;
  fact_payment_day: FactPaymentDayTable;
  fact_receivable_day: FactReceivableDayTable;
  fact_room_night_day: FactRoomNightDayTable;
  fact_service_day: FactServiceDayTable;
  fact_funnel_day: FactFunnelDayTable;
  fact_serve_day: FactServeDayTable;
  fact_dirty_day: FactDirtyDayTable;
}
