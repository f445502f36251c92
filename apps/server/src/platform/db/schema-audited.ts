import type { ColumnType, Generated } from 'kysely';

// The audit columns every business table has; its own file so that schema.ts, which merges the
// schema-*.ts files, and those files import it without importing each other.
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface Audited {
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
  version: Generated<number>;
}
