import { describe, expect, it } from 'vitest';
import { DICT_CODE_PATTERN, isDictTagColor } from './dict.schema.js';
import { DICT_ENUM_CODES, DictEnums, enumLabel, enumValues } from './dict.enums.js';
import { DictCode } from './dict.codes.js';

describe('dictionary contracts', () => {
  it('a code is a plain name, never a table list or SQL', () => {
    for (const code of ['sex', 'order_status', 'A1_b']) expect(DICT_CODE_PATTERN.test(code), code).toBe(true);
    for (const code of ['sys_user,password,id', "sex'", 'sex--', 'sex where 1=1', '1abc', '', 'a'.repeat(65), 'sex\t']) expect(DICT_CODE_PATTERN.test(code), code).toBe(false);
  });

  it('tag colours: presets, hex or empty', () => {
    for (const color of ['', 'blue', 'processing', '#2362fb']) expect(isDictTagColor(color), color).toBe(true);
    for (const color of ['#fff', 'javascript:x', 'red;background:url(x)', 'Blue']) expect(isDictTagColor(color), color).toBe(false);
  });

  it('enums: unique values with Chinese labels; their codes are not dictionary codes', () => {
    const dictCodes = new Set<string>(Object.values(DictCode));
    for (const code of DICT_ENUM_CODES) {
      const values = DictEnums[code].items.map((i) => i.value);
      expect(new Set(values).size, code).toBe(values.length);
      expect(DictEnums[code].code).toBe(code);
      expect(dictCodes.has(code), code).toBe(false);
      for (const item of DictEnums[code].items) expect(item.label, `${code}.${item.value}`).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(enumValues('receivable_status')).toEqual(['unpaid', 'partial', 'paid']);
    expect(enumLabel('customer_status', 'checked_in')).toBe('已入住');
    expect(enumLabel('customer_status', 'nope')).toBe('nope');
  });
});
