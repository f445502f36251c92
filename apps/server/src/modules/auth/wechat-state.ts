import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthText } from '@care/shared';
import { BizError } from '../../platform/errors.js';
import type { NonceStore } from '../../platform/signature/nonce-store.js';

/**
 * The OAuth `state` of a WeChat sign-in, bound to the browser that started it: a random value the
 * server hands out with an HttpOnly, SameSite=Lax cookie holding the same value. The code exchange
 * needs both to match, within ten minutes, once (the nonce store, shared between instances) — so a
 * code obtained by someone else and planted in a victim's browser (login CSRF) signs nobody in.
 */
export const WECHAT_STATE_COOKIE = 'care_wx_state';
const TTL_MS = 10 * 60_000;
const COOKIE_PATH = '/online/user';
const STATE = /^(\d{13})\.([0-9a-f]{32})$/;
const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/qrconnect';

export function issueWechatState(request: FastifyRequest, reply: FastifyReply, now = Date.now()): string {
  const state = `${now}.${randomBytes(16).toString('hex')}`;
  reply.header('set-cookie', cookie(request, state, TTL_MS / 1000));
  return state;
}

/** WeChat's QR sign-in address, returning to the configured login page with the state. */
export function wechatAuthorizeUrl(wechat: { appId: string; redirectUrl: string | undefined }, state: string): string | null {
  if (!wechat.redirectUrl) return null;
  const params = new URLSearchParams({ appid: wechat.appId, redirect_uri: wechat.redirectUrl, response_type: 'code', scope: 'snsapi_login', state });
  return `${WECHAT_AUTHORIZE_URL}?${params}#wechat_redirect`;
}

/** Throws 101 wechatBadState unless `state` is this browser's, fresh and unused; the cookie is spent either way. */
export async function spendWechatState(request: FastifyRequest, reply: FastifyReply, state: string | undefined, nonces: NonceStore, now = Date.now()): Promise<void> {
  const bound = readCookie(request.headers.cookie, WECHAT_STATE_COOKIE);
  reply.header('set-cookie', cookie(request, '', 0));
  const parts = state ? STATE.exec(state) : null;
  if (!parts || !bound || !sameText(bound, state!)) throw new BizError(AuthText.wechatBadState);
  const issuedAt = Number(parts[1]);
  if (issuedAt > now + 60_000 || now - issuedAt > TTL_MS) throw new BizError(AuthText.wechatBadState);
  if (!(await nonces.remember(`wechat-state:${state}`, issuedAt + TTL_MS))) throw new BizError(AuthText.wechatBadState);
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${WECHAT_STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
