import { describe, expect, it } from 'vitest';
import { CheckRuleText } from '@care/shared';
import { checkSegments, matchLimited, patternProblem, PatternTimeout } from './check-rule.engine.js';

const mobile = [
  { digits: '1', pattern: '1', message: '以1开头' },
  { digits: '*', pattern: '\\d{11}', message: '11位数字' },
];

describe('check rule segments', () => {
  it('checks n characters from where the previous segment stopped; * checks the whole value without advancing', () => {
    expect(checkSegments(mobile, '13800138000')).toEqual({ passed: true, message: CheckRuleText.passed });
    expect(checkSegments(mobile, '23800138000')).toEqual({ passed: false, message: '以1开头' });
    expect(checkSegments(mobile, '1380013800')).toEqual({ passed: false, message: '11位数字' });
    const parts = [
      { digits: '2', pattern: '[A-Z]{2}', message: '前两位是大写字母' },
      { digits: '*', pattern: '.{2,}', message: '至少两位' },
      { digits: '3', pattern: '\\d{3}', message: '接着三位数字' },
    ];
    expect(checkSegments(parts, 'AB123').passed).toBe(true);
    expect(checkSegments(parts, 'ab123').message).toBe('前两位是大写字母');
    expect(checkSegments(parts, 'AB12X').message).toBe('接着三位数字');
    // Past the end of the value a segment sees '' (the user has not typed that far yet).
    expect(checkSegments(parts, 'AB').message).toBe('接着三位数字');
  });

  it('an empty value passes; Chinese characters count one each', () => {
    expect(checkSegments(mobile, '').passed).toBe(true);
    const chinese = [{ digits: '2', pattern: '[\\u4e00-\\u9fa5]{2}', message: '两个汉字' }];
    expect(checkSegments(chinese, '月子中心').passed).toBe(true);
    expect(checkSegments([{ digits: '2', pattern: '\\d\\-', message: 'Java 风格的转义' }], '1-').passed).toBe(true);
  });

  it('a pattern must match the whole part, as Java’s Pattern.matches', () => {
    expect(checkSegments([{ digits: '*', pattern: 'a|ab', message: 'x' }], 'ab').passed).toBe(true);
    expect(checkSegments([{ digits: '*', pattern: '\\d+', message: '全是数字' }], '12a').passed).toBe(false);
  });
});

describe('pattern safety', () => {
  it('refuses patterns that do not compile on their own', () => {
    for (const pattern of ['[a-', '(', 'a)|(b', '*', '\\']) expect(patternProblem(pattern), pattern).toBe(CheckRuleText.badPattern);
  });

  it('refuses patterns that can backtrack catastrophically', () => {
    for (const pattern of ['(a+)+', '(a*)*b', '([a-z0-9]+)*@x', '(\\d+)+$', '(.*a){12}']) expect(patternProblem(pattern), pattern).toBe(CheckRuleText.unsafePattern);
  });

  it('accepts ordinary patterns', () => {
    for (const pattern of ['\\d{11}', '1', '[A-Z]{2}\\d{4}', '\\d{17}[\\dXx]', '[\\u4e00-\\u9fa5]+', '(?:86)?1\\d{10}']) expect(patternProblem(pattern), pattern).toBeNull();
  });

  it('stops a slow pattern the static check misses at the time limit', () => {
    // (a|a)* passes safe-regex2 but backtracks exponentially.
    expect(patternProblem('(a|a)*')).toBeNull();
    const started = Date.now();
    expect(() => matchLimited('(a|a)*', `${'a'.repeat(40)}b`, 30)).toThrow(PatternTimeout);
    expect(Date.now() - started).toBeLessThan(1000);
    // The sandbox is usable again afterwards.
    expect(matchLimited('\\d+', '123')).toBe(true);
  });
});
