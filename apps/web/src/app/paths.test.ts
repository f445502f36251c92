import { describe, expect, it } from 'vitest';
import { HOME_PATH, loginPathFor, redirectTarget } from './paths';

describe('loginPathFor', () => {
  it('carries the wanted path and query as redirect', () => {
    expect(loginPathFor('/a/b?x=1&y=2')).toBe('/user/login?redirect=%2Fa%2Fb%3Fx%3D1%26y%3D2');
  });
});

describe('redirectTarget', () => {
  it('keeps an in-app path with its query', () => {
    expect(redirectTarget('/customer/list?status=1')).toBe('/customer/list?status=1');
  });

  it('falls back to home when missing, external, or the sign-in page itself', () => {
    for (const value of [null, undefined, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'dashboard', '/user/login', '/user/login?redirect=/x', '/']) {
      expect(redirectTarget(value)).toBe(HOME_PATH);
    }
  });
});
