import { describe, expect, it } from 'vitest';
import { authContract, PHONE_MESSAGE } from '@care/shared';
import { fieldError, fieldErrors } from './login-fields';

describe('sign-in field checks', () => {
  it('asks for each field in its own words', () => {
    expect(fieldErrors(['username', 'password', 'captcha', 'mobile', 'smsCode'], {})).toEqual({
      username: '请输入账号!',
      password: '请输入密码!',
      captcha: '请输入验证码!',
      mobile: '请输入手机号!',
      smsCode: '请输入验证码!',
    });
    expect(fieldErrors(['username', 'password'], { username: 'admin', password: 'x' })).toEqual({});
  });

  it('checks the phone number as the shared check does', () => {
    expect(fieldError('mobile', '1380013800')).toBe(PHONE_MESSAGE);
    expect(fieldError('mobile', '13800138000')).toBeUndefined();
  });

  it('checks the SMS code as the phoneLogin contract does', () => {
    const captcha = authContract.phoneLogin.body?.shape.captcha;
    for (const code of ['12345', '1234567', 'abcdef', '123456']) {
      const parsed = captcha?.safeParse(code);
      expect(fieldError('smsCode', code)).toBe(parsed?.success ? undefined : parsed?.error.issues[0]?.message);
    }
  });
});
