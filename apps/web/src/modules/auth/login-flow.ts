import { ResultCode } from '@care/shared';
import { ApiError } from '../../lib/api-error';

/** Codes the request layer already turned into a notification (spec §8); the page adds nothing then. */
const NOTIFIED_CODES: ReadonlySet<string> = new Set([
  ResultCode.business,
  ResultCode.forbidden,
  ResultCode.notFound,
  ResultCode.superseded,
  ResultCode.noSession,
  // A transport failure (服务器响应失败) also arrives as 500.
  ResultCode.serverError,
]);

/** The message the page must show itself for a failed sign-in, or null when the user has seen it. */
export function unseenFailure(error: unknown): string | null {
  if (error instanceof ApiError) return NOTIFIED_CODES.has(error.code) ? null : error.message || LoginText.failed;
  return LoginText.failed;
}

export const LoginText = {
  failed: '登录失败',
  accountTab: '账号密码登录',
  phoneTab: '手机号登录',
  submit: '登录',
  username: '账号',
  password: '密码',
  captcha: '验证码',
  mobile: '手机号',
  usernameRequired: '请输入账号!',
  passwordRequired: '请输入密码!',
  captchaRequired: '请输入验证码!',
  mobileRequired: '请输入手机号!',
  refreshCaptcha: '看不清？点击刷新',
  cas: 'CAS 登录',
  wechat: '微信登录',
  signingIn: '正在登录…',
} as const;

/** A fresh captcha key: 32 hex characters (crypto.getRandomValues also works outside HTTPS). */
export function newCheckKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The current address without the one-time parameters a sign-in provider appended. */
export function withoutParams(href: string, names: readonly string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return url.toString();
}

/**
 * Where the CAS link points: the configured login address, told to come back here (`service`) unless
 * the address already names its service. Null for anything but http(s).
 */
export function casLink(casLoginUrl: string | null | undefined, service: string): string | null {
  if (!casLoginUrl) return null;
  let url: URL;
  try {
    url = new URL(casLoginUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.searchParams.has('service')) url.searchParams.set('service', service);
  return url.toString();
}
