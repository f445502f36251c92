import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthText } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { useStandIn, useTestApp } from '../../test/fixtures.js';
import { LoginThrottle } from './login-throttle.js';
import type { LogSmsSender } from './sms-sender.js';

const PERMS = '/online/api/getUserPermissionByToken';
const loginLog = (t: TestApp) => t.ctx.database.db.selectFrom('login_log').selectAll().orderBy('created_at').execute();

describe('password sign-in and sessions', () => {
  const ctx = useTestApp({ throttle: new LoginThrottle(undefined, { account: 3, address: 8, windowSeconds: 60 }) });
  beforeAll(async () => {
    await createUserWith(ctx.db, { username: 'zhang' });
    await createUserWith(ctx.db, { username: 'li' });
    await createUserWith(ctx.db, { username: 'wang' });
    await createUserWith(ctx.db, { username: 'disabled' });
    await ctx.db.updateTable('app_user').set({ status: 'disabled' }).where('username', '=', 'disabled').execute();
  });

  it('signs in with code "0", a token and every userInfo field', async () => {
    const res = await ctx.t.post('/online/user/getCodeLogin', { username: 'admin', password: ctx.t.config.adminPassword! });
    expect(res.body.code).toBe('0');
    const result = res.body.result as { token: string; userInfo: Record<string, string> };
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(result.userInfo).sort()).toEqual(['companyId', 'defaultCompanyId', 'departmentId', 'departmentName', 'firstName', 'logoImageUrl', 'partyId', 'userLoginId'].sort());
    expect(result.userInfo).toMatchObject({ userLoginId: 'admin', firstName: '系统管理员', departmentName: '总部' });
    const stored = await ctx.db.selectFrom('user_session').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(result.token); // only the hash is kept
  });

  it.each([
    ['a wrong password', 'zhang', 'wrong-password', AuthText.badCredentials],
    ['an unknown user', 'nobody', 'whatever-pass', AuthText.badCredentials],
    ['a disabled user', 'disabled', TEST_PASSWORD, AuthText.disabled],
  ])('refuses %s with a clear message and no token', async (_n, username, password, message) => {
    const res = await ctx.t.post('/online/user/getCodeLogin', { username, password });
    expect(res.body).toMatchObject({ success: false, code: '101', message, result: null });
  });

  it('records every attempt in the login list', async () => {
    const log = await loginLog(ctx.t);
    expect(log.filter((l) => l.success).map((l) => l.username)).toContain('admin');
    expect(log.filter((l) => !l.success).map((l) => [l.username, l.message])).toEqual(
      expect.arrayContaining([
        ['zhang', AuthText.badCredentials],
        ['nobody', AuthText.badCredentials],
        ['disabled', AuthText.disabled],
      ]),
    );
  });

  it('locks an account after repeated wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 3; i++) expect((await ctx.t.post('/online/user/getCodeLogin', { username: 'li', password: 'bad-password' })).body.message).toBe(AuthText.badCredentials);
    const res = await ctx.t.post('/online/user/getCodeLogin', { username: 'li', password: TEST_PASSWORD });
    expect(res.body).toMatchObject({ code: '101', message: AuthText.tooManyAttempts });
    expect((await loginLog(ctx.t)).at(-1)).toMatchObject({ username: 'li', success: false, message: AuthText.tooManyAttempts });
  });

  it('a session works, logout revokes it (302), and the revoked token stays dead', async () => {
    const t2 = await createTestApp();
    try {
      const token = await t2.login();
      expect((await t2.post(PERMS, {}, { token })).body.code).toBe('0');
      expect((await t2.post('/online/request/getLogOut', { token }, { token })).body).toMatchObject({ code: '0', message: '退出登录成功' });
      const after = await t2.post(PERMS, {}, { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('302');
    } finally {
      await t2.close();
    }
  });

  it('a sign-in elsewhere supersedes the old token (110); expiry and disabling answer 302', async () => {
    const t2 = await createTestApp();
    try {
      const db = t2.ctx.database.db;
      await createUserWith(db, { username: 'zhao' });
      const first = await t2.login('zhao', TEST_PASSWORD);
      const second = await t2.login('zhao', TEST_PASSWORD);
      expect((await t2.post(PERMS, {}, { token: first })).body).toMatchObject({ code: '110', message: '很抱歉，您的帐号已在其他地方登录，请重新登录' });
      expect((await t2.post(PERMS, {}, { token: second })).body.code).toBe('0');

      await db.updateTable('user_session').set({ expires_at: new Date(Date.now() - 1000) }).where('revoked_at', 'is', null).execute();
      expect((await t2.post(PERMS, {}, { token: second })).body.code).toBe('302');

      const third = await t2.login('zhao', TEST_PASSWORD);
      await db.updateTable('app_user').set({ status: 'disabled' }).where('username', '=', 'zhao').execute();
      expect((await t2.post(PERMS, {}, { token: third })).body.code).toBe('302');
    } finally {
      await t2.close();
    }
  });

  it('refuses a token whose signed sessionKey is another one', async () => {
    const t2 = await createTestApp();
    try {
      const token = await t2.login();
      const payload = t2.signed({}, { token: 'someone-elses-token' });
      const res = await t2.app.inject({ method: 'POST', url: PERMS, payload, headers: { 'x-access-token': token } });
      expect(res.json()).toMatchObject({ code: '101', message: '签名校验失败' });
    } finally {
      await t2.close();
    }
  });
});

describe('captcha', () => {
  const ctx = useTestApp({ env: { LOGIN_CAPTCHA: 'on' } });
  const storedCode = async (checkKey: string) => (await ctx.db.selectFrom('captcha').select('code').where('check_key', '=', checkKey).executeTakeFirstOrThrow()).code;

  it('serves a 4-character image and accepts it once', async () => {
    const image = await ctx.t.get('/online/user/randomImage/key-1');
    expect(image.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = await storedCode('key-1');
    expect(code).toMatch(/^[a-z0-9]{4}$/i);
    const payload = { username: 'admin', password: ctx.t.config.adminPassword!, checkKey: 'key-1', captcha: code.toUpperCase() };
    expect((await ctx.t.post('/online/user/getCodeLogin', payload)).body.code).toBe('0');
    expect((await ctx.t.post('/online/user/getCodeLogin', payload)).body).toMatchObject({ code: '101', message: AuthText.badCaptcha });
  });

  it('refuses a missing, wrong or expired captcha', async () => {
    expect((await ctx.t.post('/online/user/getCodeLogin', { username: 'admin', password: ctx.t.config.adminPassword! })).body.message).toBe(AuthText.badCaptcha);
    await ctx.t.get('/online/user/randomImage/key-2');
    expect((await ctx.t.post('/online/user/getCodeLogin', { username: 'admin', password: ctx.t.config.adminPassword!, checkKey: 'key-2', captcha: 'zzzz' })).body.message).toBe(AuthText.badCaptcha);
    await ctx.t.get('/online/user/randomImage/key-3');
    const code = await storedCode('key-3');
    await ctx.db.updateTable('captcha').set({ expires_at: new Date(Date.now() - 1) }).where('check_key', '=', 'key-3').execute();
    expect((await ctx.t.post('/online/user/getCodeLogin', { username: 'admin', password: ctx.t.config.adminPassword!, checkKey: 'key-3', captcha: code })).body.message).toBe(AuthText.badCaptcha);
  });

  it('tells the login page the captcha is on', async () => {
    expect((await ctx.t.post('/online/user/loginOptions')).body.result).toEqual({ captcha: true, casLoginUrl: null, wechat: false });
  });
});

describe('phone sign-in', () => {
  // Six tries of one phone from one address below: more than the default per account and address.
  const ctx = useTestApp({ throttle: new LoginThrottle(undefined, { address: 10 }) });
  beforeAll(async () => {
    await createUserWith(ctx.db, { username: 'qian', phone: '13800138001' });
  });
  const sms = () => ctx.t.sms as LogSmsSender;

  it('sends a 6-digit code at most once a minute and signs in with it once', async () => {
    expect((await ctx.t.post('/online/sms', { mobile: '13800138001' })).body).toMatchObject({ code: '0', message: AuthText.smsSent });
    const code = sms().lastCode('13800138001')!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await ctx.t.post('/online/sms', { mobile: '13800138001' })).body).toMatchObject({ code: '101', message: AuthText.smsTooOften });
    const res = await ctx.t.post('/online/phoneLogin', { mobile: '13800138001', captcha: code });
    expect(res.body.code).toBe('0');
    expect((res.body.result as { userInfo: { userLoginId: string } }).userInfo.userLoginId).toBe('qian');
    expect((await ctx.t.post('/online/phoneLogin', { mobile: '13800138001', captcha: code })).body.message).toBe(AuthText.smsBadCode);
  });

  it('allows five tries per code', async () => {
    await ctx.db.deleteFrom('sms_code').execute();
    await ctx.t.post('/online/sms', { mobile: '13800138001' });
    const code = sms().lastCode('13800138001')!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await ctx.t.post('/online/phoneLogin', { mobile: '13800138001', captcha: wrong })).body.message).toBe(AuthText.smsBadCode);
    expect((await ctx.t.post('/online/phoneLogin', { mobile: '13800138001', captcha: code })).body.message).toBe(AuthText.smsBadCode);
  });

  it('refuses a phone bound to no user, and a malformed phone', async () => {
    await ctx.t.post('/online/sms', { mobile: '13900000000' });
    const code = sms().lastCode('13900000000')!;
    expect((await ctx.t.post('/online/phoneLogin', { mobile: '13900000000', captcha: code })).body.message).toBe(AuthText.phoneUnknown);
    expect((await ctx.t.post('/online/sms', { mobile: '2380013800' })).body).toMatchObject({ code: '101', message: 'mobile: 请输入正确的手机号!' });
  });
});

const CAS_SERVICE = 'http://localhost/app/user/login';
const EVIL_SERVICE = 'https://evil.example/collect';

/** A loopback stand-in for a CAS server and for WeChat's OAuth API. */
function startStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket');
      const service = url.searchParams.get('service');
      // Like a real CAS server, a ticket validates only for the service it was issued to.
      const issued: Record<string, [string, string]> = { 'ST-admin': ['admin', CAS_SERVICE], 'ST-stranger': ['stranger', CAS_SERVICE], 'ST-evil': ['admin', EVIL_SERVICE] };
      const user = ticket && issued[ticket]?.[1] === service ? issued[ticket]![0] : null;
      res.setHeader('content-type', 'application/xml');
      res.end(
        user
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">bad</cas:authenticationFailure></cas:serviceResponse>`,
      );
      return;
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const ok = url.searchParams.get('appid') === 'wx-app' && url.searchParams.get('secret') === 'wx-secret';
      const code = url.searchParams.get('code');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok && code === 'good' ? { openid: 'o-bound' } : ok && code === 'other' ? { openid: 'o-free' } : { errcode: 40029, errmsg: 'invalid code' }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

describe('CAS and WeChat sign-in', () => {
  const standIn = useStandIn(startStandIn);
  const ctx = useTestApp(() => ({
    env: { CAS_SERVER_URL: `${standIn.url}/cas`, CAS_SERVICE_URL: CAS_SERVICE, WECHAT_API_BASE: standIn.url, WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret' },
  }));
  beforeAll(async () => {
    await createUserWith(ctx.db, { username: 'sun', wechatId: 'o-bound' });
  });

  it('validates a CAS ticket and signs in the mapped user', async () => {
    const res = await ctx.t.post('/cas/client/validateLogin', { ticket: 'ST-admin' });
    expect(res.body).toMatchObject({ success: true, code: '0' });
    expect((res.body.result as { userInfo: { userLoginId: string } }).userInfo.userLoginId).toBe('admin');
  });

  it('validates for the configured service only: a ticket issued to another site and its service in the request are refused', async () => {
    // Issue 13 item 4: a ticket phished through another CAS client must not sign in here.
    const res = await ctx.t.post('/cas/client/validateLogin', { ticket: 'ST-evil', service: EVIL_SERVICE });
    expect(res.body).toMatchObject({ success: false, message: AuthText.casFailed });
  });

  it('refuses a bad ticket and a CAS user unknown here', async () => {
    expect((await ctx.t.post('/cas/client/validateLogin', { ticket: 'ST-bad', service: 'http://x' })).body).toMatchObject({ success: false, message: AuthText.casFailed });
    expect((await ctx.t.post('/cas/client/validateLogin', { ticket: 'ST-stranger', service: 'http://x' })).body).toMatchObject({ success: false, message: AuthText.casUnknownUser });
  });

  it('offers CAS and WeChat on the login page when configured', async () => {
    expect((await ctx.t.post('/online/user/loginOptions')).body.result).toEqual({
      captcha: false,
      casLoginUrl: `${standIn.url}/cas/login?service=${encodeURIComponent(CAS_SERVICE)}`,
      wechat: true,
    });
  });

  /** A WeChat return in one browser: the state and its cookie from wechatState, then the exchange. */
  async function wx(code: string) {
    const start = await ctx.t.app.inject({ method: 'POST', url: '/online/user/wechatState', payload: ctx.t.signed({}) });
    const state = (start.json() as { result: { state: string } }).result.state;
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const res = await ctx.t.app.inject({ method: 'POST', url: '/online/user/registerWxLogin', payload: ctx.t.signed({ code, state }), headers: { cookie } });
    return { body: res.json() as { success: boolean; message: string; result: unknown } };
  }

  it('exchanges a WeChat code and signs in the bound user; unbound and bad codes are refused', async () => {
    const ok = await wx('good');
    expect((ok.body.result as { userInfo: { userLoginId: string } }).userInfo.userLoginId).toBe('sun');
    expect((await wx('other')).body.message).toBe(AuthText.wechatUnbound);
    expect((await wx('bad')).body.success).toBe(false);
  });

  it('says WeChat is not configured when it is not', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.post('/online/user/registerWxLogin', { code: 'good' })).body).toMatchObject({ code: '101', message: '微信登录未配置' });
    } finally {
      await plain.close();
    }
  });
});

describe('sign-in records', () => {
  it('keeps the login list in the database', async () => {
    const t = await createTestApp();
    try {
      await t.login();
      const n = (await sql<{ n: number }>`select count(*) as n from login_log where success`.execute(t.ctx.database.db)).rows[0]!.n;
      expect(n).toBe(1);
    } finally {
      await t.close();
    }
  });
});
