import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

// Kysely types of the monthly nurses' tables (migration 0026, docs/nurses.md). Money columns are
// numeric(14, 2): read as strings (exact), written as strings or numbers. Dates are `YYYY-MM-DD` strings.

type Money = ColumnType<string, string | number | undefined, string | number>;
type MoneyRequired = ColumnType<string, string | number, string | number>;
type Dated = ColumnType<string, string, string>;
type DatedOrNull = ColumnType<string | null, string | null | undefined, string | null>;
type Texts = ColumnType<string[], string[] | undefined, string[]>;
type JsonDefault<T> = ColumnType<T, string | T | undefined, string | T>;

export type NurseStatusValue = 'active' | 'on_duty' | 'resting' | 'left';

/** 月嫂 (0026). */
export interface MonthlyNurseTable extends Audited {
  id: Generated<string>;
  company_id: string;
  nurse_no: string;
  name: string;
  phone: Generated<string>;
  id_no: string | null;
  birth_date: DatedOrNull;
  hometown: Generated<string>;
  photo: Generated<string>;
  level: string;
  practice_type: string;
  service_type: string;
  employment: string;
  price_26_days: Money;
  skills: Texts;
  health_cert_expiry: DatedOrNull;
  insurance_expiry: DatedOrNull;
  health_reminded_on: DatedOrNull;
  insurance_reminded_on: DatedOrNull;
  store_id: string | null;
  status: ColumnType<NurseStatusValue, NurseStatusValue | undefined, NurseStatusValue>;
  rating: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  rating_count: Generated<number>;
  remark: Generated<string>;
}

/** 月嫂证书 (0026). */
export interface NurseCertificateTable extends Audited {
  id: Generated<string>;
  company_id: string;
  nurse_id: string;
  kind: string;
  name: Generated<string>;
  cert_no: Generated<string>;
  issued_on: DatedOrNull;
  expires_on: DatedOrNull;
  image: Generated<string>;
  reminded_on: DatedOrNull;
}

/** 请假 (0026): start_date and end_date inclusive. */
export interface NurseLeaveTable extends Audited {
  id: Generated<string>;
  company_id: string;
  nurse_id: string;
  start_date: Dated;
  end_date: Dated;
  reason: Generated<string>;
  source: ColumnType<'staff' | 'link', 'staff' | 'link' | undefined, 'staff' | 'link'>;
}

export type NurseAssignmentStatusValue = 'pending_audit' | 'dispatched' | 'in_service' | 'completed' | 'cancelled';

/** 月嫂派工 (0026): start_date the first day, end_date the 下户 day (exclusive). */
export interface NurseAssignmentTable extends Audited {
  id: Generated<string>;
  company_id: string;
  assignment_no: string;
  nurse_id: string;
  order_id: string | null;
  customer_id: string;
  store_id: string;
  service_form: string;
  address: Generated<string>;
  start_date: Dated;
  end_date: Dated;
  daily_rate: MoneyRequired;
  actual_start: DatedOrNull;
  actual_end: DatedOrNull;
  status: ColumnType<NurseAssignmentStatusValue, NurseAssignmentStatusValue | undefined, NurseAssignmentStatusValue>;
  replaces_id: string | null;
  audited_by: string | null;
  audited_at: Date | null;
  cancel_reason: string | null;
  remark: Generated<string>;
}

/** Aspect scores of an evaluation, 1–5 each. */
export interface NurseEvaluationAspects {
  skill?: number;
  attitude?: number;
  hygiene?: number;
  communication?: number;
}

/** 月嫂评价 (0026): one per assignment. */
export interface NurseEvaluationTable extends Audited {
  id: Generated<string>;
  company_id: string;
  assignment_id: string;
  nurse_id: string;
  customer_id: string;
  store_id: string;
  overall: number;
  aspects: JsonDefault<NurseEvaluationAspects>;
  comment: Generated<string>;
  evaluated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** 薪酬标准 (0026): one per level × practice type × service form. */
export interface NursePayStandardTable extends Audited {
  id: Generated<string>;
  company_id: string;
  level: string;
  practice_type: string;
  service_type: string;
  price_26_days: MoneyRequired;
  daily_rate: MoneyRequired;
  enabled: Generated<boolean>;
  remark: Generated<string>;
}

export type NurseSettlementStatusValue = 'pending_audit' | 'audited' | 'rejected';

export interface NurseSettlementItem {
  kind: 'bonus' | 'deduction';
  name: string;
  amount: string;
}

/** 月嫂结算 (0026): one live settlement per finished assignment. */
export interface NurseSettlementTable extends Audited {
  id: Generated<string>;
  company_id: string;
  settlement_no: string;
  assignment_id: string;
  nurse_id: string;
  store_id: string;
  days: number;
  daily_rate: MoneyRequired;
  base_amount: MoneyRequired;
  bonus: Money;
  deduction: Money;
  total: MoneyRequired;
  items: JsonDefault<NurseSettlementItem[]>;
  status: ColumnType<NurseSettlementStatusValue, NurseSettlementStatusValue | undefined, NurseSettlementStatusValue>;
  audited_by: string | null;
  audited_at: Date | null;
  reject_reason: string | null;
  remark: Generated<string>;
}

/** 月嫂编辑链接 (0026): only the token's SHA-256 is stored. */
export interface NurseLinkTable extends Audited {
  id: Generated<string>;
  company_id: string;
  nurse_id: string;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_by: string | null;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  uploads: Texts;
}

export interface NurseTables {
  monthly_nurse: MonthlyNurseTable;
  nurse_certificate: NurseCertificateTable;
  nurse_leave: NurseLeaveTable;
  nurse_assignment: NurseAssignmentTable;
  nurse_evaluation: NurseEvaluationTable;
  nurse_pay_standard: NursePayStandardTable;
  nurse_settlement: NurseSettlementTable;
  nurse_link: NurseLinkTable;
}
