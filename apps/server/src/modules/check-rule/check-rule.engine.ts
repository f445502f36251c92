import vm from 'node:vm';
import safeRegex from 'safe-regex2';
import { CHECK_ALL_DIGITS, CheckRuleText, type CheckOutcome } from '@care/shared';

/** Longest a single pattern may run against a value (generous: a busy machine is slow to start the run); a rule that takes longer fails the check. */
export const PATTERN_TIME_LIMIT_MS = 250;

export class PatternTimeout extends Error {}

export interface Segment {
  digits: string;
  pattern: string;
  message: string;
}

/** The whole value must match (Java's Pattern.matches, as the rules were written for). */
function fullMatch(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`);
}

/**
 * Why a pattern cannot be saved, or null. It must compile on its own (so wrapping it in a group keeps
 * its meaning) and must not be able to backtrack catastrophically (nested or overlapping repetition).
 */
export function patternProblem(pattern: string): string | null {
  let wrapped: RegExp;
  try {
    new RegExp(pattern);
    wrapped = fullMatch(pattern);
  } catch {
    return CheckRuleText.badPattern;
  }
  return safeRegex(wrapped) ? null : CheckRuleText.unsafePattern;
}

// A regular expression cannot be interrupted from JavaScript, but V8 stops a script run in a vm
// context at its timeout, backtracking included. safe-regex2 misses some slow patterns (`(a|a)*`),
// and rules may predate the check, so every run is bounded.
const sandbox = vm.createContext({});
const testScript = new vm.Script('re.test(text)');

export function matchLimited(pattern: string, text: string, timeoutMs = PATTERN_TIME_LIMIT_MS): boolean {
  const re = fullMatch(pattern);
  Object.assign(sandbox, { re, text });
  try {
    return testScript.runInContext(sandbox, { timeout: timeoutMs }) === true;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw new PatternTimeout();
    throw err;
  } finally {
    Object.assign(sandbox, { re: undefined, text: undefined });
  }
}

/**
 * Checks a value segment by segment: a segment of n digits checks the next n characters (fewer at the
 * end of the value, '' past it); `*` checks the whole value and does not advance. The first failing
 * segment's message is the answer. An empty value passes (whether it is required is the form's rule).
 */
export function checkSegments(segments: readonly Segment[], value: string, match: (pattern: string, text: string) => boolean = matchLimited): CheckOutcome {
  if (value === '') return { passed: true, message: CheckRuleText.passed };
  let begin = 0;
  for (const segment of segments) {
    let part: string;
    if (segment.digits === CHECK_ALL_DIGITS) {
      part = value;
    } else {
      const count = Number(segment.digits);
      // UTF-16 units, as the patterns (no `u` flag, so Java-style escapes like `\-` keep working) see them.
      part = value.slice(begin, begin + count);
      begin += count;
    }
    if (!match(segment.pattern, part)) return { passed: false, message: segment.message };
  }
  return { passed: true, message: CheckRuleText.passed };
}
