import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { DB } from './schema.js';

/** Tables of company-owned rows that carry the optimistic-lock and audit columns and an enabled flag. */
export type CompanyRowTable = 'store' | 'channel' | 'lead_channel' | 'security_group' | 'message_template';

/** Tables of company-owned rows that carry the optimistic-lock and audit columns (no enabled flag needed). */
export type VersionedCompanyTable = CompanyRowTable | 'customer' | 'lead' | 'reservation' | 'baby' | 'follow_up';

/** Tables of rows that carry the optimistic-lock and audit columns but belong to no company. */
export type VersionedGlobalTable = 'dict_item' | 'sys_permission';

/** Every table `updateVersionedRow` writes. */
export type VersionedTable = VersionedCompanyTable | 'data_rule' | 'department' | VersionedGlobalTable;

interface RowKey {
  companyId: string;
  userId: string;
  id: string;
}

// A company table's row is always looked up within the caller's company; a global one never is.
type VersionedKey<T> = { id: string; userId: string; version: number } & (T extends VersionedGlobalTable ? { companyId?: never } : { companyId: string });

/**
 * Writes `values` to one row when its version is still `version` (within the company for company
 * tables), bumping the version and the audit columns. false: no such row, or someone saved it first
 * (the caller tells which it reports; both change nothing).
 */
export function updateVersionedRow<T extends VersionedTable>(db: Kysely<DB> | Transaction<DB>, table: T, key: VersionedKey<T>, values: UpdateObject<DB, T>): Promise<boolean> {
  // The generic table keeps callers' values checked; Kysely cannot narrow a union of tables inside.
  return writeVersioned(db as unknown as Kysely<AnyDb>, table, key, values as Record<string, unknown>);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kit's tables are known only at run time
type AnyDb = Record<string, any>;

/** The one optimistic-lock write; the module kit's repository uses it for tables it knows by name. */
export async function writeVersioned(
  db: Kysely<AnyDb>,
  table: string,
  key: { id: string; userId: string; companyId?: string; version?: number },
  values: Record<string, unknown>,
): Promise<boolean> {
  let query = db
    .updateTable(table)
    .set({ ...values, updated_by: key.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', key.id);
  if (key.companyId !== undefined) query = query.where('company_id', '=', key.companyId);
  if (key.version !== undefined) query = query.where('version', '=', key.version);
  const result = await query.executeTakeFirst();
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
