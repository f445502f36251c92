import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AuthText, type LoginResult } from '@care/shared';
import type { AppConfig } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { insertSession, revokeSession, revokeUserSessions } from '../../platform/auth/session.repo.js';
import { newSessionToken, hashToken, SESSION_LIFETIME_MS } from '../../platform/auth/session-token.js';
import * as users from '../user/user.service.js';
import * as repo from './auth.repo.js';
import { CAPTCHA_TTL_MS, makeCaptcha } from './captcha.js';
import { validateCasTicket } from './cas-client.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SmsSender } from './sms-sender.js';
import { exchangeWechatCode } from './wechat-client.js';

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

type Method = 'password' | 'phone' | 'cas' | 'wechat';

const SMS_TTL_MS = 5 * 60_000;
const SMS_INTERVAL_MS = 60_000;
const SMS_MAX_TRIES = 5;

export interface AuthDeps {
  db: Kysely<DB>;
  config: AppConfig;
  throttle: LoginThrottle;
  sms: SmsSender;
  fetchImpl?: typeof fetch;
}

// Verifying against a real hash when the user does not exist keeps the answer time the same,
// so response timing does not tell which usernames exist.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private get db() {
    return this.deps.db;
  }

  async newCaptcha(checkKey: string): Promise<string> {
    const { text, dataUrl } = makeCaptcha();
    await repo.saveCaptcha(this.db, checkKey, text, new Date(Date.now() + CAPTCHA_TTL_MS));
    return dataUrl;
  }

  async loginWithPassword(input: { username: string; password: string; captcha?: string; checkKey?: string }, client: Client): Promise<LoginResult> {
    const username = input.username.trim();
    await this.refuseWhenThrottled(username, client, 'password');
    if (this.deps.config.loginCaptcha) {
      const stored = input.checkKey ? await repo.takeCaptcha(this.db, input.checkKey) : undefined;
      const valid = stored && stored.expires_at.getTime() > Date.now() && stored.code === (input.captcha ?? '').trim().toLowerCase();
      if (!valid) await this.fail(username, null, 'password', client, AuthText.badCaptcha);
    }
    await this.consumeAttempt(username, client, 'password');
    const user = await users.findUserByUsername(this.db, username);
    const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : await verifyPassword(await timingDummy(), input.password);
    if (!user || !passwordOk) await this.fail(username, user?.id ?? null, 'password', client, AuthText.badCredentials);
    return this.signIn(user!, 'password', client, username);
  }

  async sendSmsCode(mobile: string, client: Client): Promise<void> {
    if (!this.deps.config.phoneLogin) throw new BizError(AuthText.phoneLoginOff);
    if (!(await this.deps.throttle.consumeSms(client.ip ?? 'unknown'))) throw new BizError(AuthText.smsLimited);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    const stored = await repo.putSmsCode(this.db, mobile, hashCode(mobile, code), now, new Date(now.getTime() + SMS_TTL_MS), SMS_INTERVAL_MS);
    if (!stored) throw new BizError(AuthText.smsTooOften);
    // Sent whether or not the phone belongs to a user, so the answer does not reveal which do.
    await this.deps.sms.send(mobile, code);
  }

  async loginWithPhone(input: { mobile: string; captcha: string }, client: Client): Promise<LoginResult> {
    if (!this.deps.config.phoneLogin) throw new BizError(AuthText.phoneLoginOff);
    await this.refuseWhenThrottled(input.mobile, client, 'phone');
    await this.consumeAttempt(input.mobile, client, 'phone');
    const row = await repo.countSmsAttempt(this.db, input.mobile);
    const valid = row && row.attempts <= SMS_MAX_TRIES && row.expires_at.getTime() > Date.now() && row.code_hash === hashCode(input.mobile, input.captcha);
    if (!valid) await this.fail(input.mobile, null, 'phone', client, AuthText.smsBadCode);
    await repo.deleteSmsCode(this.db, input.mobile);
    const user = await users.findUserByPhone(this.db, input.mobile);
    if (!user) await this.fail(input.mobile, null, 'phone', client, AuthText.phoneUnknown);
    return this.signIn(user!, 'phone', client, input.mobile);
  }

  /** The ticket is validated for the configured service address only, whatever the request says. */
  async loginWithCas(input: { ticket: string }, client: Client): Promise<LoginResult> {
    const server = this.deps.config.casServerUrl;
    const service = this.deps.config.casServiceUrl;
    if (!server || !service) throw new BizError('CAS 登录未配置');
    const casUser = await validateCasTicket(server, input.ticket, service, this.deps.fetchImpl).catch(() => null);
    if (!casUser) await this.fail('(cas)', null, 'cas', client, AuthText.casFailed);
    const user = await users.findUserByUsername(this.db, casUser!);
    if (!user) await this.fail(casUser!, null, 'cas', client, AuthText.casUnknownUser);
    return this.signIn(user!, 'cas', client, casUser!);
  }

  async loginWithWechat(code: string, client: Client): Promise<LoginResult> {
    const wechat = this.deps.config.wechat;
    if (!wechat) throw new BizError(AuthText.wechatNotConfigured);
    const identity = await exchangeWechatCode(wechat, code, this.deps.fetchImpl).catch(() => null);
    if (!identity) await this.fail('(wechat)', null, 'wechat', client, '微信授权失败');
    const user = await users.findUserByWechat(this.db, identity!.unionid ?? identity!.openid);
    if (!user) await this.fail(`wechat:${identity!.openid}`, null, 'wechat', client, AuthText.wechatUnbound);
    return this.signIn(user!, 'wechat', client, user!.username);
  }

  async logout(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId, 'logout');
  }

  private async signIn(user: users.User, method: Method, client: Client, attemptedAs: string): Promise<LoginResult> {
    if (user.status !== 'enabled') await this.fail(attemptedAs, user.id, method, client, AuthText.disabled);
    const scope = await users.signInScope(this.db, user);
    const token = newSessionToken();
    await this.db.transaction().execute(async (trx) => {
      const sessionId = await insertSession(trx, {
        tokenHash: hashToken(token),
        userId: user.id,
        companyId: scope.companyId,
        departmentId: scope.departmentId,
        method,
        ip: client.ip,
        userAgent: client.userAgent,
        expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
      });
      // A sign-in elsewhere supersedes the older sessions: their next call answers 110.
      if (!this.deps.config.multiSession) await revokeUserSessions(trx, user.id, 'superseded', sessionId);
      await repo.recordLogin(trx, { username: attemptedAs, userId: user.id, method, ...clientFields(client), success: true, message: '登录成功' });
    });
    await this.deps.throttle.recordSuccess(attemptedAs, client.ip ?? 'unknown');
    return { token, userInfo: await users.userInfoFor(this.db, user, scope) };
  }

  private async refuseWhenThrottled(account: string, client: Client, method: Method): Promise<void> {
    if (await this.deps.throttle.isBlocked(account, client.ip ?? 'unknown')) {
      await repo.recordLogin(this.db, { username: account, userId: null, method, ...clientFields(client), success: false, message: AuthText.tooManyAttempts });
      throw new BizError(AuthText.tooManyAttempts);
    }
  }

  /**
   * An attempt that guesses a secret is counted before the secret is checked, atomically: of many
   * parallel guesses only as many as the limit get through to the check.
   */
  private async consumeAttempt(account: string, client: Client, method: Method): Promise<void> {
    if (!(await this.deps.throttle.consume(account, client.ip ?? 'unknown'))) await this.fail(account, null, method, client, AuthText.tooManyAttempts);
  }

  /** Records the failed attempt and refuses. */
  private async fail(account: string, userId: string | null, method: Method, client: Client, message: string): Promise<never> {
    await repo.recordLogin(this.db, { username: account, userId, method, ...clientFields(client), success: false, message });
    throw new BizError(message);
  }
}

function clientFields(client: Client) {
  return { ip: client.ip, userAgent: client.userAgent };
}

function hashCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}
