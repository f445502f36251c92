import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { DB } from './schema.js';

/** Tables of company-owned rows that carry the optimistic-lock and audit columns and an enabled flag. */
export type CompanyRowTable = 'store' | 'channel' | 'lead_channel' | 'security_group' | 'message_template';

/** Tables of company-owned rows that carry the optimistic-lock and audit columns (no enabled flag needed). */
export type VersionedCompanyTable = CompanyRowTable | 'customer' | 'lead' | 'reservation' | 'baby' | 'follow_up';

interface RowKey {
  companyId: string;
  userId: string;
  id: string;
}

/**
 * Writes `values` to one row of the company when its version is still `version`, bumping the version
 * and the audit columns. false: no such row in the company, or someone saved it first (the caller
 * tells which it reports; both change nothing).
 */
export async function updateCompanyRow<T extends VersionedCompanyTable>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  key: RowKey & { version: number },
  values: UpdateObject<DB, T>,
): Promise<boolean> {
  // The generic table keeps callers' values checked; Kysely cannot narrow a union of tables inside.
  const result = await (db as Kysely<DB>)
    .updateTable(table as VersionedCompanyTable)
    .set({ ...(values as object), updated_by: key.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', key.id)
    .where('company_id', '=', key.companyId)
    .where('version', '=', key.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Enables or disables one row of the company (no version check: the switch is idempotent). */
export async function setCompanyRowEnabled(db: Kysely<DB>, table: CompanyRowTable, key: RowKey, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ enabled, updated_by: key.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', key.id)
    .where('company_id', '=', key.companyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
