import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Sign-in attempts counted per account (10 / 15 min by default) and per account and address (5):
 * an attempt is consumed atomically before the secret is checked, so parallel guesses cannot pass the
 * limit; a successful sign-in gives the account's points back. The address counts only together with
 * the account, so one guesser behind an office's shared address does not lock everyone else out of
 * their own accounts. Shared through Redis when configured, so every instance counts together.
 */
export class LoginThrottle {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAccountAddress: RateLimiterAbstract;
  private readonly smsPerAddress: RateLimiterAbstract;
  private readonly smsGlobal: RateLimiterAbstract;
  private readonly redis: Redis | undefined;

  constructor(redisUrl: string | undefined, options: Partial<ThrottleLimits> = {}) {
    const limits = { ...DEFAULT_LIMITS, ...options };
    const smsAddress = { keyPrefix: 'care:sms:addr', points: limits.smsPerAddressHourly, duration: 3600 };
    const smsGlobal = { keyPrefix: 'care:sms:all', points: limits.smsGlobalHourly, duration: 3600 };
    const account = { keyPrefix: 'care:login:acct', points: limits.account, duration: limits.windowSeconds, blockDuration: limits.windowSeconds };
    const address = { keyPrefix: 'care:login:acct-addr', points: limits.address, duration: limits.windowSeconds, blockDuration: limits.windowSeconds };
    if (redisUrl) {
      this.redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      this.redis.on('error', () => undefined);
      this.perAccount = new RateLimiterRedis({ storeClient: this.redis, ...account });
      this.perAccountAddress = new RateLimiterRedis({ storeClient: this.redis, ...address });
      this.smsPerAddress = new RateLimiterRedis({ storeClient: this.redis, ...smsAddress });
      this.smsGlobal = new RateLimiterRedis({ storeClient: this.redis, ...smsGlobal });
    } else {
      this.perAccount = new RateLimiterMemory(account);
      this.perAccountAddress = new RateLimiterMemory(address);
      this.smsPerAddress = new RateLimiterMemory(smsAddress);
      this.smsGlobal = new RateLimiterMemory(smsGlobal);
    }
  }

  /**
   * One sign-in SMS from `address`: at most `smsPerAddressHourly` per address and `smsGlobalHourly`
   * in all, so nobody can run up the SMS bill or flood phones through the public route.
   */
  async consumeSms(address: string): Promise<boolean> {
    try {
      await this.smsPerAddress.consume(address, 1);
      await this.smsGlobal.consume('all', 1);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** True when either counter is used up (checked before anything else, without consuming). */
  async isBlocked(account: string, address: string): Promise<boolean> {
    const [a, b] = await Promise.all([this.perAccount.get(key(account)), this.perAccountAddress.get(pair(account, address))]);
    return (a?.remainingPoints ?? 1) <= 0 || (b?.remainingPoints ?? 1) <= 0;
  }

  /** Takes one attempt from both counters at once; false when either was already used up. */
  async consume(account: string, address: string): Promise<boolean> {
    const results = await Promise.allSettled([this.perAccount.consume(key(account), 1), this.perAccountAddress.consume(pair(account, address), 1)]);
    for (const r of results) {
      if (r.status === 'rejected') {
        if (r.reason instanceof RateLimiterRes) return false;
        // The shared store is unreachable: refuse rather than let guesses through uncounted.
        throw r.reason as Error;
      }
    }
    return true;
  }

  /** A successful sign-in gives the account its attempts back. */
  async recordSuccess(account: string, address: string): Promise<void> {
    await Promise.all([this.perAccount.delete(key(account)).catch(() => undefined), this.perAccountAddress.delete(pair(account, address)).catch(() => undefined)]);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

export interface ThrottleLimits {
  account: number;
  address: number;
  windowSeconds: number;
  smsPerAddressHourly: number;
  smsGlobalHourly: number;
}

const DEFAULT_LIMITS: ThrottleLimits = { account: 10, address: 5, windowSeconds: 15 * 60, smsPerAddressHourly: 10, smsGlobalHourly: 1000 };

const key = (account: string) => account.toLowerCase();
const pair = (account: string, address: string) => `${account.toLowerCase()}|${address}`;
