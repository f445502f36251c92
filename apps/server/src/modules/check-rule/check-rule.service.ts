import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CheckRuleText,
  formatDateTime,
  toPageResult,
  type CheckOutcome,
  type CheckRule,
  type CheckRuleCreate,
  type CheckRuleEdit,
  type CheckRuleListQuery,
  type CheckRuleSegment,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion, ValidationError } from '../../platform/errors.js';
import { checkSegments, patternProblem, PatternTimeout } from './check-rule.engine.js';
import * as repo from './check-rule.repo.js';

/** Refuses a rule whose pattern does not compile or may backtrack catastrophically, naming the segment. */
function assertSafeSegments(segments: readonly CheckRuleSegment[]): void {
  for (const [index, segment] of segments.entries()) {
    const problem = patternProblem(segment.pattern);
    if (problem) throw new ValidationError(`segments.${index}.pattern: 第${index + 1}条规则的${problem}`);
  }
}

export async function pageRules(db: Kysely<DB>, q: CheckRuleListQuery): Promise<PageResult<CheckRule>> {
  const { rows, total } = await repo.pageRules(db, q);
  return toPageResult(rows.map(toRule), total, q);
}

export async function addRule(db: Kysely<DB>, session: SessionInfo, input: CheckRuleCreate): Promise<CheckRule> {
  assertSafeSegments(input.segments);
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.codeTaken(trx, input.code)) throw new BizError(CheckRuleText.codeTaken);
    return repo.insertRule(trx, session.userId, input).catch(uniqueCode);
  });
  return toRule((await repo.findRule(db, id))!);
}

export async function editRule(db: Kysely<DB>, session: SessionInfo, input: CheckRuleEdit): Promise<CheckRule> {
  const { id, version, ...values } = input;
  assertSafeSegments(values.segments);
  await db.transaction().execute(async (trx) => {
    const current = await repo.findRule(trx, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (!(await repo.updateRule(trx, session.userId, id, version, values))) throw new StaleVersion();
  });
  return toRule((await repo.findRule(db, id))!);
}

export async function deleteRule(db: Kysely<DB>, id: string): Promise<null> {
  if (!(await repo.deleteRule(db, id))) throw new NotFound();
  return null;
}

/**
 * Checks a value against the rule `ruleCode` (also for modules that validate on save). A pattern that
 * runs out of time fails the check with a message for the administrator, and is logged.
 */
export async function checkByCode(db: Kysely<DB>, ruleCode: string, value: string, log?: FastifyBaseLogger): Promise<CheckOutcome> {
  const rule = await repo.findRuleByCode(db, ruleCode);
  if (!rule) throw new BizError(CheckRuleText.unknownRule);
  try {
    return checkSegments(rule.segments, value);
  } catch (err) {
    if (!(err instanceof PatternTimeout)) throw err;
    log?.warn({ ruleCode }, 'check rule pattern timed out');
    return { passed: false, message: CheckRuleText.timedOut };
  }
}

function uniqueCode(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw new BizError(CheckRuleText.codeTaken);
  throw err;
}

function toRule(row: repo.RuleRow): CheckRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    segments: row.segments.map((s) => ({ digits: String(s.digits), pattern: s.pattern, message: s.message })),
    description: row.description,
    version: row.version,
    createdAt: formatDateTime(row.created_at),
    updatedAt: formatDateTime(row.updated_at),
  };
}
