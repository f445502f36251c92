import type { ColumnType, Generated } from 'kysely';
import type { Audited, CreatedAt, UpdatedAt } from './schema-audited.js';
import type { TradeTables } from './schema-trade.js';
import type { NurseTables } from './schema-nurse.js';
import type { ReportTables } from './schema-report.js';
import type { DisplayTables } from './schema-display.js';
import type { AiTables } from './schema-ai.js';
import type { OnlineReportTables } from './schema-online-report.js';
import type { OnlineTables } from './schema-online.js';

// Kysely table types. Each table's type sits beside the migration that creates it; modules add theirs here.

export type { Audited } from './schema-audited.js';

export interface CompanyTable extends Audited {
  id: Generated<string>;
  code: string;
  name: string;
  enabled: Generated<boolean>;
}

export interface DepartmentTable extends Audited {
  id: Generated<string>;
  company_id: string;
  parent_id: string | null;
  code: string;
  name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  /** 部门负责人 (migration 0006). */
  head_user_id: string | null;
}

export interface AppUserTable extends Audited {
  id: Generated<string>;
  username: string;
  password_hash: string;
  first_name: string;
  gender: 'M' | 'F' | null;
  birth_date: string | null;
  phone: string | null;
  email: string | null;
  avatar_url: string | null;
  status: Generated<'enabled' | 'disabled'>;
  default_company_id: string | null;
  department_id: string | null;
  age: number | null;
  wechat_id: string | null;
}

export interface UserCompanyTable {
  user_id: string;
  company_id: string;
  is_default: Generated<boolean>;
}

export interface SystemConfigTable {
  id: Generated<number>;
  config: ColumnType<Record<string, unknown>, string, string>;
  updated_by: string | null;
  updated_at: UpdatedAt;
  version: Generated<number>;
}

export interface ApiNonceTable {
  nonce: string;
  expires_at: ColumnType<Date, Date, never>;
}

export interface SchemaMigrationTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: Generated<Date>;
}

export interface UserSessionTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  company_id: string;
  department_id: string | null;
  login_method: 'password' | 'phone' | 'cas' | 'wechat';
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date, Date>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_reason: 'logout' | 'superseded' | 'password' | 'disabled' | null;
}

export interface CaptchaTable {
  check_key: string;
  code: string;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface SmsCodeTable {
  mobile: string;
  code_hash: string;
  sent_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  attempts: Generated<number>;
}

export interface LoginLogTable {
  id: Generated<string>;
  username: string;
  user_id: string | null;
  method: string;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  message: string;
  created_at: CreatedAt;
}

export interface SysPermissionTable extends Audited {
  id: Generated<string>;
  parent_id: string | null;
  menu_type: 0 | 1 | 2;
  name: string;
  path: string | null;
  route_name: string | null;
  component: string | null;
  redirect: string | null;
  icon: string | null;
  url: string | null;
  is_route: Generated<boolean>;
  hidden: Generated<boolean>;
  always_show: Generated<boolean>;
  keep_alive: Generated<boolean>;
  internal_or_external: Generated<boolean>;
  sort: Generated<number>;
  action: string | null;
  auth_type: Generated<'1' | '2'>;
  status: Generated<'0' | '1'>;
}

export interface SecurityGroupTable extends Audited {
  id: Generated<string>;
  company_id: string;
  code: string;
  name: string;
  description: Generated<string>;
  all_permissions: Generated<boolean>;
  enabled: Generated<boolean>;
}

export interface SecurityGroupPermissionTable {
  group_id: string;
  permission_id: string;
}

export interface UserSecurityGroupTable {
  user_id: string;
  group_id: string;
}

export interface UserDepartmentTable {
  user_id: string;
  department_id: string;
}

export interface SeedRecordTable {
  key: string;
  applied_at: Generated<Date>;
}

/** One move of a record's state machine (platform/crud/transition.ts). */
export interface StateChangeTable {
  id: Generated<string>;
  company_id: string;
  resource: string;
  record_id: string;
  event: string;
  from_state: string;
  to_state: string;
  reason: Generated<string>;
  changed_by: string;
  changed_at: Generated<Date>;
}

export interface VisitLogTable {
  id: Generated<number>;
  user_id: string | null;
  username: string | null;
  method: string;
  path: string;
  ip: string | null;
  duration_ms: number;
  http_status: number;
  code: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface DataRuleTable extends Audited {
  id: Generated<string>;
  company_id: string;
  permission_id: string;
  resource: string;
  name: string;
  column_key: string;
  condition: '=' | '!=' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT_IN' | 'LIKE' | 'LEFT_LIKE' | 'RIGHT_LIKE' | 'IS_NULL' | 'NOT_NULL';
  value: Generated<string>;
  enabled: Generated<boolean>;
}

export interface PermissionCatalogVersionTable {
  id: Generated<number>;
  version: number;
}

export interface AccessRulesVersionTable {
  id: Generated<number>;
  version: string;
}

export interface AnnouncementTable extends Audited {
  id: Generated<string>;
  company_id: string;
  title: string;
  content: string;
  priority: 'L' | 'M' | 'H';
  open_type: 'url' | 'component' | null;
  open_page: string | null;
  bus_id: string | null;
  audience_type: 'all' | 'departments' | 'users';
  status: Generated<'draft' | 'published' | 'revoked'>;
  sender_id: string | null;
  send_time: Date | null;
  revoke_time: Date | null;
}

export interface AnnouncementDepartmentTable {
  announcement_id: string;
  department_id: string;
}

export interface AnnouncementUserTable {
  announcement_id: string;
  user_id: string;
}

export interface AnnouncementReadTable {
  announcement_id: string;
  user_id: string;
  read_time: ColumnType<Date, Date | undefined, Date>;
}

export interface MessageTemplateTable extends Audited {
  id: Generated<string>;
  company_id: string;
  code: string;
  name: string;
  channel: 'system';
  title: string;
  body: string;
  priority: 'L' | 'M' | 'H';
  enabled: Generated<boolean>;
}

export interface MessageTable {
  id: Generated<string>;
  company_id: string;
  recipient_id: string;
  title: string;
  content: string;
  priority: 'L' | 'M' | 'H';
  open_type: 'url' | 'component' | null;
  open_page: string | null;
  bus_id: string | null;
  template_code: string | null;
  sender_id: string | null;
  send_time: ColumnType<Date, Date | undefined, never>;
  read_time: Date | null;
}

// 0007_dictionary_rules
export interface DictTypeTable extends Audited {
  id: Generated<string>;
  code: string;
  name: string;
  description: Generated<string>;
}

export interface DictItemTable extends Audited {
  id: Generated<string>;
  dict_type_id: string;
  value: string;
  label: string;
  color: Generated<string>;
  sort: Generated<number>;
  enabled: Generated<boolean>;
  description: Generated<string>;
}

export interface DictVersionTable {
  id: Generated<number>;
  version: number;
}

export interface CheckRuleTable extends Audited {
  id: Generated<string>;
  code: string;
  name: string;
  segments: ColumnType<{ digits: string; pattern: string; message: string }[], string, string>;
  description: Generated<string>;
}

export interface NumberRuleTable extends Audited {
  id: Generated<string>;
  code: string;
  name: string;
  prefix: Generated<string>;
  date_pattern: 'none' | 'YYYY' | 'YYYYMM' | 'YYYYMMDD' | 'YYMM' | 'YYMMDD';
  seq_length: number;
  reset_period: 'never' | 'year' | 'month' | 'day';
  enabled: Generated<boolean>;
  description: Generated<string>;
}

export interface NumberRuleCounterTable {
  rule_code: string;
  period: string;
  value: number;
}

export interface NumberRuleIssuedTable {
  rule_code: string;
  number: string;
  issued_at: Generated<Date>;
}

// ---- CRM (migration 0009) ----

export interface StoreTable extends Audited {
  id: Generated<string>;
  company_id: string;
  code: string;
  name: string;
  parent_id: string | null;
  manager_id: string | null;
  phone: Generated<string>;
  address: Generated<string>;
  region: Generated<string>;
  modes: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface UserStoreTable {
  user_id: string;
  store_id: string;
}

export interface LeadChannelTable extends Audited {
  id: Generated<string>;
  company_id: string;
  code: string;
  name: string;
  type: string;
  /** numeric(14,2) as exact text. */
  cost_per_month: ColumnType<string, string | undefined, string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  remark: Generated<string>;
}

export interface ChannelTable extends Audited {
  id: Generated<string>;
  company_id: string;
  name: string;
  kind: string;
  contact: Generated<string>;
  phone: Generated<string>;
  commission_rate: ColumnType<string, string | undefined, string>;
  contract_start: string | null;
  contract_end: string | null;
  enabled: Generated<boolean>;
  remark: Generated<string>;
}

export type LeadStatusValue = 'pending' | 'following' | 'visit_booked' | 'converted' | 'lost' | 'invalid';

export interface LeadTable extends Audited {
  id: Generated<string>;
  company_id: string;
  lead_no: string;
  name: string;
  phone: string;
  wechat: Generated<string>;
  lead_channel_id: string | null;
  channel_id: string | null;
  referrer: Generated<string>;
  due_date: string | null;
  gestation_weeks: number | null;
  parity: number | null;
  preferred_store_id: string | null;
  budget: string | null;
  intention_grade: string | null;
  owner_id: string | null;
  status: ColumnType<LeadStatusValue, LeadStatusValue | undefined, LeadStatusValue>;
  close_reason: string | null;
  closed_at: Date | null;
  assigned_at: Date | null;
  released_at: Date | null;
  next_follow_at: Date | null;
  last_follow_at: Date | null;
  customer_id: string | null;
  remark: Generated<string>;
}

export interface FollowUpTable extends Audited {
  id: Generated<string>;
  company_id: string;
  lead_id: string | null;
  customer_id: string | null;
  type: string;
  way: string;
  content: string;
  next_follow_at: Date | null;
}

export type CustomerStatusValue =
  | 'intention'
  | 'contract_unaudited'
  | 'contract_audited'
  | 'room_booked'
  | 'checked_in'
  | 'checked_out_unsettled'
  | 'checked_out_settled'
  | 'lost'
  | 'walk_in';

export interface CustomerTable extends Audited {
  id: Generated<string>;
  company_id: string;
  customer_no: string;
  name: string;
  phone: string;
  wechat: Generated<string>;
  id_type: string | null;
  id_no: string | null;
  birth_date: string | null;
  hometown: Generated<string>;
  address: Generated<string>;
  due_date: string | null;
  delivery_date: string | null;
  delivery_mode: string | null;
  delivery_hospital: Generated<string>;
  fetus_type: string | null;
  parity: number | null;
  companion_name: Generated<string>;
  companion_phone: Generated<string>;
  emergency_contact: Generated<string>;
  emergency_phone: Generated<string>;
  diet_notes: Generated<string>;
  allergies: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  level: string | null;
  lead_channel_id: string | null;
  channel_id: string | null;
  owner_id: string | null;
  store_id: string;
  status: ColumnType<CustomerStatusValue, CustomerStatusValue | undefined, CustomerStatusValue>;
  lead_id: string | null;
  last_follow_at: Date | null;
  next_follow_at: Date | null;
  remark: Generated<string>;
}

export interface BabyTable extends Audited {
  id: Generated<string>;
  company_id: string;
  customer_id: string;
  name: string;
  gender: string | null;
  birth_at: Date | null;
  gestation_weeks: number | null;
  birth_weight: number | null;
  /** numeric(4,1) as exact text. */
  birth_length: string | null;
  blood_type: string | null;
  notes: Generated<string>;
}

export type ReservationKindValue = 'visit' | 'room_hold';
export type VisitStatusValue = 'pending' | 'arrived' | 'no_show' | 'cancelled';
/** room_hold_status: 待排房 → 已预订 → 已转订单 / 已取消 (pending and cancelled shared with visits). */
export type RoomHoldStatusValue = 'pending' | 'booked' | 'converted' | 'cancelled';

export interface ReservationTable extends Audited {
  id: Generated<string>;
  company_id: string;
  reservation_no: string;
  kind: ColumnType<ReservationKindValue, ReservationKindValue | undefined, ReservationKindValue>;
  // A visit's status (kind 'visit') or a room hold's (kind 'room_hold'); each kind's queries narrow it.
  status: ColumnType<VisitStatusValue | RoomHoldStatusValue, VisitStatusValue | RoomHoldStatusValue | undefined, VisitStatusValue | RoomHoldStatusValue>;
  lead_id: string | null;
  customer_id: string | null;
  store_id: string;
  at: Date | null;
  visitors: Generated<number>;
  receptionist_id: string | null;
  owner_id: string | null;
  remark: Generated<string>;
  closed_at: Date | null;
  cancel_reason: string | null;
  /** 订房 holds (migration 0025). */
  planned_check_in: ColumnType<string | null, string | null | undefined, string | null>;
  days: number | null;
  room_type_id: string | null;
  room_id: string | null;
  deposit_amount: ColumnType<string, string | number | undefined, string | number>;
  deposit_payment_id: string | null;
  order_id: string | null;
}

export type ImportJobStatusValue = 'running' | 'done' | 'failed';

/** An Excel import (migration 0011); counts move with every processed row. */
export interface ImportJobTable {
  id: Generated<string>;
  company_id: string;
  kind: 'lead';
  file_name: Generated<string>;
  status: ColumnType<ImportJobStatusValue, ImportJobStatusValue | undefined, ImportJobStatusValue>;
  total: number;
  processed: Generated<number>;
  succeeded: Generated<number>;
  failed: Generated<number>;
  message: string | null;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  finished_at: Date | null;
}

export interface ImportJobErrorTable {
  job_id: string;
  row_no: number;
  cells: ColumnType<string[], string, string>;
  errors: ColumnType<{ field: string; message: string }[], string, string>;
}

// ---- 一级模块 (migration 0018) ----

export interface ModuleSwitchTable extends Audited {
  id: Generated<string>;
  company_id: string;
  store_id: string | null;
  path: string;
  enabled: boolean;
}

// ---- 房型 and 房间 (migration 0016) ----

export interface RoomTypeTable extends Audited {
  id: Generated<string>;
  company_id: string;
  store_id: string;
  code: string;
  name: string;
  beds: Generated<number>;
  area: ColumnType<string, string | undefined, string>;
  daily_price: ColumnType<string, string | undefined, string>;
  description: Generated<string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface RoomTable extends Audited {
  id: Generated<string>;
  company_id: string;
  store_id: string;
  room_type_id: string;
  room_no: string;
  floor: number;
  facing: Generated<string>;
  area: ColumnType<string, string | undefined, string>;
  daily_price: ColumnType<string, string | undefined, string>;
  /** room_status (roomMachine in @care/shared); moved by the kit's transition() only. */
  status: Generated<string>;
  sort: Generated<number>;
  remark: Generated<string>;
}

export interface DB extends TradeTables, NurseTables, ReportTables, DisplayTables, AiTables, OnlineTables, OnlineReportTables {
  announcement: AnnouncementTable;
  announcement_department: AnnouncementDepartmentTable;
  announcement_user: AnnouncementUserTable;
  announcement_read: AnnouncementReadTable;
  message_template: MessageTemplateTable;
  message: MessageTable;
  permission_catalog_version: PermissionCatalogVersionTable;
  access_rules_version: AccessRulesVersionTable;
  data_rule: DataRuleTable;
  visit_log: VisitLogTable;
  user_department: UserDepartmentTable;
  seed_record: SeedRecordTable;
  state_change: StateChangeTable;
  user_session: UserSessionTable;
  captcha: CaptchaTable;
  sms_code: SmsCodeTable;
  login_log: LoginLogTable;
  sys_permission: SysPermissionTable;
  security_group: SecurityGroupTable;
  security_group_permission: SecurityGroupPermissionTable;
  user_security_group: UserSecurityGroupTable;
  company: CompanyTable;
  department: DepartmentTable;
  app_user: AppUserTable;
  user_company: UserCompanyTable;
  system_config: SystemConfigTable;
  api_nonce: ApiNonceTable;
  schema_migrations: SchemaMigrationTable;
  dict_type: DictTypeTable;
  dict_item: DictItemTable;
  dict_version: DictVersionTable;
  check_rule: CheckRuleTable;
  number_rule: NumberRuleTable;
  number_rule_counter: NumberRuleCounterTable;
  number_rule_issued: NumberRuleIssuedTable;
  store: StoreTable;
  user_store: UserStoreTable;
  lead_channel: LeadChannelTable;
  channel: ChannelTable;
  lead: LeadTable;
  follow_up: FollowUpTable;
  customer: CustomerTable;
  baby: BabyTable;
  reservation: ReservationTable;
  import_job: ImportJobTable;
  import_job_error: ImportJobErrorTable;
  room_type: RoomTypeTable;
  room: RoomTable;
  module_switch: ModuleSwitchTable;
}
