import type { Kysely } from 'kysely';
import {
  formatDateTime,
  formatRuleNumber,
  numberPeriodKey,
  NumberRuleText,
  toPageResult,
  type NumberRule,
  type NumberRuleCreate,
  type NumberRuleEdit,
  type NumberRuleListQuery,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
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

export async function pageRules(db: Kysely<DB>, q: NumberRuleListQuery): Promise<PageResult<NumberRule>> {
  const { rows, total } = await repo.pageRules(db, q);
  const now = new Date();
  return toPageResult(
    rows.map((r) => toRule(r, now)),
    total,
    q,
  );
}

function toValues(input: Omit<NumberRuleEdit, 'id' | 'version'>): repo.RuleValues {
  return {
    name: input.name,
    prefix: input.prefix,
    date_pattern: input.datePattern,
    seq_length: input.seqLength,
    reset_period: input.resetPeriod,
    enabled: input.enabled,
    description: input.description,
  };
}

export async function addRule(db: Kysely<DB>, session: SessionInfo, input: NumberRuleCreate): Promise<NumberRule> {
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.codeTaken(trx, input.code)) throw new BizError(NumberRuleText.codeTaken);
    return repo.insertRule(trx, session.userId, { code: input.code, ...toValues(input) }).catch(uniqueCode);
  });
  return toRule((await repo.findRule(db, id))!, new Date());
}

export async function editRule(db: Kysely<DB>, session: SessionInfo, input: NumberRuleEdit): Promise<NumberRule> {
  const { id, version } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findRule(trx, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (!(await repo.updateRule(trx, session.userId, id, version, toValues(input)))) throw new StaleVersion();
  });
  return toRule((await repo.findRule(db, id))!, new Date());
}

export async function deleteRule(db: Kysely<DB>, id: string): Promise<null> {
  if (!(await repo.deleteRule(db, id))) throw new NotFound();
  return null;
}

function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(NumberRuleText.codeTaken);
  throw err;
}

function toRule(row: repo.RuleRow, now: Date): NumberRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    prefix: row.prefix,
    datePattern: row.date_pattern,
    seqLength: row.seq_length,
    resetPeriod: row.reset_period,
    enabled: row.enabled,
    description: row.description,
    example: formatRuleNumber({ prefix: row.prefix, datePattern: row.date_pattern, seqLength: row.seq_length }, now, 1),
    version: row.version,
    createdAt: formatDateTime(row.created_at),
    updatedAt: formatDateTime(row.updated_at),
  };
}
