import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

// Kysely types of 表单配置 (migration 0030, module online-form; docs/online.md). The tables of the
// schema online_data are configured at run time and have no types here.

type Json = ColumnType<unknown, string, string>;
type JsonOrNull = ColumnType<unknown, string | null | undefined, string | null>;

export interface OnlineFormTable extends Audited {
  id: Generated<string>;
  table_name: string;
  title: string;
  form_type: 'single' | 'master' | 'tree' | 'erp' | 'inner';
  config: Json;
  synced_config: JsonOrNull;
  sync_state: Generated<'unsynced' | 'synced' | 'changed'>;
  synced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  menu_permission_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OnlineFormMigrationTable {
  id: Generated<string>;
  form_id: string;
  form_version: number;
  statements: Json;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface OnlineTables {
  online_form: OnlineFormTable;
  online_form_migration: OnlineFormMigrationTable;
}
