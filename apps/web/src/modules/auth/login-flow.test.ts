import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { casLink, newCheckKey, unseenFailure, withoutParams } from './login-flow';

describe('unseenFailure', () => {
  it('adds nothing to what the request layer already notified', () => {
    for (const code of ['101', '403', '404', '110', '302', '500']) expect(unseenFailure(new ApiError(code, 'x'))).toBeNull();
  });

  it('shows any other failure', () => {
    expect(unseenFailure(new ApiError('999', '未知错误'))).toBe('未知错误');
    expect(unseenFailure(new ApiError('999', ''))).toBe('登录失败');
    expect(unseenFailure(new Error('boom'))).toBe('登录失败');
  });
});

describe('newCheckKey', () => {
  it('is 32 hex characters and differs each time', () => {
    const a = newCheckKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newCheckKey()).not.toBe(a);
  });
});

describe('withoutParams', () => {
  it('drops the named parameters and keeps the rest', () => {
    expect(withoutParams('http://h/app/user/login?redirect=%2Fa&ticket=ST-1', ['ticket'])).toBe('http://h/app/user/login?redirect=%2Fa');
    expect(withoutParams('http://h/app/user/login?ticket=ST-1', ['ticket'])).toBe('http://h/app/user/login');
  });
});

describe('casLink', () => {
  const service = 'http://h/app/user/login?redirect=%2Fa';
  it('adds the service to come back to', () => {
    expect(casLink('https://cas.example.com/cas/login', service)).toBe(
      `https://cas.example.com/cas/login?service=${encodeURIComponent(service)}`,
    );
  });

  it('keeps a configured service', () => {
    expect(casLink('https://cas.example.com/login?service=x', service)).toBe('https://cas.example.com/login?service=x');
  });

  it('refuses anything but http(s)', () => {
    expect(casLink(null, service)).toBeNull();
    expect(casLink('javascript:alert(1)', service)).toBeNull();
    expect(casLink('/relative', service)).toBeNull();
  });
});
