import { describe, expect, it } from 'vitest';
import { customerCreateSchema, isChineseIdCard, maskIdNo } from './customer.schema.js';

describe('customer ID numbers', () => {
  it('checks a 居民身份证 number: shape, birth date and check digit', () => {
    expect(isChineseIdCard('11010519491231002X')).toBe(true);
    expect(isChineseIdCard('110105194912310021')).toBe(false);
    expect(isChineseIdCard('11010519491331002X')).toBe(false);
    expect(isChineseIdCard('1101051949123100')).toBe(false);
  });

  it('masks all but the first 3 and last 4 characters of a long number', () => {
    expect(maskIdNo('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNo('E12345678')).toBe('E12**5678');
    expect(maskIdNo('AB123')).toBe('A***3');
    expect(maskIdNo('AB')).toBe('**');
    expect(maskIdNo(null)).toBeNull();
    expect(maskIdNo('')).toBe('');
  });

  it('validates the number against its type', () => {
    const base = { name: '张三', phone: '13800000000', storeId: '00000000-0000-4000-8000-000000000000' };
    expect(customerCreateSchema.safeParse({ ...base, idType: 'id_card', idNo: '11010519491231002X' }).success).toBe(true);
    const bad = customerCreateSchema.safeParse({ ...base, idType: 'id_card', idNo: '110105194912310021' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('身份证号码不正确');
    expect(customerCreateSchema.safeParse({ ...base, idType: 'passport', idNo: 'E12345678' }).success).toBe(true);
    expect(customerCreateSchema.safeParse({ ...base, idNo: 'E12345678' }).error?.issues[0]?.message).toBe('请选择证件类型');
  });
});
