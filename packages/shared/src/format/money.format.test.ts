import { describe, it, expect } from 'vitest';
import { formatMoney, formatMoneyFlexible } from './money.format.js';

describe('formatMoney', () => {
  it('pads to 2 decimals', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('5.00');
    expect(formatMoney('12.3')).toBe('12.30');
    expect(formatMoney('12.30')).toBe('12.30');
  });

  it('rounds half away from zero on the decimal text', () => {
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('1.004999')).toBe('1.00');
    expect(formatMoney('2.675')).toBe('2.68');
    expect(formatMoney('-1.005')).toBe('-1.01');
    expect(formatMoney('0.995')).toBe('1.00');
    expect(formatMoney('9.999')).toBe('10.00');
    expect(formatMoney('99.995')).toBe('100.00');
  });

  it('takes a number at its shortest decimal form', () => {
    // (1.005).toFixed(2) is '1.00' because the double is 1.00499…; the user typed 1.005.
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney(1e21)).toBe('1000000000000000000000.00');
    expect(formatMoney(1.5e-7)).toBe('0.00');
    expect(formatMoney(0.000005)).toBe('0.00');
    expect(formatMoney(5e-3)).toBe('0.01');
  });

  it('keeps the sign of negatives and never prints -0.00', () => {
    expect(formatMoney(-3)).toBe('-3.00');
    expect(formatMoney('-0.5')).toBe('-0.50');
    expect(formatMoney('-0.004')).toBe('0.00');
    expect(formatMoney(-0)).toBe('0.00');
    expect(formatMoney('-0')).toBe('0.00');
  });

  it('keeps every digit of large numeric(14,2) values', () => {
    expect(formatMoney('123456789012.34')).toBe('123456789012.34');
    expect(formatMoney('999999999999.99')).toBe('999999999999.99');
    expect(formatMoney('99999999999999999999.995')).toBe('100000000000000000000.00');
    expect(formatMoney('12345678901234567890.12')).toBe('12345678901234567890.12');
  });

  it('groups thousands on request', () => {
    expect(formatMoney('123456789012.34', { thousands: true })).toBe('123,456,789,012.34');
    expect(formatMoney(1234567.891, { thousands: true })).toBe('1,234,567.89');
    expect(formatMoney(-1234.5, { thousands: true })).toBe('-1,234.50');
    expect(formatMoney(999, { thousands: true })).toBe('999.00');
    expect(formatMoney(1000, { thousands: true })).toBe('1,000.00');
    expect(formatMoney('999.995', { thousands: true })).toBe('1,000.00');
    expect(formatMoney(1000)).toBe('1000.00');
  });

  it('accepts surrounding spaces, a + sign, leading zeros and bare points', () => {
    expect(formatMoney(' 12.5 ')).toBe('12.50');
    expect(formatMoney('+7')).toBe('7.00');
    expect(formatMoney('007.1')).toBe('7.10');
    expect(formatMoney('.5')).toBe('0.50');
    expect(formatMoney('5.')).toBe('5.00');
  });

  it('gives an empty string for no value or a non-number', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('   ')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney('1,000.00')).toBe('');
    expect(formatMoney('1.2.3')).toBe('');
    expect(formatMoney('.')).toBe('');
    expect(formatMoney('-')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatMoneyFlexible', () => {
  it('keeps up to 4 decimals and drops trailing zeros', () => {
    expect(formatMoneyFlexible('3.00')).toBe('3');
    expect(formatMoneyFlexible('2.50')).toBe('2.5');
    expect(formatMoneyFlexible('1.2345')).toBe('1.2345');
    expect(formatMoneyFlexible('1.23450000')).toBe('1.2345');
    expect(formatMoneyFlexible(0)).toBe('0');
    expect(formatMoneyFlexible(0.1 + 0.2)).toBe('0.3');
  });

  it('rounds at the 5th decimal, half away from zero', () => {
    expect(formatMoneyFlexible('1.23455')).toBe('1.2346');
    expect(formatMoneyFlexible('1.23454')).toBe('1.2345');
    expect(formatMoneyFlexible('-1.00005')).toBe('-1.0001');
    expect(formatMoneyFlexible('0.99995')).toBe('1');
    expect(formatMoneyFlexible('-0.00004')).toBe('0');
  });

  it('groups thousands on request and keeps large values exact', () => {
    expect(formatMoneyFlexible('123456789012.3400', { thousands: true })).toBe('123,456,789,012.34');
    expect(formatMoneyFlexible('123456789012.34')).toBe('123456789012.34');
  });

  it('gives an empty string for no value or a non-number', () => {
    expect(formatMoneyFlexible(null)).toBe('');
    expect(formatMoneyFlexible('')).toBe('');
    expect(formatMoneyFlexible('x1')).toBe('');
  });
});
