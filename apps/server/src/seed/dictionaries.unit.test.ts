import { describe, expect, it } from 'vitest';
import { DICT_ENUM_CODES, DictCode, isDictTagColor, NumberRuleCode, numberRuleCreateSchema, resetFitsPattern } from '@care/shared';
import { patternProblem } from '../modules/check-rule/check-rule.engine.js';
import { seededCheckRules, seededDictionaries, seededNumberRules } from './dictionaries.js';

describe('seeded dictionaries and rules', () => {
  it('seeds exactly the codes of DictCode, none of them an enum code', () => {
    expect(seededDictionaries.map((d) => d.code).sort()).toEqual(Object.values(DictCode).sort());
    for (const d of seededDictionaries) expect((DICT_ENUM_CODES as string[]).includes(d.code), d.code).toBe(false);
  });

  it('every dictionary: a Chinese name, unique values without commas, Chinese labels, valid colours', () => {
    for (const d of seededDictionaries) {
      expect(d.name, d.code).toMatch(/[\u4e00-\u9fa5]/);
      const values = d.items.map((i) => i.value);
      expect(new Set(values).size, d.code).toBe(values.length);
      for (const item of d.items) {
        expect(item.value, `${d.code}.${item.value}`).toMatch(/^[^,\s]+$/);
        expect(item.label, `${d.code}.${item.value}`).toMatch(/[\u4e00-\u9fa5]|^POS$|^[A-E]级$/);
        expect(isDictTagColor(item.color ?? ''), `${d.code}.${item.value}`).toBe(true);
      }
    }
    expect(seededDictionaries.find((d) => d.code === DictCode.sex)?.items.map((i) => [i.value, i.label])).toEqual([
      ['M', '男'],
      ['F', '女'],
    ]);
  });

  it('number rules: one per business number code, each a valid rule', () => {
    expect(seededNumberRules.map((r) => r.code).sort()).toEqual(Object.values(NumberRuleCode).sort());
    for (const rule of seededNumberRules) {
      expect(resetFitsPattern(rule.datePattern, rule.resetPeriod), rule.code).toBe(true);
      expect(numberRuleCreateSchema.safeParse(rule).success, rule.code).toBe(true);
    }
    expect(new Set(seededNumberRules.map((r) => r.prefix)).size).toBe(seededNumberRules.length);
  });

  it('check rules: every pattern compiles and is safe', () => {
    for (const rule of seededCheckRules) for (const s of rule.segments) expect(patternProblem(s.pattern), `${rule.code} ${s.pattern}`).toBeNull();
  });
});
