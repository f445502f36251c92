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

export interface DB {
  company: CompanyTable;
  department: DepartmentTable;
  app_user: AppUserTable;
  user_company: UserCompanyTable;
  system_config: SystemConfigTable;
  api_nonce: ApiNonceTable;
  schema_migrations: SchemaMigrationTable;
}
