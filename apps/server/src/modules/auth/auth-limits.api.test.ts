import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthText, type Envelope } from '@care/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { LoginThrottle } from './login-throttle.js';
import { LogSmsSender } from './sms-sender.js';

// Issue 13, items 5 and 6: the sign-in limits and the SMS route under attack.
const LOGIN = '/online/user/getCodeLogin';

describe('sign-in limits', () => {
  let t: TestApp;
  /** A password sign-in from a given client address. */
  const loginFrom = async (address: string, username: string, password: string) => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: t.signed({ username, password }), remoteAddress: address });
    return res.json() as Envelope<unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ throttle: new LoginThrottle(undefined, { account: 6, address: 3, windowSeconds: 60 }) });
    for (const username of ['para', 'office1', 'office2', 'roam']) await createUserWith(t.ctx.database.db, { username });
  });
  afterAll(() => t?.close());

  it('parallel wrong passwords reach the password check no more often than the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom(`10.1.0.${i}`, 'para', `wrong-${i}`)));
    const checked = answers.filter((a) => a.message === AuthText.badCredentials).length;
    expect(checked).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.message === AuthText.tooManyAttempts).length).toBeGreaterThanOrEqual(14);
    expect((await loginFrom('10.1.0.99', 'para', TEST_PASSWORD)).message).toBe(AuthText.tooManyAttempts);
  });

  it('one guesser behind a shared address does not lock out the others behind it', async () => {
    for (let i = 0; i < 30; i++) await loginFrom('10.2.0.1', `ghost${i}`, 'bad-password');
    expect((await loginFrom('10.2.0.1', 'office1', 'bad-password')).message).toBe(AuthText.badCredentials);
    expect((await loginFrom('10.2.0.1', 'office2', TEST_PASSWORD)).code).toBe('0');
  });

  it('a guesser at one address is cut off for that account before the owner elsewhere is', async () => {
    for (let i = 0; i < 3; i++) expect((await loginFrom('10.3.0.1', 'roam', 'bad-password')).message).toBe(AuthText.badCredentials);
    expect((await loginFrom('10.3.0.1', 'roam', TEST_PASSWORD)).message).toBe(AuthText.tooManyAttempts);
    expect((await loginFrom('10.3.0.2', 'roam', TEST_PASSWORD)).code).toBe('0');
  });
});

describe('SMS codes', () => {
  let t: TestApp;
  const smsFrom = async (address: string, mobile: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/online/sms', payload: t.signed({ mobile }), remoteAddress: address });
    return res.json() as Envelope<unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ throttle: new LoginThrottle(undefined, { smsPerAddressHourly: 3, smsGlobalHourly: 5 }) });
  });
  afterAll(() => t?.close());

  it('limits codes per address and in all per hour, whatever the phone', async () => {
    for (let i = 0; i < 3; i++) expect((await smsFrom('10.4.0.1', `1380000100${i}`)).code).toBe('0');
    expect(await smsFrom('10.4.0.1', '13800001009')).toMatchObject({ code: '101', message: AuthText.smsLimited });
    expect((await smsFrom('10.4.0.2', '13800002001')).code).toBe('0');
    expect((await smsFrom('10.4.0.3', '13800003001')).code).toBe('0');
    // Five sent in all: a sixth address is refused too.
    expect(await smsFrom('10.4.0.4', '13800004001')).toMatchObject({ code: '101', message: AuthText.smsLimited });
  });

  it('refuses phone sign-in altogether when it is off', async () => {
    const off = await createTestApp({ env: { PHONE_LOGIN: 'off' } });
    try {
      expect((await off.post('/online/sms', { mobile: '13800005001' })).body).toMatchObject({ code: '101', message: AuthText.phoneLoginOff });
      expect((await off.post('/online/phoneLogin', { mobile: '13800005001', captcha: '123456' })).body).toMatchObject({ code: '101', message: AuthText.phoneLoginOff });
    } finally {
      await off.close();
    }
  });

  it('never logs a code outside the demo, and keeps a bounded number of codes', async () => {
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj) } as unknown as FastifyBaseLogger;
    const sender = new LogSmsSender(log, { logCodes: false });
    for (let i = 0; i < 1500; i++) await sender.send(`138${String(i).padStart(8, '0')}`, '654321');
    expect(JSON.stringify(lines)).not.toContain('654321');
    expect(sender.lastCode('13800000000')).toBeUndefined();
    expect(sender.lastCode('13800001499')).toBe('654321');
  });
});
