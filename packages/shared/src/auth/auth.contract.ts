import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { permissionResultSchema } from '../permission/menu.schema.js';
import { isPhone, PHONE_MESSAGE } from '../validation/index.js';
import { authPaths, SMS_CODE_MESSAGE, SMS_CODE_PATTERN } from './auth.paths.js';
import { AuthText } from './auth.text.js';

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

export const authContract = {
  randomImage: defineContract({
    ...authPaths.randomImage,
    access: 'public',
    /** A data: URL of the captcha image. */
    result: z.string(),
  }),
  loginOptions: defineContract({
    ...authPaths.loginOptions,
    access: 'public',
    result: loginOptionsSchema,
  }),
  getCodeLogin: defineContract({
    ...authPaths.getCodeLogin,
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
    ...authPaths.sms,
    access: 'public',
    body: z.object({ mobile: mobileSchema }),
    result: z.null(),
    successMessage: AuthText.smsSent,
  }),
  phoneLogin: defineContract({
    ...authPaths.phoneLogin,
    access: 'public',
    body: z.object({ mobile: mobileSchema, captcha: z.string().regex(SMS_CODE_PATTERN, SMS_CODE_MESSAGE) }),
    result: loginResultSchema,
  }),
  casValidateLogin: defineContract({
    ...authPaths.casValidateLogin,
    access: 'public',
    /** `service` is ignored: the server validates for its configured CAS_SERVICE_URL only. */
    body: z.object({ ticket: z.string().min(1).max(512), service: z.string().max(2048).optional() }),
    result: loginResultSchema,
  }),
  /** Starts a WeChat sign-in: a random state bound to this browser (an HttpOnly cookie), and the
   * WeChat authorize address carrying it (null when WECHAT_REDIRECT_URL is not set). */
  wechatState: defineContract({
    ...authPaths.wechatState,
    access: 'public',
    result: z.object({ state: z.string(), authorizeUrl: z.string().nullable() }),
  }),
  registerWxLogin: defineContract({
    ...authPaths.registerWxLogin,
    access: 'public',
    /** `state` must be the one wechatState gave this browser, unused (else 101 wechatBadState). */
    body: z.object({ code: z.string().min(1).max(256), state: z.string().max(128).optional() }),
    result: loginResultSchema,
  }),
  logout: defineContract({
    ...authPaths.logout,
    access: 'authenticated',
    body: z.object({ token: z.string().optional() }),
    result: z.null(),
    successMessage: '退出登录成功',
  }),
  getUserPermissionByToken: defineContract({
    ...authPaths.getUserPermissionByToken,
    access: 'authenticated',
    result: permissionResultSchema,
  }),
};
