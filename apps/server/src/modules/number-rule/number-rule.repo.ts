import { sql, type Kysely } from 'kysely';
import type { NumberRuleListQuery } from '@care/shared';
import type { DB, NumberRuleTable } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

const columns = ['id', 'code', 'name', 'prefix', 'date_pattern', 'seq_length', 'reset_period', 'enabled', 'description', 'version', 'created_at', 'updated_at'] as const;
const sortColumns = { code: 'code', name: 'name', createdAt: 'created_at' } as const;

export type RuleRow = Awaited<ReturnType<typeof findRule>> & object;

export function findRule(db: Kysely<DB>, id: string) {
  return db.selectFrom('number_rule').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findEnabledRuleByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('number_rule').select(['code', 'prefix', 'date_pattern', 'seq_length', 'reset_period']).where('code', '=', code).where('enabled', '=', true).executeTakeFirst();
}

export async function pageRules(db: Kysely<DB>, q: NumberRuleListQuery): Promise<{ rows: RuleRow[]; total: number }> {
  let query = db.selectFrom('number_rule');
  if (q.code) query = query.where('code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) query = query.where('name', 'ilike', `%${escapeLike(q.name)}%`);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy(sortColumns[q.column ?? 'code'], q.order ?? 'asc')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function codeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('number_rule').select('id').where('code', '=', code).executeTakeFirst());
}

export interface RuleValues {
  name: string;
  prefix: string;
  date_pattern: NumberRuleTable['date_pattern'];
  seq_length: number;
  reset_period: NumberRuleTable['reset_period'];
  enabled: boolean;
  description: string;
}

export async function insertRule(db: Kysely<DB>, userId: string | null, values: RuleValues & { code: string }): Promise<string> {
  const row = await db
    .insertInto('number_rule')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(db: Kysely<DB>, userId: string, id: string, version: number, values: RuleValues): Promise<boolean> {
  const result = await db
    .updateTable('number_rule')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRule(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('number_rule').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Advances the counter of (code, period) and answers its new value. The upsert takes the row lock,
 * so concurrent callers are served one after another and never get the same value.
 */
export async function advanceCounter(db: Kysely<DB>, ruleCode: string, period: string): Promise<number> {
  const row = await db
    .insertInto('number_rule_counter')
    .values({ rule_code: ruleCode, period, value: 1 })
    .onConflict((oc) => oc.columns(['rule_code', 'period']).doUpdateSet({ value: sql`number_rule_counter.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Records an issued number; false when the code already issued it. */
export async function recordIssued(db: Kysely<DB>, ruleCode: string, number: string): Promise<boolean> {
  const row = await db
    .insertInto('number_rule_issued')
    .values({ rule_code: ruleCode, number })
    .onConflict((oc) => oc.columns(['rule_code', 'number']).doNothing())
    .returning('number')
    .executeTakeFirst();
  return row !== undefined;
}
