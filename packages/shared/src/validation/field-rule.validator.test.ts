import { describe, it, expect } from 'vitest';
import {
  FIELD_RULE_CODES,
  fieldRuleRefinement,
  fieldRules,
  fieldSchema,
  isFieldRuleCode,
  parseRuleCodes,
  toFormRules,
  validateByRule,
  validateByRules,
  type FieldRuleCode,
} from './field-rule.validator.js';
import { z } from 'zod';

const cases: Record<FieldRuleCode, { accept: unknown[]; refuse: unknown[] }> = {
  '*': { accept: ['x', ' a ', 0, false, ['a']], refuse: ['', '   ', null, undefined, []] },
  only: { accept: ['anything', 'dup-value', 42], refuse: [] },
  'n6-16': {
    accept: ['123456', '1234567890123456', 123456],
    refuse: ['12345', '12345678901234567', '12345a', '１２３４５６', ' 123456'],
  },
  '*6-16': {
    accept: ['abc 12', '!@#$%^', '一二三四五六', '😀😀😀😀😀😀', 'x'.repeat(16)],
    refuse: ['abcde', 'x'.repeat(17), '😀😀😀'],
  },
  's6-18': {
    accept: ['abcdef', 'ABCdefGHIjklMNOpqr'],
    refuse: ['abcde', 'abcdefghijklmnopqrs', 'abc123', 'abc|def', 'abcdeé'],
  },
  url: {
    accept: ['http://example.com', 'https://a.b.cn/path?q=1#top', 'ftp://files.example.com/x.zip', 'HTTPS://EXAMPLE.COM', 'http://localhost:8080'],
    refuse: ['example.com', 'mailto:a@b.com', 'javascript:alert(1)', 'http://', 'http:// example.com', 'https://exa mple.com', 'file:///etc/passwd'],
  },
  e: { accept: ['a@b.cn', 'a@b.com'], refuse: ['a@b.c', 'a@b.info', 'ab.com'] },
  m: { accept: ['13800138000', 13800138000], refuse: ['1380013800', '138001380001', '23800138000', '１３８００１３８０００'] },
  p: { accept: ['100000', '518000', 999999], refuse: ['010000', '10000', '1000000', '10000a'] },
  s: { accept: ['a', 'AbC'], refuse: ['a1', 'a b', '中文', 'é'] },
  n: {
    accept: ['0', '-1', '3.14', '-0.5', '007', 12, -1.5],
    refuse: ['1.', '.5', '+1', '1e3', '1,000', '--1', '1.2.3', 'abc', Number.NaN],
  },
  z: { accept: ['0', '-12', '42', 42], refuse: ['1.0', '1.5', '+1', '1e3', 1.5] },
  money: {
    accept: ['0', '0.5', '0.05', '12.34', '100', '999999999999.99', 12.5],
    refuse: ['-1', '-0.01', '1.234', '01', '00.5', '1.', '.5', '1,000.00', '1000000000000', 'abc', 1.005],
  },
};

describe('fieldRules', () => {
  it('has a rule, a Chinese title and a message for every code', () => {
    expect(Object.keys(fieldRules).sort()).toEqual([...FIELD_RULE_CODES].sort());
    for (const code of FIELD_RULE_CODES) {
      expect(fieldRules[code].code).toBe(code);
      expect(fieldRules[code].title).toMatch(/[\u4e00-\u9fff]/);
      expect(fieldRules[code].message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('uses the stated messages', () => {
    expect(fieldRules['*'].message).toBe('该项为必填项');
    expect(fieldRules['n6-16'].message).toBe('请输入6到16位数字!');
    expect(fieldRules['*6-16'].message).toBe('请输入6到16位任意字符!');
    expect(fieldRules['s6-18'].message).toBe('请输入6到18位字母!');
    expect(fieldRules.m.message).toBe('请输入正确的手机号!');
    expect(fieldRules.e.message).toBe('请输入正确的邮箱!');
  });

  it('marks only the unique rule as remote', () => {
    expect(FIELD_RULE_CODES.filter((code) => fieldRules[code].remote)).toEqual(['only']);
  });

  for (const code of FIELD_RULE_CODES) {
    describe(`rule ${code}`, () => {
      it.each(cases[code].accept.map((v) => [v]))('accepts %j', (value) => {
        expect(validateByRule(code, value)).toEqual({ ok: true });
      });
      if (cases[code].refuse.length > 0) {
        it.each(cases[code].refuse.map((v) => [v]))('refuses %j', (value) => {
          expect(validateByRule(code, value)).toEqual({ ok: false, message: fieldRules[code].message });
        });
      }
      if (code !== '*') {
        it('lets an empty value through', () => {
          for (const empty of ['', null, undefined, []]) expect(validateByRule(code, empty)).toEqual({ ok: true });
        });
      }
    });
  }

  it('refuses objects and booleans for text rules', () => {
    expect(validateByRule('z', { a: 1 }).ok).toBe(false);
    expect(validateByRule('s', true).ok).toBe(false);
  });

  it('throws on an unknown code instead of accepting', () => {
    expect(() => validateByRule('x' as FieldRuleCode, 'a')).toThrow(/Unknown field rule code "x"/);
    expect(() => validateByRule('toString' as FieldRuleCode, 'a')).toThrow(/Unknown field rule code/);
  });
});

describe('isFieldRuleCode', () => {
  it('knows the codes and nothing inherited', () => {
    expect(isFieldRuleCode('money')).toBe(true);
    expect(isFieldRuleCode('*')).toBe(true);
    expect(isFieldRuleCode('constructor')).toBe(false);
    expect(isFieldRuleCode('M')).toBe(false);
  });
});

describe('parseRuleCodes', () => {
  it('reads a comma list in order, trimming blanks and repeats', () => {
    expect(parseRuleCodes('*,m').map((r) => r.code)).toEqual(['*', 'm']);
    expect(parseRuleCodes(' * , only ,, m,*').map((r) => r.code)).toEqual(['*', 'only', 'm']);
    expect(parseRuleCodes('*6-16').map((r) => r.code)).toEqual(['*6-16']);
    expect(parseRuleCodes('')).toEqual([]);
    expect(parseRuleCodes(['money', 'z']).map((r) => r.code)).toEqual(['money', 'z']);
  });

  it('throws on an unknown code', () => {
    expect(() => parseRuleCodes('*,phone')).toThrow(/"phone"/);
  });
});

describe('validateByRules', () => {
  it('requires a value only when * is listed', () => {
    expect(validateByRules('*,m', '')).toEqual({ ok: false, message: '该项为必填项' });
    expect(validateByRules('m', '')).toEqual({ ok: true });
    expect(validateByRules('', 'whatever')).toEqual({ ok: true });
  });

  it('reports the first failing rule', () => {
    expect(validateByRules('*,m', '123')).toEqual({ ok: false, message: '请输入正确的手机号!' });
    expect(validateByRules('n6-16,p', '012345')).toEqual({ ok: false, message: '请输入正确的邮政编码!' });
    expect(validateByRules('*,m', '13800138000')).toEqual({ ok: true });
  });

  it('never fails on only', () => {
    expect(validateByRules('*,only', 'taken')).toEqual({ ok: true });
    expect(validateByRules('*,only', '')).toEqual({ ok: false, message: '该项为必填项' });
  });
});

describe('toFormRules', () => {
  it('marks * as required and leaves the remote rule to the page', async () => {
    const rules = toFormRules('*,only,m');
    expect(rules).toHaveLength(2);
    expect(rules[0]?.required).toBe(true);
    expect(rules[1]?.required).toBeUndefined();
    await expect(rules[0]!.validator({}, '  ')).rejects.toThrow('该项为必填项');
    await expect(rules[1]!.validator({}, '138')).rejects.toThrow('请输入正确的手机号!');
    await expect(rules[1]!.validator({}, '')).resolves.toBeUndefined();
  });
});

describe('fieldSchema and fieldRuleRefinement', () => {
  it('reports the rule message', () => {
    const schema = fieldSchema('*,p');
    expect(schema.safeParse('518000').success).toBe(true);
    expect(schema.safeParse('018000').error?.issues.map((i) => i.message)).toEqual(['请输入正确的邮政编码!']);
    expect(schema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['该项为必填项']);
  });

  it('gives the required message for a missing value when * is listed', () => {
    expect(fieldSchema('*,m').safeParse(undefined).error?.issues[0]?.message).toBe('该项为必填项');
    expect(fieldSchema('m').safeParse(undefined).error?.issues[0]?.message).not.toBe('该项为必填项');
    expect(fieldSchema('m').optional().safeParse(undefined).success).toBe(true);
  });

  it('works on a number schema too', () => {
    const schema = z.number().superRefine(fieldRuleRefinement('z'));
    expect(schema.safeParse(3).success).toBe(true);
    expect(schema.safeParse(3.5).error?.issues[0]?.message).toBe('请输入整数!');
  });
});

describe('patterns', () => {
  // Nested quantifiers would make these take seconds to minutes; linear patterns take microseconds.
  it('do not backtrack catastrophically on long hostile input', () => {
    const hostile = [
      '1'.repeat(50_000) + 'x',
      'a'.repeat(50_000) + '!',
      '-' + '1'.repeat(50_000) + '.',
      '1'.repeat(50_000) + '.' + '1'.repeat(50_000) + 'x',
      'a@' + 'a.'.repeat(25_000) + '!',
      'a'.repeat(50_000) + '@' + 'a'.repeat(50_000),
      'http://' + 'a'.repeat(50_000) + ' ',
    ];
    const start = performance.now();
    for (const code of FIELD_RULE_CODES) {
      for (const value of hostile) validateByRule(code, value);
    }
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
