import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { DuplicateCheckDef } from './duplicate-check.registry.js';

/** Whether another row holds the value. Identifiers come from the registration; the inputs are bound. */
export async function valueTaken(db: Kysely<DB>, def: DuplicateCheckDef, value: string, companyId: string, exceptId?: string): Promise<boolean> {
  const column = sql.ref(def.column);
  const conditions = [def.caseInsensitive ? sql`lower(${column}) = lower(${value})` : sql`${column} = ${value}`];
  if (def.companyColumn) conditions.push(sql`${sql.ref(def.companyColumn)} = ${companyId}`);
  if (exceptId) conditions.push(sql`${sql.ref(def.idColumn ?? 'id')}::text <> ${exceptId}`);
  if (def.where) conditions.push(sql`(${def.where})`);
  const result = await sql`select 1 from ${sql.table(def.table)} where ${sql.join(conditions, sql` and `)} limit 1`.execute(db);
  return result.rows.length > 0;
}
