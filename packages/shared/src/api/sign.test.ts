import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeNonce, nonceTime, signFields, signingString } from './sign.js';

describe('signing (ARCHITECTURE.md, Contracts)', () => {
  it('builds the documented example: b=2, a=1, empty c and secret S give a=1&b=2S', () => {
    expect(signingString({ b: 2, a: 1, c: '' }, 'S')).toBe('a=1&b=2S');
  });

  it('keeps only non-empty scalars, never sign itself, sorted by code unit', () => {
    const fields = { sign: 'OLD', z: true, B: 'upper', a: 0, list: [1, 2], obj: { x: 1 }, nil: null, undef: undefined, nan: Number.NaN, s: ' ' };
    expect(signingString(fields, 'K')).toBe('B=upper&a=0&s= &z=trueK');
  });

  it('hashes with SHA-256 by default and MD5 on request, upper-case hex', () => {
    const fields = { b: 2, a: 1 };
    expect(signFields(fields, 'S')).toBe(createHash('sha256').update('a=1&b=2S').digest('hex').toUpperCase());
    expect(signFields(fields, 'S', 'md5')).toBe(createHash('md5').update('a=1&b=2S').digest('hex').toUpperCase());
  });

  it('signs non-ASCII values as UTF-8', () => {
    expect(signFields({ name: '张三' }, 'S')).toBe(createHash('sha256').update('name=张三S', 'utf8').digest('hex').toUpperCase());
  });

  it('makes nonces of a 13-digit ms timestamp and 6 characters of [0-9a-z], and reads the time back', () => {
    const now = 1_795_000_000_123;
    const nonce = makeNonce(now);
    expect(nonce).toMatch(/^1795000000123[0-9a-z]{6}$/);
    expect(nonceTime(nonce)).toBe(now);
    expect(new Set(Array.from({ length: 200 }, () => makeNonce(now))).size).toBe(200);
    for (const bad of ['', 'abc', '1795000000123ABCDEF', '179500000012abcdef', `${now}abcdefg`, 42, null]) expect(nonceTime(bad)).toBeNull();
  });
});
