import type { HttpMethod } from '../api/contract.js';

// The method and path of every auth call, without zod: the sign-in page calls these and leaves the
// contracts (auth.contract.ts, which spreads them) to the signed-in part of the app.
export const authPaths = {
  randomImage: { method: 'GET', path: '/online/user/randomImage/:checkKey' },
  loginOptions: { method: 'POST', path: '/online/user/loginOptions' },
  getCodeLogin: { method: 'POST', path: '/online/user/getCodeLogin' },
  sms: { method: 'POST', path: '/online/sms' },
  phoneLogin: { method: 'POST', path: '/online/phoneLogin' },
  casValidateLogin: { method: 'POST', path: '/cas/client/validateLogin' },
  wechatState: { method: 'POST', path: '/online/user/wechatState' },
  registerWxLogin: { method: 'POST', path: '/online/user/registerWxLogin' },
  logout: { method: 'POST', path: '/online/request/getLogOut' },
  getUserPermissionByToken: { method: 'POST', path: '/online/api/getUserPermissionByToken' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

/** The SMS code phoneLogin takes; the sign-in form checks it with the same pattern and text. */
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const SMS_CODE_MESSAGE = '请输入6位验证码!';
