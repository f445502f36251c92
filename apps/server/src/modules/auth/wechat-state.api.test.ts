import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthText } from '@care/shared';
import { createUserWith } from '../../test/test-users.js';
import { useStandIn, useTestApp } from '../../test/fixtures.js';

/** WeChat's OAuth API stand-in: the code `good` belongs to the bound openid; every exchange is counted. */
function startWechat(): Promise<{ url: string; exchanges: () => number; close(): Promise<void> }> {
  let exchanges = 0;
  const server = http.createServer((req, res) => {
    exchanges++;
    const code = new URL(req.url!, 'http://x').searchParams.get('code');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(code === 'good' ? { openid: 'o-bound' } : { errcode: 40029 }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, exchanges: () => exchanges, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/**
 * Issue 13 item 4b: a WeChat code is exchanged only with the `state` the server gave this browser
 * (bound by an HttpOnly, SameSite=Lax cookie), once and fresh. A code planted in someone else's browser
 * (login CSRF), a missing, wrong or reused state answers 101 wechatBadState before WeChat is asked.
 */
describe('WeChat state bound to the browser', () => {
  const wechat = useStandIn(startWechat);
  const ctx = useTestApp(() => ({
    env: { WECHAT_API_BASE: wechat.url, WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret', WECHAT_REDIRECT_URL: 'https://care.example.com/app/user/login' },
  }));
  beforeAll(async () => {
    await createUserWith(ctx.db, { username: 'sun', wechatId: 'o-bound' });
  });

  async function start() {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/online/user/wechatState', payload: ctx.t.signed({}) });
    const { state, authorizeUrl } = (res.json() as { result: { state: string; authorizeUrl: string | null } }).result;
    return { state, authorizeUrl, setCookie: String(res.headers['set-cookie']), cookie: String(res.headers['set-cookie']).split(';')[0]! };
  }
  async function exchange(body: Record<string, unknown>, cookie?: string) {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/online/user/registerWxLogin', payload: ctx.t.signed(body), headers: cookie ? { cookie } : {} });
    return res.json() as { code: string; message: string; result: { userInfo?: { userLoginId: string } } | null };
  }
  const refused = { code: '101', message: AuthText.wechatBadState };

  it('hands out a random state with an HttpOnly, SameSite=Lax cookie, and the authorize address carrying it', async () => {
    const a = await start();
    const b = await start();
    expect(a.state).not.toBe(b.state);
    expect(a.setCookie).toMatch(new RegExp(`^care_wx_state=${a.state.replace('.', '\\.')}; Path=/online/user; Max-Age=600; HttpOnly; SameSite=Lax`));
    const url = new URL(a.authorizeUrl!);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(url.searchParams.get('state')).toBe(a.state);
    expect(url.searchParams.get('redirect_uri')).toBe('https://care.example.com/app/user/login');
  });

  it('signs in with the state and cookie of the same browser', async () => {
    const { state, cookie } = await start();
    expect((await exchange({ code: 'good', state }, cookie)).result?.userInfo?.userLoginId).toBe('sun');
  });

  it('refuses a missing, wrong or cookie-less state before asking WeChat', async () => {
    const before = wechat.exchanges();
    const { state, cookie } = await start();
    const other = await start();
    expect(await exchange({ code: 'good' }, cookie)).toMatchObject(refused);
    expect(await exchange({ code: 'good', state: 'wechat' }, cookie)).toMatchObject(refused);
    // Login CSRF: a state obtained in the attacker's browser, sent from the victim's (its own cookie or none).
    expect(await exchange({ code: 'good', state: other.state }, cookie)).toMatchObject(refused);
    expect(await exchange({ code: 'good', state })).toMatchObject(refused);
    expect(wechat.exchanges()).toBe(before);
  });

  it('refuses a state used once already', async () => {
    const { state, cookie } = await start();
    expect((await exchange({ code: 'good', state }, cookie)).code).toBe('0');
    expect(await exchange({ code: 'good', state }, cookie)).toMatchObject(refused);
  });

  it('refuses a state older than ten minutes', async () => {
    const old = `${Date.now() - 11 * 60_000}.${'a'.repeat(32)}`;
    expect(await exchange({ code: 'good', state: old }, `care_wx_state=${old}`)).toMatchObject(refused);
  });
});
