import { describe, it, expect } from 'vitest';
import { DEFAULT_ELLIPSIS_LENGTH, ellipsis } from './text.format.js';

describe('ellipsis', () => {
  it('cuts at 25 characters by default', () => {
    expect(DEFAULT_ELLIPSIS_LENGTH).toBe(25);
    const text = 'abcdefghijklmnopqrstuvwxyz';
    expect(ellipsis(text)).toBe('abcdefghijklmnopqrstuvwxy...');
    expect(ellipsis(text.slice(0, 25))).toBe(text.slice(0, 25));
  });

  it('leaves text of exactly the length or shorter untouched', () => {
    expect(ellipsis('abc', 3)).toBe('abc');
    expect(ellipsis('abc', 4)).toBe('abc');
    expect(ellipsis('abcd', 3)).toBe('abc...');
  });

  it('counts a Chinese character as one', () => {
    expect(ellipsis('月子中心护理服务套餐', 4)).toBe('月子中心...');
    expect(ellipsis('月子中心', 4)).toBe('月子中心');
  });

  it('never splits an emoji', () => {
    expect(ellipsis('😀😀😀', 2)).toBe('😀😀...');
    expect(ellipsis('😀😀', 2)).toBe('😀😀');
    expect(ellipsis('a😀b', 2)).toBe('a😀...');
  });

  it('counts a joined emoji, a flag and a combining accent as one character', () => {
    const family = '👨‍👩‍👧';
    expect(ellipsis(`${family}${family}好`, 2)).toBe(`${family}${family}...`);
    expect(ellipsis('🇨🇳🇨🇳', 1)).toBe('🇨🇳...');
    expect(ellipsis('e\u0301e\u0301', 1)).toBe('e\u0301...');
  });

  it('gives an empty string for no text', () => {
    expect(ellipsis('')).toBe('');
    expect(ellipsis(null)).toBe('');
    expect(ellipsis(undefined)).toBe('');
  });

  it('cuts to the bare marker at length 0', () => {
    expect(ellipsis('abc', 0)).toBe('...');
  });
});
