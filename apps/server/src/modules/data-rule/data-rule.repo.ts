import type { Kysely } from 'kysely';
import type { DataRuleListQuery } from '@care/shared';
import type { DataRuleTable, DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { updateVersionedRow } from '../../platform/db/company-rows.js';

const ruleColumns = [
  'r.id', 'r.permission_id', 'p.name as permission_name', 'r.resource', 'r.name', 'r.column_key', 'r.condition', 'r.value',
  'r.enabled', 'r.version', 'r.created_at', 'r.updated_at',
] as const;

// Sort keys of the list → columns; the request only ever picks a key.
const sortColumns = { name: 'r.name', createdAt: 'r.created_at', updatedAt: 'r.updated_at' } as const;

function rules(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('data_rule as r').innerJoin('sys_permission as p', 'p.id', 'r.permission_id').where('r.company_id', '=', companyId);
}

export type RuleRow = Awaited<ReturnType<typeof findRule>> & object;

export function findRule(db: Kysely<DB>, companyId: string, id: string) {
  return rules(db, companyId).select(ruleColumns).where('r.id', '=', id).executeTakeFirst();
}

export function listRulesOfPermission(db: Kysely<DB>, companyId: string, permissionId: string) {
  return rules(db, companyId).select(ruleColumns).where('r.permission_id', '=', permissionId).orderBy('r.created_at').orderBy('r.id').execute();
}

export async function pageRules(db: Kysely<DB>, companyId: string, q: DataRuleListQuery): Promise<{ rows: RuleRow[]; total: number }> {
  let query = rules(db, companyId);
  if (q.permissionId) query = query.where('r.permission_id', '=', q.permissionId);
  if (q.name) query = query.where('r.name', 'ilike', `%${escapeLike(q.name)}%`);
  return pageWithCappedCount(db, query.select(ruleColumns).orderBy(sortColumns[q.column ?? 'createdAt'], q.order ?? 'desc').orderBy('r.id'), query, q);
}

export async function permissionExists(db: Kysely<DB>, permissionId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('sys_permission').select('id').where('id', '=', permissionId).executeTakeFirst());
}

type RuleValues = Pick<DataRuleTable, 'permission_id' | 'resource' | 'name' | 'column_key' | 'condition'> & { value: string; enabled: boolean };

export async function insertRule(db: Kysely<DB>, companyId: string, userId: string, values: RuleValues): Promise<string> {
  const row = await db
    .insertInto('data_rule')
    .values({ ...values, company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is current; answers whether a row changed. */
export function updateRule(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: RuleValues): Promise<boolean> {
  return updateVersionedRow(db, 'data_rule', { id, companyId, userId, version }, values);
}

export async function deleteRule(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('data_rule').where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
