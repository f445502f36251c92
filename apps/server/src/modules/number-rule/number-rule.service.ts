import type { Kysely } from 'kysely';
import { formatRuleNumber, numberPeriodKey, NumberRuleText, type NumberDatePattern } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import * as repo from './number-rule.repo.js';

// After a rule's format was edited, the new counter may run into numbers the old one issued; each
// collision costs one more draw. Far more than any real edit can cause.
const MAX_DRAWS = 10_000;

/**
 * The next business number of rule `ruleCode` (lead_no, order_no …): prefix + date + sequence, never
 * one the code issued before, also under concurrency and across edits of the rule. Pass the
 * transaction that saves the record: the number is then issued only if the record is saved (the
 * counter row stays locked until that transaction ends, which serialises concurrent savers briefly).
 * On PGlite, calling it with the root `db` while a transaction is open would wait for that transaction.
 */
export async function nextNumber(db: Kysely<DB>, ruleCode: string, at: Date = new Date()): Promise<string> {
  const rule = await repo.findEnabledRuleByCode(db, ruleCode);
  if (!rule) throw new BizError(NumberRuleText.unknownRule);
  const format = { prefix: rule.prefix, datePattern: rule.date_pattern, seqLength: rule.seq_length };
  const period = numberPeriodKey(rule.reset_period, at);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const number = formatRuleNumber(format, at, await repo.advanceCounter(db, rule.code, period));
    if (await repo.recordIssued(db, rule.code, number)) return number;
  }
  throw new Error(`number rule ${ruleCode}: no free number after ${MAX_DRAWS} draws`);
}

/** A rule as answered: with what the first number of today would look like. */
export function withExample(rule: Record<string, unknown>): Record<string, unknown> {
  const format = { prefix: rule.prefix as string, datePattern: rule.datePattern as NumberDatePattern, seqLength: rule.seqLength as number };
  return { ...rule, example: formatRuleNumber(format, new Date(), 1) };
}
