import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// The rules themselves are kept by the kit (crudRepo of numberRuleResource); here the drawing of numbers.

export function findEnabledRuleByCode(db: Kysely<DB>, code: string) {
  return db.selectFrom('number_rule').select(['code', 'prefix', 'date_pattern', 'seq_length', 'reset_period']).where('code', '=', code).where('enabled', '=', true).executeTakeFirst();
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
