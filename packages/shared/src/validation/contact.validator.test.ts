import { describe, it, expect } from 'vitest';
import {
  ageCheck,
  ageSchema,
  emailCheck,
  emailSchema,
  isAge,
  isEmail,
  isPhone,
  phoneCheck,
  phoneSchema,
} from './contact.validator.js';
import { toFormRule } from './check.js';

describe('isPhone', () => {
  it('accepts 11 digits starting with 1', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone(13800138000)).toBe(true);
  });

  it('refuses 10 and 12 digits', () => {
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('138001380001')).toBe(false);
  });

  it('refuses a number not starting with 1', () => {
    expect(isPhone('23800138000')).toBe(false);
    expect(isPhone('03800138000')).toBe(false);
  });

  it('refuses spaces, separators, a + prefix and full-width digits', () => {
    expect(isPhone(' 13800138000')).toBe(false);
    expect(isPhone('13800138000 ')).toBe(false);
    expect(isPhone('138 0013 8000')).toBe(false);
    expect(isPhone('138-0013-8000')).toBe(false);
    expect(isPhone('+8613800138000')).toBe(false);
    expect(isPhone('１３８００１３８０００')).toBe(false);
    expect(isPhone('1380013800\n')).toBe(false);
  });

  it('refuses empty and non-text values', () => {
    expect(isPhone('')).toBe(false);
    expect(isPhone(null)).toBe(false);
    expect(isPhone(undefined)).toBe(false);
    expect(isPhone(['13800138000'])).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts a suffix of 2 or 3 letters', () => {
    expect(isEmail('a@b.cn')).toBe(true);
    expect(isEmail('a@b.com')).toBe(true);
    expect(isEmail('first.last+tag@mail.example.com')).toBe(true);
    expect(isEmail('zhang_san@163.com')).toBe(true);
    expect(isEmail('x@sub-domain.com.cn')).toBe(true);
  });

  it('refuses a suffix of 1 or 4 characters', () => {
    expect(isEmail('a@b.c')).toBe(false);
    expect(isEmail('a@b.info')).toBe(false);
  });

  it('refuses a missing part', () => {
    expect(isEmail('ab.com')).toBe(false);
    expect(isEmail('@b.com')).toBe(false);
    expect(isEmail('a@.com')).toBe(false);
    expect(isEmail('a@com')).toBe(false);
    expect(isEmail('a@b.')).toBe(false);
    expect(isEmail('a@@b.com')).toBe(false);
  });

  it('refuses stray dots, spaces and non-ASCII', () => {
    expect(isEmail('a..b@c.com')).toBe(false);
    expect(isEmail('.a@c.com')).toBe(false);
    expect(isEmail('a.@c.com')).toBe(false);
    expect(isEmail('a@b..com')).toBe(false);
    expect(isEmail('a b@c.com')).toBe(false);
    expect(isEmail(' a@b.com')).toBe(false);
    expect(isEmail('张三@b.com')).toBe(false);
    expect(isEmail('a@b.c1')).toBe(false);
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(isEmail(`${'a'.repeat(249)}@b.com`)).toBe(false);
    expect(isEmail(`${'a'.repeat(248)}@b.com`)).toBe(true);
  });
});

describe('isAge', () => {
  it('takes 0 and 100 and refuses -1 and 101', () => {
    expect(isAge(0)).toBe(true);
    expect(isAge(100)).toBe(true);
    expect(isAge(-1)).toBe(false);
    expect(isAge(101)).toBe(false);
  });

  it('refuses fractions and non-finite numbers', () => {
    expect(isAge(20.5)).toBe(false);
    expect(isAge(Number.NaN)).toBe(false);
    expect(isAge(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('takes plain digit text and refuses other text', () => {
    expect(isAge('0')).toBe(true);
    expect(isAge('100')).toBe(true);
    expect(isAge('101')).toBe(false);
    expect(isAge('-1')).toBe(false);
    expect(isAge('007')).toBe(false);
    expect(isAge('20.0')).toBe(false);
    expect(isAge(' 20')).toBe(false);
    expect(isAge('')).toBe(false);
  });
});

describe('optional-field checks', () => {
  it('let an empty value through and keep the spec message', () => {
    for (const empty of ['', null, undefined]) {
      expect(phoneCheck.test(empty)).toBe(true);
      expect(emailCheck.test(empty)).toBe(true);
      expect(ageCheck.test(empty)).toBe(true);
    }
    expect(phoneCheck.message).toBe('请输入正确的手机号!');
    expect(emailCheck.message).toBe('请输入正确的邮箱!');
    expect(ageCheck.message).toBe('年龄必须在0到100之间!');
  });

  it('a whitespace-only value is not empty', () => {
    expect(phoneCheck.test(' ')).toBe(false);
    expect(emailCheck.test(' ')).toBe(false);
  });

  it('form validators resolve or reject with the message', async () => {
    const rule = toFormRule(phoneCheck);
    await expect(rule.validator({}, '13800138000')).resolves.toBeUndefined();
    await expect(rule.validator({}, '')).resolves.toBeUndefined();
    await expect(rule.validator({}, '1380013800')).rejects.toThrow('请输入正确的手机号!');
    expect(rule.required).toBeUndefined();
  });
});

describe('zod schemas', () => {
  it('phoneSchema accepts empty or valid and reports the spec message', () => {
    expect(phoneSchema.safeParse('').success).toBe(true);
    expect(phoneSchema.safeParse('13800138000').success).toBe(true);
    const bad = phoneSchema.safeParse('23800138000');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('请输入正确的手机号!');
    expect(phoneSchema.optional().safeParse(undefined).success).toBe(true);
  });

  it('emailSchema accepts empty or valid and reports the spec message', () => {
    expect(emailSchema.safeParse('').success).toBe(true);
    expect(emailSchema.safeParse('a@b.com').success).toBe(true);
    expect(emailSchema.safeParse('a@b.info').error?.issues[0]?.message).toBe('请输入正确的邮箱!');
  });

  it('ageSchema takes integers 0..100 only, with one message', () => {
    expect(ageSchema.safeParse(0).success).toBe(true);
    expect(ageSchema.safeParse(100).success).toBe(true);
    for (const bad of [-1, 101, 3.5, '20', null]) {
      const result = ageSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain('年龄必须在0到100之间!');
    }
  });
});
