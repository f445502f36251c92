import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CheckRuleText, type CheckOutcome, type CheckRuleSegment } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { BizError, ValidationError } from '../../platform/errors.js';
import { checkSegments, patternProblem, PatternTimeout } from './check-rule.engine.js';

/** Refuses a rule whose pattern does not compile or may backtrack catastrophically, naming the segment. */
export function assertSafeSegments(segments: readonly CheckRuleSegment[]): void {
  for (const [index, segment] of segments.entries()) {
    const problem = patternProblem(segment.pattern);
    if (problem) throw new ValidationError(`segments.${index}.pattern: 第${index + 1}条规则的${problem}`);
  }
}

/**
 * Checks a value against the rule `ruleCode` (also for modules that validate on save). A pattern that
 * runs out of time fails the check with a message for the administrator, and is logged.
 */
export async function checkByCode(db: Kysely<DB>, ruleCode: string, value: string, log?: FastifyBaseLogger): Promise<CheckOutcome> {
  const rule = await db.selectFrom('check_rule').select('segments').where('code', '=', ruleCode).executeTakeFirst();
  if (!rule) throw new BizError(CheckRuleText.unknownRule);
  try {
    return checkSegments(rule.segments, value);
  } catch (err) {
    if (!(err instanceof PatternTimeout)) throw err;
    log?.warn({ ruleCode }, 'check rule pattern timed out');
    return { passed: false, message: CheckRuleText.timedOut };
  }
}
