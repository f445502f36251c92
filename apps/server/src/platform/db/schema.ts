import type { ColumnType, Generated } from 'kysely';

// Kysely table types. Each table's type sits beside the migration that creates it; modules add theirs here.

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface Audited {
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
  version: Generated<number>;
}

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

export interface DB {
  permission_catalog_version: PermissionCatalogVersionTable;
  data_rule: DataRuleTable;
  visit_log: VisitLogTable;
  user_department: UserDepartmentTable;
  seed_record: SeedRecordTable;
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
}
