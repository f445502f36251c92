import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { permissionResultSchema } from '../permission/menu.schema.js';
import { isPhone, PHONE_MESSAGE } from '../validation/index.js';

/** User info returned at sign-in (spec §3). partyId is the user's id. */
export const userInfoSchema = z.object({
  userLoginId: z.string(),
  firstName: z.string(),
  logoImageUrl: z.string(),
  companyId: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  partyId: z.string(),
  defaultCompanyId: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = z.object({ token: z.string(), userInfo: userInfoSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const mobileSchema = z.string().refine(isPhone, { message: PHONE_MESSAGE });

/** How the login page may sign in, so it offers only what is configured. */
export const loginOptionsSchema = z.object({
  captcha: z.boolean(),
  /** The CAS login address to send the browser to, when CAS is configured. */
  casLoginUrl: z.string().nullable(),
  wechat: z.boolean(),
});

export const AuthText = {
  badCredentials: '用户名或密码错误',
  badCaptcha: '验证码错误或已失效，请刷新后重试',
  disabled: '该用户已被禁用，请联系管理员',
  tooManyAttempts: '登录失败次数过多，请稍后再试',
  smsTooOften: '验证码发送过于频繁，请一分钟后再试',
  smsBadCode: '手机验证码错误或已失效',
  phoneUnknown: '该手机号未绑定用户',
  casFailed: 'CAS 认证失败',
  casUnknownUser: 'CAS 用户未在本系统中开通',
  wechatNotConfigured: '微信登录未配置',
  wechatUnbound: '该微信尚未绑定用户',
  smsSent: '验证码已发送',
  smsLimited: '短信发送次数过多，请稍后再试',
  phoneLoginOff: '手机号登录未开启',
  wechatBadState: '微信授权已失效，请重新扫码',
} as const;

export const authContract = {
  randomImage: defineContract({
    method: 'GET',
    path: '/online/user/randomImage/:checkKey',
    access: 'public',
    /** A data: URL of the captcha image. */
    result: z.string(),
  }),
  loginOptions: defineContract({
    method: 'POST',
    path: '/online/user/loginOptions',
    access: 'public',
    result: loginOptionsSchema,
  }),
  getCodeLogin: defineContract({
    method: 'POST',
    path: '/online/user/getCodeLogin',
    access: 'public',
    body: z.object({
      username: z.string().trim().min(1, '请输入用户名!').max(64),
      password: z.string().min(1, '请输入密码!').max(128),
      captcha: z.string().max(16).optional(),
      checkKey: z.string().max(64).optional(),
    }),
    result: loginResultSchema,
  }),
  sms: defineContract({
    method: 'POST',
    path: '/online/sms',
    access: 'public',
    body: z.object({ mobile: mobileSchema }),
    result: z.null(),
    successMessage: AuthText.smsSent,
  }),
  phoneLogin: defineContract({
    method: 'POST',
    path: '/online/phoneLogin',
    access: 'public',
    body: z.object({ mobile: mobileSchema, captcha: z.string().regex(/^\d{6}$/, '请输入6位验证码!') }),
    result: loginResultSchema,
  }),
  casValidateLogin: defineContract({
    method: 'POST',
    path: '/cas/client/validateLogin',
    access: 'public',
    /** `service` is ignored: the server validates for its configured CAS_SERVICE_URL only. */
    body: z.object({ ticket: z.string().min(1).max(512), service: z.string().max(2048).optional() }),
    result: loginResultSchema,
  }),
  /** Starts a WeChat sign-in: a random state bound to this browser (an HttpOnly cookie), and the
   * WeChat authorize address carrying it (null when WECHAT_REDIRECT_URL is not set). */
  wechatState: defineContract({
    method: 'POST',
    path: '/online/user/wechatState',
    access: 'public',
    result: z.object({ state: z.string(), authorizeUrl: z.string().nullable() }),
  }),
  registerWxLogin: defineContract({
    method: 'POST',
    path: '/online/user/registerWxLogin',
    access: 'public',
    /** `state` must be the one wechatState gave this browser, unused (else 101 wechatBadState). */
    body: z.object({ code: z.string().min(1).max(256), state: z.string().max(128).optional() }),
    result: loginResultSchema,
  }),
  logout: defineContract({
    method: 'POST',
    path: '/online/request/getLogOut',
    access: 'authenticated',
    body: z.object({ token: z.string().optional() }),
    result: z.null(),
    successMessage: '退出登录成功',
  }),
  getUserPermissionByToken: defineContract({
    method: 'POST',
    path: '/online/api/getUserPermissionByToken',
    access: 'authenticated',
    result: permissionResultSchema,
  }),
};
