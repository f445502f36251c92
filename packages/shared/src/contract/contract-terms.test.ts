import { describe, expect, it } from 'vitest';
import { amountInWords, fillContractTerms } from './contract-terms.js';

describe('amountInWords', () => {
  it.each([
    ['0', '零元整'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['101', '壹佰零壹元整'],
    ['1001.01', '壹仟零壹元零壹分'],
    ['12800.50', '壹万贰仟捌佰元伍角'],
    ['100000', '壹拾万元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['38800', '叁万捌仟捌佰元整'],
    ['100000000', '壹亿元整'],
    ['105000000.99', '壹亿零伍佰万元玖角玖分'],
  ])('%s → %s', (amount, words) => expect(amountInWords(amount)).toBe(words));

  it('refuses what is not a money amount', () => {
    expect(() => amountInWords('-1')).toThrow();
    expect(() => amountInWords('1.234')).toThrow();
  });
});

describe('fillContractTerms', () => {
  it('fills known placeholders through the encoder and leaves unknown ones visible', () => {
    const out = fillContractTerms('<p>{{customerName}} {{ orderNo }} {{unknown}}</p>', { customerName: '<b>王</b>', orderNo: 'DD1' }, (v) => v.replace(/</g, '&lt;'));
    expect(out).toBe('<p>&lt;b>王&lt;/b> DD1 {{unknown}}</p>');
  });
});

describe('fillContractTerms with markup', () => {
  it('puts markup values in as built and still encodes the text values', () => {
    const out = fillContractTerms('<div>{{planTable}}</div><p>{{customerName}}</p>', { customerName: '<王>' }, (v) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;'), { planTable: '<table><tr><td>首付</td></tr></table>' });
    expect(out).toBe('<div><table><tr><td>首付</td></tr></table></div><p>&lt;王&gt;</p>');
  });
});
