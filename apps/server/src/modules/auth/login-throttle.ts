import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Failed sign-ins counted per account and per address. Past the limit, sign-in is refused for a
 * while with a clear message. Shared through Redis when configured, so every instance counts together.
 */
export class LoginThrottle {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly redis: Redis | undefined;

  constructor(redisUrl: string | undefined, limits = { account: 10, address: 50, windowSeconds: 15 * 60 }) {
    const account = { keyPrefix: 'care:login:acct', points: limits.account, duration: limits.windowSeconds, blockDuration: limits.windowSeconds };
    const address = { keyPrefix: 'care:login:addr', points: limits.address, duration: limits.windowSeconds, blockDuration: limits.windowSeconds };
    if (redisUrl) {
      this.redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      this.redis.on('error', () => undefined);
      this.perAccount = new RateLimiterRedis({ storeClient: this.redis, ...account });
      this.perAddress = new RateLimiterRedis({ storeClient: this.redis, ...address });
    } else {
      this.perAccount = new RateLimiterMemory(account);
      this.perAddress = new RateLimiterMemory(address);
    }
  }

  /** True when either counter is used up. */
  async isBlocked(account: string, address: string): Promise<boolean> {
    const [a, b] = await Promise.all([this.perAccount.get(account.toLowerCase()), this.perAddress.get(address)]);
    return (a?.remainingPoints ?? 1) <= 0 || (b?.remainingPoints ?? 1) <= 0;
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([
      this.perAccount.penalty(account.toLowerCase(), 1).catch(() => undefined),
      this.perAddress.penalty(address, 1).catch(() => undefined),
    ]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.delete(account.toLowerCase()).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}
