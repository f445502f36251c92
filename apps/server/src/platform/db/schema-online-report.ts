import type { ColumnType, Generated } from 'kysely';
import type { Audited } from './schema-audited.js';

// Kysely types of 报表配置 (migration 0031, module online-report; docs/online.md). The views of the
// schema report_api are read only by reports' configured SQL and have no types here.

type Json = ColumnType<unknown, string, string>;

export interface OnlineReportTable extends Audited {
  id: Generated<string>;
  code: string;
  name: string;
  sql_text: string;
  params: Json;
  columns: Json;
  chart: Json;
  menu_permission_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OnlineReportTables {
  online_report: OnlineReportTable;
}
